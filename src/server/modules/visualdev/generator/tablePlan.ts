import { BUILT_IN_STORED_VALUES } from '../../../../shared/form/storedValues.js';
import { columnNodes, flattenFields, type FieldNode } from '../../../../shared/form/walkFields.js';
import type { GeneratorDesign } from './design.js';
import { commentText, NameScope, snakeName } from './names.js';

/**
 * The physical tables of a design: one main table, one child table per sub-table, a column per stored field.
 * Column types follow what each widget stores (src/shared/form/storedValues.ts): text for text, numeric for
 * numbers, jsonb for everything else (lists, ranges, addresses, and the pickers and selects whose value may be a
 * text, a number or a list), so a value reads back as it was submitted.
 *
 * Written here until online development's own plan (onlineData/dataTables.ts, tablePlan) lands: generated code
 * and online storage should agree on one plan, and this one should then give way to it.
 */
export type ColumnType = 'text' | 'numeric' | 'jsonb';

export interface PlannedColumn {
  /** The SQL column. */
  column: string;
  /** The field's __vModel__: the property name in requests and answers, as the design says it. */
  field: string;
  jnpfKey: string;
  type: ColumnType;
  /** The field's label, safe for a comment. */
  label: string;
}

export interface PlannedTable {
  name: string;
  /** The table's title from the design, safe for a comment. */
  title: string;
  columns: PlannedColumn[];
}

export interface PlannedChildTable extends PlannedTable {
  /** The sub-table's __vModel__: its rows arrive as this property of the record. */
  field: string;
  /** The column holding the main record's id. */
  parentColumn: string;
}

export interface TablePlan {
  main: PlannedTable;
  children: PlannedChildTable[];
}

/** A widget the plan cannot store: generation stops with a translated error naming it. */
export class UnknownWidgetError extends Error {
  constructor(
    readonly widget: string,
    readonly field: string,
  ) {
    super(`unknown widget ${widget} at ${field}`);
  }
}

/** Columns every main table has, named so no field can take them. */
export const MAIN_SYSTEM_COLUMNS = ['id', 'creator_user_id', 'creator_time', 'last_modify_user_id', 'last_modify_time'] as const;
/** Columns every child table has besides the parent link. */
export const CHILD_SYSTEM_COLUMNS = ['id', 'sort_code'] as const;
const PARENT_COLUMN = 'parent_id';

function columnTypeOf(jnpfKey: string): ColumnType {
  const shape = BUILT_IN_STORED_VALUES[jnpfKey]?.shape;
  if (shape === 'string') return 'text';
  if (shape === 'number') return 'numeric';
  return 'jsonb';
}

/** The stored fields of a level (main form or one sub-table); widgets that store nothing are left out. */
function storedColumns(nodes: readonly FieldNode[], reserved: readonly string[]): PlannedColumn[] {
  const names = new NameScope(reserved);
  const columns: PlannedColumn[] = [];
  for (const node of nodes) {
    const field = node.field.__vModel__;
    const key = node.jnpfKey;
    if (!key || !(key in BUILT_IN_STORED_VALUES)) throw new UnknownWidgetError(String(node.config.jnpfKey ?? ''), typeof field === 'string' ? field : node.path);
    if (!BUILT_IN_STORED_VALUES[key].storesValue || typeof field !== 'string' || field === '') continue;
    columns.push({ column: names.claim(snakeName(field, 'field')), field, jnpfKey: key, type: columnTypeOf(key), label: commentText(node.config.label) });
  }
  return columns;
}

export function tablePlan(design: GeneratorDesign): TablePlan {
  const binding = design.tables.find((t) => String(t.typeId) === '1') ?? design.tables[0];
  const tableNames = new NameScope();
  const mainName = tableNames.claim(snakeName(binding?.table ?? design.enCode ?? design.fullName, 'form_record'));
  const nodes = flattenFields(design.formData.fields);
  const main: PlannedTable = {
    name: mainName,
    title: commentText(binding?.tableName ?? design.fullName),
    columns: storedColumns(nodes.filter((n) => n.role === 'field'), MAIN_SYSTEM_COLUMNS),
  };
  const children: PlannedChildTable[] = [];
  for (const node of nodes) {
    if (node.role !== 'subTable') continue;
    const field = node.field.__vModel__;
    if (typeof field !== 'string' || field === '') continue;
    const name = tableNames.claim(snakeName(node.config.tableName ?? `${mainName}_${snakeName(field, 'rows')}`, `${mainName}_rows`));
    children.push({
      name,
      title: commentText(node.config.label ?? field),
      field,
      parentColumn: PARENT_COLUMN,
      columns: storedColumns(columnNodes(node), [...CHILD_SYSTEM_COLUMNS, PARENT_COLUMN]),
    });
  }
  return { main, children };
}
