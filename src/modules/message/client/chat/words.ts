import { registerWords } from '../../../../kernel/client/i18n/registerWords.js';
import { chatWords } from '../../locale/chatWords.js';

/** Adds the chat's words once, when the navbar's chat entry loads. */
registerWords(chatWords);
