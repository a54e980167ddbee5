import { registerPageNode } from '../pageNodes.js';
import { lazyNode } from './lazyNode.js';
import { ListNode } from '../ListPage.js';
import { AuthorizeNode } from './AuthorizeNode.js';
import { CardsNode } from './CardsNode.js';
import { DescriptionsNode } from './DescriptionsNode.js';
import { FormNode } from './FormNode.js';
import { RecordNode } from './RecordNode.js';
import { ScreenNode } from './ScreenNode.js';
import { StepsNode } from './StepsNode.js';
import { TableNode } from './TableNode.js';
import { TabsNode } from './TabsNode.js';
import { TreeNode } from './TreeNode.js';

/** The page nodes screens may use; integrators add theirs with registerPageNode. */
registerPageNode('list', ListNode);
registerPageNode('tree', TreeNode);
registerPageNode('cards', CardsNode);
registerPageNode('steps', StepsNode);
registerPageNode('tabs', TabsNode);
registerPageNode('form', FormNode);
registerPageNode('descriptions', DescriptionsNode);
registerPageNode('record', RecordNode);
registerPageNode('table', TableNode);
registerPageNode('screen', ScreenNode);
registerPageNode('authorize', AuthorizeNode);
// The larger nodes load with the first screen that uses them.
registerPageNode('search', lazyNode(() => import('./SearchNode.js')));
registerPageNode('entryForm', lazyNode(() => import('./EntryFormNode.js')));
