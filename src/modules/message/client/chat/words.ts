import { i18n } from '../../../../kernel/client/i18n/index.js';
import { en, zh, zhtw } from './i18n.js';

/** Adds the chat's words once, when the navbar's chat entry loads. */
i18n.addResourceBundle('zh', 'translation', { chat: zh }, true, true);
i18n.addResourceBundle('zhtw', 'translation', { chat: zhtw }, true, true);
i18n.addResourceBundle('en', 'translation', { chat: en }, true, true);
