import { registerBlock } from './blocks.js';
import { DictionaryCategories } from './blocks/DictionaryCategories.js';

/** The blocks screens may name; integrators add theirs with registerBlock. */
registerBlock('dictionaryCategories', DictionaryCategories);
