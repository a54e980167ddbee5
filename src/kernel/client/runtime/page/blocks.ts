import type { ComponentType } from 'react';
import { createRegistry, isComponent } from './registry.js';

/**
 * Blocks: hand-written parts a list composes beside its table (the dictionary category tree), registered by name
 * like page nodes, so a screen names them in `treeBlock` and integrators can add their own. A tree block reports
 * the node the user chose; the list fills {treeId} from it.
 */
export interface TreeBlockProps {
  modelId?: string;
  title?: string;
  selectedId?: string;
  onSelect: (node: { id: string; [field: string]: unknown } | null) => void;
  /** The block changed what the list shows (categories managed, one imported over): the list loads again. */
  onChanged?: () => void;
  props?: Record<string, unknown>;
}

const blocks = createRegistry<ComponentType<TreeBlockProps>>('block', isComponent, 'a React component');

export const registerBlock = blocks.register;
export const getBlock = blocks.get;
