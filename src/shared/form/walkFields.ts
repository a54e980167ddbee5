import type { FieldConfig, FieldDefinition } from './definition.js';
import { canonicalJnpfKey, LAYOUT_KEYS } from './jnpfKeys.js';

/**
 * The one traversal of a definition's field tree, shared by the form compiler, submission validation and
 * recalculation, so all three agree on what a container is and where a field sits. Containers (rows, cards,
 * tabs, collapses, table grids and their panes, which older definitions give no jnpfKey) hold fields; the
 * sub-table `table` stores rows whose columns are its children.
 */
export type FieldRole = 'layout' | 'subTable' | 'field';

export interface FieldNode {
  field: FieldDefinition;
  config: FieldConfig;
  /** The V3 name (V5 names resolve through the aliases). */
  jnpfKey: string | undefined;
  role: FieldRole;
  /** Where the field sits in the definition, for problem reports: fields[2].__config__.children[0]. */
  path: string;
  index: number;
  /** The sub-table's __vModel__ when the field is one of its columns. */
  table?: string;
}

/** Visits one field; walkChildren walks its children (a container's fields, a sub-table's columns). */
export type FieldVisitor<T> = (node: FieldNode, walkChildren: () => T[]) => T | undefined;

/**
 * A node's role is read off its structure, not a registry: a node holding `__config__.children` lays out other
 * fields, whatever its key. So the client (which knows an integrator's layout widgets) and the server (which
 * does not) walk an integrator's layout alike and find the same fields in it.
 */
function roleOf(config: FieldConfig, jnpfKey: string | undefined, table: string | undefined): FieldRole {
  // Sub-table columns are fields whatever they claim: a row holds no layout.
  if (table !== undefined) return 'field';
  if (jnpfKey === 'table') return 'subTable';
  return Array.isArray(config.children) || (jnpfKey !== undefined && LAYOUT_KEYS.has(jnpfKey)) ? 'layout' : 'field';
}

/** Walks fields in definition order; what each visit answers is collected, undefined answers left out. */
export function walkFields<T>(fields: unknown, visit: FieldVisitor<T>, path = 'fields', table?: string): T[] {
  const results: T[] = [];
  if (!Array.isArray(fields)) return results;
  fields.forEach((field: unknown, index) => {
    if (!field || typeof field !== 'object') return;
    const definition = field as FieldDefinition;
    const config = definition.__config__ ?? {};
    const jnpfKey = canonicalJnpfKey(config.jnpfKey);
    const role = roleOf(config, jnpfKey, table);
    const node: FieldNode = { field: definition, config, jnpfKey, role, path: `${path}[${index}]`, index, ...(table !== undefined ? { table } : {}) };
    const walkChildren = () => {
      if (role === 'field') return [];
      const columnsOf = role === 'subTable' ? (definition.__vModel__ ?? '') : undefined;
      return walkFields(config.children, visit, `${node.path}.__config__.children`, columnsOf);
    };
    const result = visit(node, walkChildren);
    if (result !== undefined) results.push(result);
  });
  return results;
}

/** Whether a field shows on a client: its visibility list names it, or it has none. */
export function shownOn(field: FieldDefinition, platform: string): boolean {
  const visibility = field.__config__?.visibility;
  return !Array.isArray(visibility) || visibility.length === 0 || visibility.includes(platform);
}

/** The fields outside containers, flattened in definition order: fields and sub-tables, at any depth of layout. */
export function flattenFields(fields: unknown): FieldNode[] {
  const nodes: FieldNode[] = [];
  walkFields<never>(
    fields,
    (node, walkChildren) => {
      if (node.role === 'layout') walkChildren();
      else nodes.push(node);
      return undefined;
    },
  );
  return nodes;
}

/** A sub-table's columns. */
export function columnNodes(table: FieldNode): FieldNode[] {
  return walkFields(table.config.children, (node) => node, `${table.path}.__config__.children`, table.field.__vModel__ ?? '');
}

/**
 * Each value a form's values hold for its fields: a top-level field's at its key, a sub-table cell's at
 * `table.row.column` (rows that are no objects hold none). For the checks that go field by field over a submission.
 */
export function eachFieldValue(fields: unknown, values: Record<string, unknown>, visit: (path: string, node: FieldNode, value: unknown) => void): void {
  for (const node of flattenFields(fields)) {
    const key = node.field.__vModel__;
    if (!key) continue;
    if (node.role !== 'subTable') {
      visit(key, node, values[key]);
      continue;
    }
    const rows = values[key];
    if (!Array.isArray(rows)) continue;
    const columns = columnNodes(node);
    rows.forEach((row: unknown, index) => {
      if (!row || typeof row !== 'object' || Array.isArray(row)) return;
      for (const column of columns) {
        const cell = column.field.__vModel__;
        if (cell) visit(`${key}.${index}.${cell}`, column, (row as Record<string, unknown>)[cell]);
      }
    });
  }
}
