import { registerWords } from '../../../kernel/client/i18n/registerWords.js';
import { workflowWords } from '../locale/words.js';

/** Adds the workflow's words once, from whichever part loads first (the detail page or the screens' actions). */
registerWords(workflowWords);
