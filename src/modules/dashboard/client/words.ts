import { registerWords } from '../../../kernel/client/i18n/registerWords.js';
import { dashboardWords } from '../locale/words.js';

/** The portal's and the mail page's words, under `dashboard.` and `email.`, added when either page first loads. */
registerWords(dashboardWords);
