import { i18n } from '../../../kernel/client/i18n/index.js';
import { en, zh, zhtw } from './i18n.js';

/** Adds the message centre's words once, from whichever part loads first (the bell or the screens). */
i18n.addResourceBundle('zh', 'translation', { msgCenter: zh }, true, true);
i18n.addResourceBundle('zhtw', 'translation', { msgCenter: zhtw }, true, true);
i18n.addResourceBundle('en', 'translation', { msgCenter: en }, true, true);
