import { registerBlock } from './blocks.js';
import { DictionaryCategories } from './blocks/DictionaryCategories.js';
import './actions/builtInActions.js';
import './cells/builtInCells.js';
import './nodes/builtInNodes.js';

/**
 * Everything the runtime registers itself: page nodes, actions, cells and the blocks screens may name.
 * Integrators add theirs with registerPageNode, registerAction, registerCell and registerBlock.
 */
registerBlock('dictionaryCategories', DictionaryCategories);
