import { registerBlock } from './blocks.js';
import { ApiTree } from './blocks/ApiTree.js';
import { DictionaryCategories } from './blocks/DictionaryCategories.js';
import './words.js';
import './actions/builtInActions.js';
import './cells/builtInCells.js';
import './nodes/builtInNodes.js';
import './import/importAction.js';
import './actions/ResetPasswordDialog.js';

/**
 * Everything the runtime registers itself: page nodes, actions, cells and the blocks screens may name.
 * Integrators add theirs with registerPageNode, registerAction, registerCell and registerBlock.
 */
registerBlock('dictionaryCategories', DictionaryCategories);
registerBlock('apiTree', ApiTree);
