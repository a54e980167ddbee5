import type { FormDefinition } from '../../../../shared/form/definition.js';

/**
 * A design as code generation reads it: JNPF's VisualdevEntity (fullName, enCode, formData, columnData, tables,
 * webType), whose JSON parts may arrive as JSON text (as JNPF stores them) or as objects. Only what generation
 * needs is typed; the rest of the design is kept but not read.
 */
export interface GeneratorDesign {
  id: string;
  fullName: string;
  enCode?: string | null;
  description?: string | null;
  /** 1 form only, 2 form and list (JNPF's webType); generation needs the form either way. */
  webType?: number | string | null;
  formData: FormDefinition;
  columnData: ColumnDesign;
  tables: TableBinding[];
}

/** The list design (JNPF's columnData): what generation reads of it. */
export interface ColumnDesign {
  columnList?: { prop?: unknown; label?: unknown; width?: unknown; align?: unknown; sortable?: unknown }[];
  searchList?: { __vModel__?: unknown; searchType?: unknown; __config__?: { jnpfKey?: unknown; label?: unknown } }[];
  defaultSidx?: unknown;
  sort?: unknown;
  hasPage?: unknown;
  pageSize?: unknown;
  type?: unknown;
  [extra: string]: unknown;
}

/** JNPF's F_Table: the main table (typeId "1") and child tables linked by relationField/tableField. */
export interface TableBinding {
  table?: unknown;
  tableName?: unknown;
  typeId?: unknown;
  relationTable?: unknown;
  relationField?: unknown;
  tableField?: unknown;
}

export class DesignShapeError extends Error {}

function parsed(value: unknown, what: string): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw new DesignShapeError(`${what} is not valid JSON`);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** Reads a stored design (a row's fields, JSON parts as text or objects) into the shape generation uses. */
export function readDesign(row: Record<string, unknown>): GeneratorDesign {
  const formData = parsed(row.formData, 'formData');
  if (!isRecord(formData) || !Array.isArray(formData.fields)) throw new DesignShapeError('formData has no fields');
  const columnData = parsed(row.columnData, 'columnData');
  const tables = parsed(row.tables, 'tables');
  return {
    id: String(row.id ?? ''),
    fullName: typeof row.fullName === 'string' ? row.fullName : '',
    enCode: typeof row.enCode === 'string' ? row.enCode : null,
    description: typeof row.description === 'string' ? row.description : null,
    webType: typeof row.webType === 'number' || typeof row.webType === 'string' ? row.webType : null,
    formData: formData as FormDefinition,
    columnData: isRecord(columnData) ? (columnData as ColumnDesign) : {},
    tables: Array.isArray(tables) ? tables.filter(isRecord) : [],
  };
}
