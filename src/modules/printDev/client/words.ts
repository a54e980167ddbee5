import { i18n } from '../../../kernel/client/i18n/index.js';
import { en, zh, zhtw } from './i18n.js';

i18n.addResourceBundle('zh', 'translation', { printDev: zh }, true, true);
i18n.addResourceBundle('zhtw', 'translation', { printDev: zhtw }, true, true);
i18n.addResourceBundle('en', 'translation', { printDev: en }, true, true);
