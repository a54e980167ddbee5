import { registerWords } from '../../../kernel/client/i18n/registerWords.js';
import { messageWords } from '../locale/words.js';

/** Adds the message centre's words once, from whichever part loads first (the bell or the screens). */
registerWords(messageWords);
