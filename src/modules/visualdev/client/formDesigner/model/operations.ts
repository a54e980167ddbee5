import type { FieldDefinition } from '../../../../../shared/form/definition.js';
import { getWidget } from '../../../../../../registry/registerWidget.js';
import { type DesignNode, type DesignTree, findNode, holdsFields, jnpfKeyOf, roleOf } from './designTree.js';
import { copyOfNode, nextFormId } from './newField.js';

/**
 * The designer's edits, each a pure function from one tree to the next (the history keeps the old ones). An edit
 * that is not allowed answers the same tree, so the caller can tell nothing happened.
 * `parentId` null means the form's top level.
 */

/** Replaces the children of `parentId` (or the top level) through `change`; everything else is shared. */
function withChildren(nodes: DesignNode[], parentId: string | null, change: (children: DesignNode[]) => DesignNode[]): DesignNode[] {
  if (parentId === null) return change(nodes);
  return nodes.map((node) => {
    if (node.id === parentId) return { ...node, children: change(node.children ?? []) };
    if (node.children) {
      const children = withChildren(node.children, parentId, change);
      return children === node.children ? node : { ...node, children };
    }
    return node;
  });
}

function mapNode(nodes: DesignNode[], id: string, change: (node: DesignNode) => DesignNode): DesignNode[] {
  let changed = false;
  const next = nodes.map((node) => {
    if (node.id === id) {
      changed = true;
      return change(node);
    }
    if (node.children) {
      const children = mapNode(node.children, id, change);
      if (children !== node.children) {
        changed = true;
        return { ...node, children };
      }
    }
    return node;
  });
  return changed ? next : nodes;
}

/**
 * Whether `node` may sit in `parentId`: fields go into containers, panes and sub-tables; a sub-table takes only
 * widgets that may be columns (no layouts, no nested tables); panes and grid rows stay where they are.
 */
export function canPlace(tree: DesignTree, node: DesignNode, parentId: string | null): boolean {
  const currentPlace = findNode(tree.nodes, node.id);
  const currentRole = roleOf(node, currentPlace?.parent);
  if (currentRole === 'pane' || currentRole === 'gridRow') return currentPlace !== undefined && (currentPlace.parent?.id ?? null) === parentId;
  if (parentId === null) return true;
  const target = findNode(tree.nodes, parentId);
  if (!target || !holdsFields(target.node, target.parent)) return false;
  // Not into itself or anything inside it.
  if (target.node.id === node.id || target.ancestors.some((ancestor) => ancestor.id === node.id)) return false;
  const inTable = jnpfKeyOf(target.node) === 'table' || target.ancestors.some((ancestor) => jnpfKeyOf(ancestor) === 'table');
  if (inTable) {
    if (node.children) return false;
    const widget = getWidget(jnpfKeyOf(node));
    return Boolean(widget?.flags.allowedInSubTable);
  }
  return true;
}

export function insertNode(tree: DesignTree, node: DesignNode, parentId: string | null, index: number): DesignTree {
  if (!canPlace(tree, node, parentId)) return tree;
  const nodes = withChildren(tree.nodes, parentId, (children) => {
    const next = [...children];
    next.splice(Math.max(0, Math.min(index, next.length)), 0, node);
    return next;
  });
  const formId = Number(node.field.__config__?.formId);
  const idGlobal = Number.isFinite(formId) && formId > Number(tree.form.idGlobal ?? 0) ? formId : tree.form.idGlobal;
  return { form: idGlobal === undefined ? tree.form : { ...tree.form, idGlobal }, nodes };
}

export function removeNode(tree: DesignTree, id: string): DesignTree {
  const place = findNode(tree.nodes, id);
  if (!place) return tree;
  const nodes = withChildren(tree.nodes, place.parent?.id ?? null, (children) => children.filter((child) => child.id !== id));
  return { ...tree, nodes };
}

/** Moves a node to `index` among the children of `parentId`, the index counted after it left its old place. */
export function moveNode(tree: DesignTree, id: string, parentId: string | null, index: number): DesignTree {
  const place = findNode(tree.nodes, id);
  if (!place || !canPlace(tree, place.node, parentId)) return tree;
  if ((place.parent?.id ?? null) === parentId && place.index === index) return tree;
  const without = removeNode(tree, id);
  const nodes = withChildren(without.nodes, parentId, (children) => {
    const next = [...children];
    next.splice(Math.max(0, Math.min(index, next.length)), 0, place.node);
    return next;
  });
  return { ...tree, nodes };
}

/** A copy goes right after the original, with new keys. */
export function copyNode(tree: DesignTree, id: string): { tree: DesignTree; copyId?: string } {
  const place = findNode(tree.nodes, id);
  if (!place) return { tree };
  let formId = nextFormId(tree);
  const copy = copyOfNode(place.node, () => formId++);
  const nodes = withChildren(tree.nodes, place.parent?.id ?? null, (children) => {
    const next = [...children];
    next.splice(place.index + 1, 0, copy);
    return next;
  });
  return { tree: { form: { ...tree.form, idGlobal: formId - 1 }, nodes }, copyId: copy.id };
}

export function updateField(tree: DesignTree, id: string, change: (field: FieldDefinition) => FieldDefinition): DesignTree {
  const nodes = mapNode(tree.nodes, id, (node) => ({ ...node, field: change(node.field) }));
  return nodes === tree.nodes ? tree : { ...tree, nodes };
}

/** Adds a pane to a tab or collapse, a row of cells to a table grid (as wide as its widest row), or a cell to a grid row. */
export function addPane(tree: DesignTree, id: string, makeNode: (kind: 'pane' | 'gridRow' | 'cell', count: number) => DesignNode): DesignTree {
  const place = findNode(tree.nodes, id);
  if (!place) return tree;
  const role = roleOf(place.node, place.parent);
  const children = place.node.children ?? [];
  let added: DesignNode;
  if (role === 'tabs') added = makeNode('pane', children.length + 1);
  else if (role === 'grid') added = makeNode('gridRow', Math.max(1, ...children.map((row) => row.children?.length ?? 0)));
  else if (role === 'gridRow') added = makeNode('cell', 0);
  else return tree;
  return { ...tree, nodes: withChildren(tree.nodes, id, (list) => [...list, added]) };
}

export function updateForm(tree: DesignTree, change: Partial<DesignTree['form']>): DesignTree {
  return { ...tree, form: { ...tree.form, ...change } };
}
