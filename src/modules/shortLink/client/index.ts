import { lazy } from 'react';
import { registerAction } from '../../../kernel/client/runtime/page/actions.js';
import { suspended } from '../../../kernel/client/components/suspended.js';
import { actionRecordId, rowFullName } from '../../../kernel/client/runtime/page/actionRecord.js';
import { registerWords } from '../../../kernel/client/i18n/registerWords.js';
import { shortLinkWords } from '../locale/words.js';

/**
 * The client side of form short links: its words under `shortLink.` and the `shortLinkSettings` action a design's
 * row in 功能设计 runs (the settings dialog). The visitor's page (/formShortLink) is a public route of the app.
 */
registerWords(shortLinkWords);

const ShortLinkDialog = lazy(async () => ({ default: (await import('./ShortLinkDialog.js')).ShortLinkDialog }));

/** {actionType: 'shortLinkSettings', id?}: the design's link settings. */
registerAction('shortLinkSettings', (action, env) => {
  const id = actionRecordId(action, env.context);
  if (!id) return;
  env.open((close) => suspended(ShortLinkDialog, { id, name: rowFullName(env.context), onClose: close }));
});
