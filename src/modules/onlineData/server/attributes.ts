import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { FieldDefinition, FormDefinition } from '../../../shared/form/definition.js';
import { interfaceParams } from '../../../shared/form/interfaceParams.js';
import { ATTRIBUTE_WIDGETS, isStoredAttribute } from '../../../shared/form/storedValues.js';
import { flattenFields } from '../../../shared/form/walkFields.js';
import { withDisplayValues, type LabelReaders } from './displayValues.js';
import { loadOnlineModel, type OnlineModel } from './model.js';
import { mainValues, readRecord } from './records.js';

/**
 * Saved attributes (relationFormAttr and popupAttr with isStorage 2, spec 001 §3): the server writes what the form
 * showed — the chosen field of the record the relation form or popup select picked, as that record reads (its
 * display values: an option's label, a user's name) — read here when the form is saved, never taken from the
 * client. A pick that is gone, or no pick, saves nothing (null). Attributes are main-form fields only.
 */
type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined || value === '' ? null : typeof value === 'object' ? JSON.stringify(value) : String(value));

async function pickedRow(db: Kysely<DB>, source: FieldDefinition, picked: string, readers: LabelReaders): Promise<Row | undefined> {
  const jnpfKey = source.__config__?.jnpfKey;
  const interfaceId = typeof source.interfaceId === 'string' ? source.interfaceId : '';
  if (jnpfKey !== 'relationForm' && interfaceId) {
    const valueKey = String(source.propsValue || 'id');
    const rows = await readers.interfaceRows({ interfaceId, field: valueKey, values: [picked], paramList: interfaceParams(source.templateJson ?? source.__config__?.templateJson) });
    return rows.find((row) => text(row[valueKey]) === picked);
  }
  const modelId = typeof source.modelId === 'string' ? source.modelId : '';
  if (!modelId) return undefined;
  const model = await loadOnlineModel(db, modelId).catch(() => undefined);
  if (!model) return undefined;
  const record = await readRecord(db, model, picked).catch(() => undefined);
  if (!record) return undefined;
  const [shown] = await withDisplayValues(db, model, [record], readers);
  return shown;
}

/** The values with each saved attribute filled from its source's record. */
export async function withStoredAttributes(db: Kysely<DB>, definition: FormDefinition, values: Row, readers: LabelReaders): Promise<Row> {
  const nodes = flattenFields(definition.fields);
  const attributes = nodes.filter((node) => node.role === 'field' && !node.table && isStoredAttribute(node.jnpfKey, node.field) && typeof node.field.__vModel__ === 'string' && node.field.__vModel__ !== '');
  if (attributes.length === 0) return values;
  const filled: Row = { ...values };
  const rows = new Map<string, Promise<Row | undefined>>();
  for (const node of attributes) {
    const sourceKey = typeof node.field.relationField === 'string' ? node.field.relationField : '';
    const showField = typeof node.field.showField === 'string' ? node.field.showField : '';
    const source = nodes.find((other) => other.field.__vModel__ === sourceKey && !other.table)?.field;
    const picked = text(Array.isArray(values[sourceKey]) ? (values[sourceKey] as unknown[])[0] : values[sourceKey]);
    if (!source || !showField || !picked) {
      filled[node.field.__vModel__!] = null;
      continue;
    }
    // Several attributes of one pick read its record once.
    let row = rows.get(sourceKey);
    if (!row) rows.set(sourceKey, (row = pickedRow(db, source, picked, readers)));
    filled[node.field.__vModel__!] = text((await row)?.[showField]);
  }
  return filled;
}

/**
 * Attributes that are shown only (not saved), filled into rows as they are shown — lists, the record viewer's read,
 * exports, prints — from the records their source fields picked: one read per source field for the whole page
 * (the picked records of a design by id, an interface's rows by value), never one per row. The picked value is the
 * row's `<source>_id` once labels are in place (displayValues.ts), else the source itself. The related records are
 * read with their labels but without their own attributes (no chain of lookups from one design to the next).
 */
export async function withShownAttributes(db: Kysely<DB>, definition: FormDefinition, rows: Row[], readers: LabelReaders): Promise<Row[]> {
  const nodes = flattenFields(definition.fields);
  const attributes = nodes.filter((node) => node.role === 'field' && !node.table && node.jnpfKey && ATTRIBUTE_WIDGETS.has(node.jnpfKey) && !isStoredAttribute(node.jnpfKey, node.field) && typeof node.field.__vModel__ === 'string' && node.field.__vModel__ !== '');
  if (attributes.length === 0 || rows.length === 0) return rows;
  const pickedOf = (row: Row, sourceKey: string) => {
    const raw = Object.hasOwn(row, `${sourceKey}_id`) ? row[`${sourceKey}_id`] : row[sourceKey];
    return text(Array.isArray(raw) ? raw[0] : raw);
  };
  const bySource = new Map<string, Promise<Map<string, Row>>>();
  for (const node of attributes) {
    const sourceKey = typeof node.field.relationField === 'string' ? node.field.relationField : '';
    const showField = typeof node.field.showField === 'string' ? node.field.showField : '';
    const source = nodes.find((other) => other.field.__vModel__ === sourceKey && !other.table)?.field;
    if (!source || !showField) continue;
    let found = bySource.get(sourceKey);
    if (!found) bySource.set(sourceKey, (found = pickedRows(db, source, [...new Set(rows.map((row) => pickedOf(row, sourceKey)).filter((id): id is string => id !== null))], readers)));
    const records = await found;
    for (const row of rows) {
      const picked = pickedOf(row, sourceKey);
      row[node.field.__vModel__!] = picked ? text(records.get(picked)?.[showField]) : null;
    }
  }
  return rows;
}

/** The picked rows of one source field, by the value it stores. */
async function pickedRows(db: Kysely<DB>, source: FieldDefinition, picked: string[], readers: LabelReaders): Promise<Map<string, Row>> {
  if (picked.length === 0) return new Map();
  const jnpfKey = source.__config__?.jnpfKey;
  const interfaceId = typeof source.interfaceId === 'string' ? source.interfaceId : '';
  if (jnpfKey !== 'relationForm' && interfaceId) {
    const valueKey = String(source.propsValue || 'id');
    const found = await readers.interfaceRows({ interfaceId, field: valueKey, values: picked, paramList: interfaceParams(source.templateJson ?? source.__config__?.templateJson) }).catch(() => []);
    return new Map(found.map((row) => [text(row[valueKey]) ?? '', row]));
  }
  const modelId = typeof source.modelId === 'string' ? source.modelId : '';
  const model = modelId ? await loadOnlineModel(db, modelId).catch(() => undefined) : undefined;
  if (!model) return new Map();
  const stored = (await (db as unknown as Kysely<any>).selectFrom(model.plan.main.name).selectAll().where('id', 'in', picked).execute()) as Row[];
  const records = stored.map((row) => ({ id: row.id, ...mainValues(model, row) }));
  await withDisplayValues(db, model, records, readers);
  return new Map(records.map((record) => [String(record.id), record]));
}

/** Rows as a page shows them: labels of stored values, then the attributes shown from picked records. */
export async function withShownValues(db: Kysely<DB>, model: OnlineModel, rows: Row[], readers: LabelReaders): Promise<Row[]> {
  await withDisplayValues(db, model, rows, readers);
  return withShownAttributes(db, model.definition, rows, readers);
}
