import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { FieldDefinition, FormDefinition } from '../../../shared/form/definition.js';
import { interfaceParams } from '../../../shared/form/interfaceParams.js';
import { ATTRIBUTE_WIDGETS, isStoredAttribute } from '../../../shared/form/storedValues.js';
import { columnNodes, flattenFields, type FieldNode } from '../../../shared/form/walkFields.js';
import type { DesignAccess } from '../../../kernel/server/plugins/dynamicPermission.js';
import { applyDataScope } from '../../../kernel/server/crud/dataScope.js';
import { withDisplayValues, type LabelReaders } from './displayValues.js';
import { loadOnlineModel, type OnlineModel } from './model.js';
import { mainValues, scopeFields } from './records.js';

/**
 * What the saver may read of a related design (its relation access: that design's menu, or a referring one's), for
 * saved attributes; rejects when they may read none of it. Without it (rows being shown), picks are read as labels are.
 */
export type RelatedAccess = (modelId: string) => Promise<Pick<DesignAccess, 'dataScope' | 'hiddenFields'>>;

/**
 * Saved attributes (relationFormAttr and popupAttr with isStorage 2, spec 001 §3): the server writes what the form
 * showed — the chosen field of the record the relation form or popup select picked, as that record reads (its
 * display values: an option's label, a user's name) — read here when the form is saved, never taken from the
 * client. A pick that is gone, or no pick, saves nothing (null). In a sub-table, an attribute reads the picking
 * column of its own row.
 */
type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined || value === '' ? null : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** Which attributes a pass fills: the saved ones when a form is saved, the shown-only ones when rows are shown. */
type Pass = 'stored' | 'shown';

const isAttribute = (node: FieldNode, pass: Pass) =>
  node.jnpfKey !== undefined &&
  ATTRIBUTE_WIDGETS.has(node.jnpfKey) &&
  (pass === 'stored') === isStoredAttribute(node.jnpfKey, node.field) &&
  typeof node.field.__vModel__ === 'string' &&
  node.field.__vModel__ !== '';

/**
 * Fills the attributes among `fields` (the main form's, or one sub-table's columns) into `rows` (the record, or that
 * sub-table's rows), each from the record its row's source field picked: one read per source field for all rows.
 * Saved values name the pick by the stored value; shown rows, whose labels are in place, by `<source>_id`.
 */
async function fillAttributes(db: Kysely<DB>, fields: readonly FieldNode[], rows: Row[], readers: LabelReaders, pass: Pass, relatedAccess?: RelatedAccess): Promise<void> {
  const attributes = fields.filter((node) => isAttribute(node, pass));
  if (attributes.length === 0 || rows.length === 0) return;
  const pickedOf = (row: Row, sourceKey: string) => {
    const raw = pass === 'shown' && Object.hasOwn(row, `${sourceKey}_id`) ? row[`${sourceKey}_id`] : row[sourceKey];
    return text(Array.isArray(raw) ? raw[0] : raw);
  };
  const bySource = new Map<string, Promise<Map<string, Row>>>();
  for (const node of attributes) {
    const key = node.field.__vModel__!;
    const sourceKey = typeof node.field.relationField === 'string' ? node.field.relationField : '';
    const showField = typeof node.field.showField === 'string' ? node.field.showField : '';
    const source = fields.find((other) => other.field.__vModel__ === sourceKey)?.field;
    let found = bySource.get(sourceKey);
    if (source && showField && !found) bySource.set(sourceKey, (found = pickedRows(db, source, [...new Set(rows.map((row) => pickedOf(row, sourceKey)).filter((id): id is string => id !== null))], readers, relatedAccess)));
    const records = found ? await found : new Map<string, Row>();
    for (const row of rows) {
      const picked = pickedOf(row, sourceKey);
      row[key] = picked && showField ? text(records.get(picked)?.[showField]) : null;
    }
  }
}

/** The main form's fields and each sub-table's columns, with the rows they fill. */
function scopes(definition: FormDefinition, records: Row[]): { fields: FieldNode[]; rows: Row[] }[] {
  const nodes = flattenFields(definition.fields);
  const found = [{ fields: nodes.filter((node) => node.role === 'field' && !node.table), rows: records }];
  for (const table of nodes.filter((node) => node.role === 'subTable')) {
    const key = table.field.__vModel__;
    if (!key) continue;
    const rows = records.flatMap((record) => (Array.isArray(record[key]) ? (record[key] as unknown[]).filter((row): row is Row => Boolean(row) && typeof row === 'object') : []));
    found.push({ fields: columnNodes(table), rows });
  }
  return found;
}

/** The values with each saved attribute (main form and sub-table rows) filled from its source's record. */
export async function withStoredAttributes(db: Kysely<DB>, definition: FormDefinition, values: Row, readers: LabelReaders, relatedAccess: RelatedAccess): Promise<Row> {
  const filled: Row = { ...values };
  // Sub-table rows are filled in place: copies of them first, so the caller's values stay as they were.
  for (const node of flattenFields(definition.fields)) {
    const key = node.role === 'subTable' ? node.field.__vModel__ : undefined;
    if (key && Array.isArray(filled[key])) filled[key] = (filled[key] as unknown[]).map((row) => (row && typeof row === 'object' ? { ...(row as Row) } : row));
  }
  for (const scope of scopes(definition, [filled])) await fillAttributes(db, scope.fields, scope.rows, readers, 'stored', relatedAccess);
  return filled;
}

/**
 * Attributes that are shown only (not saved), filled into rows as they are shown — lists, the record viewer's read,
 * exports, prints — main form and sub-table rows, from the records their source fields picked, read once per source
 * field for the whole page (never one per row). The related records are read with their labels but without their own
 * attributes (no chain of lookups from one design to the next).
 */
export async function withShownAttributes(db: Kysely<DB>, definition: FormDefinition, rows: Row[], readers: LabelReaders): Promise<Row[]> {
  for (const scope of scopes(definition, rows)) await fillAttributes(db, scope.fields, scope.rows, readers, 'shown');
  return rows;
}

/**
 * The picked rows of one source field, by the value it stores. With `relatedAccess` (a save), only records the saver's
 * relation access reaches, without the fields it hides: a pick the picker could not have offered saves nothing.
 */
async function pickedRows(db: Kysely<DB>, source: FieldDefinition, picked: string[], readers: LabelReaders, relatedAccess?: RelatedAccess): Promise<Map<string, Row>> {
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
  const grant = relatedAccess ? await relatedAccess(model.designId).catch(() => null) : undefined;
  if (grant === null) return new Map();
  let query = (db as unknown as Kysely<any>).selectFrom(model.plan.main.name).selectAll().where('id', 'in', picked);
  if (grant) query = await applyDataScope(query, { creatorColumn: 'f_creator_user_id', organizeColumn: 'f_organize_id', fields: scopeFields(model) }, grant.dataScope);
  const stored = (await query.execute()) as Row[];
  const records: Row[] = stored.map((row) => ({ id: row.id, ...mainValues(model, row) }));
  for (const record of records) for (const hidden of grant?.hiddenFields ?? []) delete record[hidden];
  await withDisplayValues(db, model, records, readers);
  return new Map(records.map((record) => [String(record.id), record]));
}

/** Rows as a page shows them: labels of stored values, then the attributes shown from picked records. */
export async function withShownValues(db: Kysely<DB>, model: OnlineModel, rows: Row[], readers: LabelReaders): Promise<Row[]> {
  await withDisplayValues(db, model, rows, readers);
  return withShownAttributes(db, model.definition, rows, readers);
}
