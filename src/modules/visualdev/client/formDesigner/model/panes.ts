import { newNodeId, type DesignNode } from './designTree.js';

/** A new tab or collapse pane, table-grid row (of `count` cells) or cell, as addPane asks for them. */
export function newPane(kind: 'pane' | 'gridRow' | 'cell', count: number): DesignNode {
  const cell = (): DesignNode => ({ id: newNodeId(), field: { __config__: { jnpfKey: 'tableGridTd', colspan: 1, rowspan: 1 } }, children: [] });
  if (kind === 'cell') return cell();
  if (kind === 'gridRow') return { id: newNodeId(), field: { __config__: { jnpfKey: 'tableGridTr' } }, children: Array.from({ length: count }, cell) };
  return { id: newNodeId(), field: { __config__: {}, title: `${count}`, name: String(count) }, children: [] };
}
