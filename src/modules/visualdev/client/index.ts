import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { registerAction } from '../../../kernel/client/runtime/page/actions.js';
import { fillValue } from '../../../kernel/client/runtime/page/template.js';
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

/** A lazily loaded component rendered with its props, nothing shown while its chunk loads. */
const suspended = <P extends object>(Component: ComponentType<P>, props: P) => createElement(Suspense, { fallback: null }, createElement(Component as ComponentType<object>, props));

/** The design's id from the action ({id: '{id}'} by default: the row's). */
const designId = (action: Record<string, unknown>, context: Record<string, unknown>) => {
  const id = fillValue(action.id ?? '{id}', context);
  return id === undefined || id === null || id === '' ? undefined : String(id);
};
const designName = (context: Record<string, unknown>) => String((context.row as Record<string, unknown> | undefined)?.fullName ?? '');

/** {actionType: 'webDesignEditor', id?}: the full-screen editor; without an id (a toolbar button) a new design. */
registerAction('webDesignEditor', (action, env) => {
  const id = action.id === undefined && !env.context.row ? undefined : designId(action, env.context);
  env.open((close) => suspended(DesignEditor, { id, onClose: close, onSaved: () => void env.reload() }));
});

/** {actionType: 'webDesignRelease', id?}: chooses the parent menu and releases the design there. */
registerAction('webDesignRelease', (action, env) => {
  const id = designId(action, env.context);
  if (!id) return;
  env.open((close) => suspended(ReleaseDialog, { id, name: designName(env.context), onClose: close, onReleased: () => { close(); void env.reload(); } }));
});

/** {actionType: 'webDesignPreview', id?}: the saved form and list shape, before release. */
registerAction('webDesignPreview', (action, env) => {
  const id = designId(action, env.context);
  if (!id) return;
  env.open((close) => suspended(DesignPreview, { id, name: designName(env.context), onClose: close }));
});
