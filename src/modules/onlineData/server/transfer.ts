import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import dayjs from 'dayjs';
import type { FieldDefinition, OptionItem } from '../../../shared/form/definition.js';
import { flattenFields } from '../../../shared/form/walkFields.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { ImportColumn, ImportSpec } from '../../../kernel/server/import/importSpec.js';
import { ImportRowError } from '../../../kernel/server/import/importSpec.js';
import { writeRows } from '../../../kernel/server/import/workbook.js';
import { storeFile } from '../../file/server/public.js';
import type { OnlineModel } from './model.js';
import { authorOf, insertRecord } from './records.js';
import { checkSubmission } from './submission.js';
import { checkReferences } from './references.js';
import { withStoredAttributes, type RelatedAccess } from './attributes.js';
import type { LabelReaders } from './displayValues.js';

/**
 * Records in and out of spreadsheets: the export (.xlsx of the chosen columns with their display values), and
 * the design's import spec for the generic 3-step import (src/kernel/server/import). An import row is text; it is
 * turned into the form's values (numbers, dates, options by label) and then goes through the same checks as a
 * form submission, so an import can store nothing a form could not.
 */
const MIME_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Widgets a spreadsheet cell can fill: text, numbers, dates and options picked by their label. */
const IMPORTABLE = new Set(['comInput', 'textarea', 'numInput', 'date', 'select', 'radio', 'switch', 'rate', 'colorPicker', 'time']);

interface FieldColumn {
  key: string;
  label: string;
  jnpfKey: string;
  field: FieldDefinition;
  required: boolean;
}

function fieldColumns(model: OnlineModel): FieldColumn[] {
  return flattenFields(model.definition.fields)
    .filter((n) => n.role === 'field' && n.field.__vModel__ && n.jnpfKey)
    .map((n) => ({ key: n.field.__vModel__!, label: String(n.config.label ?? n.field.__vModel__), jnpfKey: n.jnpfKey!, field: n.field, required: Boolean(n.config.required) }));
}

/** The list's columns, or the keys the caller picked, with their labels: what an export shows. */
export function exportColumns(model: OnlineModel, selectKey: unknown): { field: string; label: string }[] {
  const labels = new Map(fieldColumns(model).map((c) => [c.key, c.label]));
  for (const column of model.list.columnList ?? []) if (column?.prop && column.label) labels.set(column.prop, String(column.label));
  const keys = Array.isArray(selectKey) && selectKey.length ? selectKey.map(String) : (model.list.columnList ?? []).map((c) => String(c?.prop ?? '')).filter(Boolean);
  const chosen = (keys.length ? keys : [...labels.keys()]).filter((k) => labels.has(k) && !k.includes('-'));
  return chosen.map((field) => ({ field, label: labels.get(field)! }));
}

export async function exportWorkbook(db: Kysely<DB>, model: OnlineModel, rows: Record<string, unknown>[], columns: { field: string; label: string }[], userId: string) {
  const content = await writeRows(columns, rows);
  const stored = await storeFile(db, { fileName: `${model.fullName}.xlsx`, contentType: MIME_XLSX, content, userId });
  return { name: stored.name, url: stored.url };
}

/** The import template: the spec's columns (required ones marked) and one empty example row. */
export async function templateWorkbook(db: Kysely<DB>, spec: ImportSpec, userId: string) {
  const content = await writeRows(spec.columns, [Object.fromEntries(spec.columns.map((c) => [c.field, c.example ?? '']))]);
  const stored = await storeFile(db, { fileName: `${spec.fileName}导入模板.xlsx`, contentType: MIME_XLSX, content, userId });
  return { name: stored.name, url: stored.url };
}

function options(field: FieldDefinition): { value: unknown; label: string }[] {
  const props = field.props?.props ?? field.__config__?.props ?? {};
  const list = (field.__slot__?.options ?? field.options ?? []) as OptionItem[];
  return list.map((o) => ({ value: o[props.value ?? 'id'], label: String(o[props.label ?? 'fullName'] ?? '') }));
}

/** A cell's text as the form's value, or an ImportRowError naming the column. */
function cellValue(column: FieldColumn, text: string): unknown {
  if (text === '') return undefined;
  switch (column.jnpfKey) {
    case 'numInput':
    case 'rate': {
      const n = Number(text);
      if (!Number.isFinite(n)) throw new ImportRowError(column.key, 'onlineData.importNotNumber');
      return n;
    }
    case 'date': {
      const date = dayjs(text);
      if (!date.isValid()) throw new ImportRowError(column.key, 'onlineData.importNotDate');
      return date.valueOf();
    }
    case 'select':
    case 'radio': {
      const found = options(column.field).find((o) => o.label === text || String(o.value) === text);
      if (!found) throw new ImportRowError(column.key, 'onlineData.importNotOption');
      return found.value;
    }
    case 'switch': {
      const on = column.field['active-value'] ?? column.field.activeValue ?? 1;
      const off = column.field['inactive-value'] ?? column.field.inactiveValue ?? 0;
      return text === String(column.field.activeTxt ?? '开') || text === String(on) ? on : off;
    }
    default:
      return text;
  }
}

export function importSpecOf(model: OnlineModel, request: FastifyRequest, hiddenFields?: ReadonlySet<string>, saving?: { readers: LabelReaders; relatedAccess: RelatedAccess }): ImportSpec {
  const all = fieldColumns(model).filter((c) => IMPORTABLE.has(c.jnpfKey));
  const picked = model.list.uploaderTemplateJson?.selectKey;
  const columns = Array.isArray(picked) && picked.length ? all.filter((c) => picked.includes(c.key)) : all;
  return {
    fileName: model.fullName,
    columns: columns.map((c): ImportColumn => ({ field: c.key, label: c.label, required: c.required })),
    async importRow(trx, row, who) {
      const values: Record<string, unknown> = {};
      for (const column of columns) {
        const value = cellValue(column, row[column.key] ?? '');
        if (value !== undefined) values[column.key] = value;
      }
      const checked = checkSubmission(model.definition, values, { language: request.language, hiddenFields });
      await checkReferences(trx, model.definition, checked, request.language);
      const stored = saving ? await withStoredAttributes(trx as unknown as Kysely<DB>, model.definition, checked, saving.readers, saving.relatedAccess) : checked;
      await insertRecord(trx, model, stored, await authorOf(trx, who.userId));
    },
  };
}
