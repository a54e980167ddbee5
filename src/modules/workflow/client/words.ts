import { i18n } from '../../../kernel/client/i18n/index.js';
import { en, zh, zhtw } from './i18n.js';

/** Adds the workflow's words once, from whichever part loads first (the detail page or the screens' actions). */
i18n.addResourceBundle('zh', 'translation', { workflow: zh }, true, true);
i18n.addResourceBundle('zhtw', 'translation', { workflow: zhtw }, true, true);
i18n.addResourceBundle('en', 'translation', { workflow: en }, true, true);
