import { registerWords } from '../../../kernel/client/i18n/registerWords.js';
import { printDevWords } from '../locale/words.js';

registerWords(printDevWords);
