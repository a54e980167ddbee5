import type { FormDefinition } from '../../../shared/form/definition.js';
import { formDefinitionOf, type DesignRecord } from '../../onlineData/server/public.js';

/**
 * A design as code generation reads it: JNPF's VisualdevEntity (fullName, enCode, formData, columnData, tables),
 * whose JSON parts may arrive as JSON text (as JNPF stores them) or as objects. Only what generation reads is
 * typed.
 */
export interface GeneratorDesign {
  id: string;
  fullName: string;
  enCode: string;
  description: string | null;
  formData: FormDefinition;
  columnData: ColumnDesign;
  /** The design as online data's table plan reads it, so generated tables are the ones a release creates. */
  record: DesignRecord;
}

/** The columns of a design row that generation reads. */
export interface DesignRow {
  id: string;
  full_name?: string | null;
  en_code: string;
  description?: string | null;
  form_data: unknown;
  column_data?: unknown;
  tables_data?: unknown;
  web_type?: number | null;
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

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

function parsedOrNothing(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * Reads a design row (the visualdev module's base_visual_dev, JSON columns as text or objects) for generation. The
 * form is read as online data reads it (formDefinitionOf: a translated refusal when it is none); a list
 * configuration that is not JSON is no list configuration.
 */
export function readDesign(row: DesignRow): GeneratorDesign {
  const record: DesignRecord = {
    id: row.id,
    en_code: row.en_code,
    full_name: row.full_name ?? null,
    form_data: row.form_data,
    column_data: row.column_data ?? null,
    tables: row.tables_data ?? null,
    web_type: typeof row.web_type === 'number' ? row.web_type : null,
  };
  const columnData = parsedOrNothing(row.column_data);
  return {
    id: row.id,
    fullName: row.full_name ?? '',
    enCode: row.en_code,
    description: row.description ?? null,
    formData: formDefinitionOf(record),
    columnData: isRecord(columnData) ? (columnData as ColumnDesign) : {},
    record,
  };
}
