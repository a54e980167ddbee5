import { lazy } from 'react';
import { registerAction } from '../../../kernel/client/runtime/page/actions.js';
import { suspended } from '../../../kernel/client/components/suspended.js';
import { actionRecordId, rowFullName } from '../../../kernel/client/runtime/page/actionRecord.js';
import { registerWords } from '../../../kernel/client/i18n/registerWords.js';
import { visualdevWords } from '../locale/words.js';

/**
 * The client side of online development's designs (spec 001 §7): its words under `visualdev.` and the actions of
 * the 功能设计 screen: `webDesignEditor` (the full-screen design editor, to create or edit), `webDesignRelease` (the
 * release dialog) and `webDesignPreview`. Everything heavy loads on first use. The pages of released designs are
 * onlineData's (src/modules/onlineData/client), the code preview generator's (src/modules/generator/client).
 */
registerWords(visualdevWords);

const DesignEditor = lazy(async () => ({ default: (await import('./editor/DesignEditor.js')).DesignEditor }));
const ReleaseDialog = lazy(async () => ({ default: (await import('./editor/ReleaseDialog.js')).ReleaseDialog }));
const DesignPreview = lazy(async () => ({ default: (await import('./editor/DesignPreview.js')).DesignPreview }));

/** {actionType: 'webDesignEditor', id?}: the full-screen editor; without an id (a toolbar button) a new design. */
registerAction('webDesignEditor', (action, env) => {
  const id = action.id === undefined && !env.context.row ? undefined : actionRecordId(action, env.context);
  env.open((close) => suspended(DesignEditor, { id, onClose: close, onSaved: () => void env.reload() }));
});

/** {actionType: 'webDesignRelease', id?}: chooses the parent menu and releases the design there. */
registerAction('webDesignRelease', (action, env) => {
  const id = actionRecordId(action, env.context);
  if (!id) return;
  env.open((close) => suspended(ReleaseDialog, { id, name: rowFullName(env.context), onClose: close, onReleased: () => { close(); void env.reload(); } }));
});

/** {actionType: 'webDesignPreview', id?}: the saved form and list shape, before release. */
registerAction('webDesignPreview', (action, env) => {
  const id = actionRecordId(action, env.context);
  if (!id) return;
  env.open((close) => suspended(DesignPreview, { id, name: rowFullName(env.context), onClose: close }));
});
