import type { FieldDefinition, FormDefinition } from '../../../../../shared/form/definition.js';
import { canonicalJnpfKey } from '../../../../../shared/form/jnpfKeys.js';

/**
 * The designer edits a tree of nodes, each with an id of its own: JNPF's formId repeats in real definitions and
 * __vModel__ changes as the user types, and drag and drop needs a key that neither does. A node holds its field
 * without `__config__.children`; its children are nodes. The tree turns back into JNPF formData unchanged
 * (unknown properties and order kept).
 */
export interface DesignNode {
  id: string;
  field: FieldDefinition;
  /** Present on nodes that hold others: containers, their panes (tab, collapse, table grid cells), sub-tables. */
  children?: DesignNode[];
}

/** The whole design: the form's own settings (labelWidth, gutter...) and its top-level nodes. */
export interface DesignTree {
  form: Omit<FormDefinition, 'fields'>;
  nodes: DesignNode[];
}

let nextId = 0;
export function newNodeId(): string {
  nextId += 1;
  return `n${nextId}`;
}

export function toNode(field: FieldDefinition): DesignNode {
  const config = field?.__config__ ?? {};
  const { children, ...ownConfig } = config;
  const node: DesignNode = { id: newNodeId(), field: { ...field, __config__: ownConfig } };
  if (Array.isArray(children)) node.children = children.filter((child) => child && typeof child === 'object').map(toNode);
  return node;
}

export function toField(node: DesignNode): FieldDefinition {
  if (!node.children) return node.field;
  return { ...node.field, __config__: { ...node.field.__config__, children: node.children.map(toField) } };
}

export function fromDefinition(definition: FormDefinition): DesignTree {
  const { fields, ...form } = definition ?? { fields: [] };
  return { form, nodes: (Array.isArray(fields) ? fields : []).filter((field) => field && typeof field === 'object').map(toNode) };
}

export function toDefinition(tree: DesignTree): FormDefinition {
  return { ...tree.form, fields: tree.nodes.map(toField) };
}

export function jnpfKeyOf(node: DesignNode): string | undefined {
  return canonicalJnpfKey(node.field.__config__?.jnpfKey);
}

/** Panes have no widget of their own: tab and collapse panes (no jnpfKey in older definitions), grid rows and cells. */
export type NodeRole = 'field' | 'container' | 'subTable' | 'tabs' | 'pane' | 'gridRow' | 'grid';

export function roleOf(node: DesignNode, parent: DesignNode | undefined): NodeRole {
  const key = jnpfKeyOf(node);
  if (key === 'table') return 'subTable';
  if (key === 'tab' || key === 'collapse') return 'tabs';
  if (key === 'tableGrid') return 'grid';
  if (key === 'tableGridTr') return 'gridRow';
  if (key === 'tableGridTd' || key === 'tabItem' || key === 'collapseItem') return 'pane';
  if (parent && (roleOf(parent, undefined) === 'tabs' || roleOf(parent, undefined) === 'gridRow')) return 'pane';
  return node.children ? 'container' : 'field';
}

/** Whether fields may be dropped straight into this node (a tab holds panes, a grid rows, a row cells). */
export function holdsFields(node: DesignNode, parent: DesignNode | undefined): boolean {
  const role = roleOf(node, parent);
  return role === 'container' || role === 'pane' || role === 'subTable';
}

export interface NodePlace {
  node: DesignNode;
  parent: DesignNode | undefined;
  index: number;
  /** The ancestors, outermost first. */
  ancestors: DesignNode[];
}

export function findNode(nodes: readonly DesignNode[], id: string, ancestors: DesignNode[] = []): NodePlace | undefined {
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes[index]!;
    if (node.id === id) return { node, parent: ancestors[ancestors.length - 1], index, ancestors };
    if (node.children) {
      const found = findNode(node.children, id, [...ancestors, node]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Every node in order, with its parent: for key checks and the list of calculable fields. */
export function eachNode(nodes: readonly DesignNode[], visit: (node: DesignNode, parent: DesignNode | undefined) => void, parent?: DesignNode): void {
  for (const node of nodes) {
    visit(node, parent);
    if (node.children) eachNode(node.children, visit, node);
  }
}

/** The sub-table a node sits in, if any: its columns live in the table's own key space. */
export function enclosingTable(place: NodePlace): DesignNode | undefined {
  return place.ancestors.find((ancestor) => jnpfKeyOf(ancestor) === 'table');
}
