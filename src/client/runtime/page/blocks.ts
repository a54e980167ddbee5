import type { ComponentType } from 'react';

/**
 * Blocks: what a screen composes that is not a list (the dictionary category tree, later others), registered by
 * name like widgets are by jnpfKey, so a screen names them and integrators can add their own.
 */
export interface TreeBlockProps {
  modelId?: string;
  title?: string;
  selectedId?: string;
  onSelect: (node: { id: string; [field: string]: unknown } | null) => void;
  props?: Record<string, unknown>;
}

const blocks = new Map<string, ComponentType<TreeBlockProps>>();

export function registerBlock(name: string, component: ComponentType<TreeBlockProps>): void {
  blocks.set(name, component);
}

export function getBlock(name: string): ComponentType<TreeBlockProps> | undefined {
  return blocks.get(name);
}
