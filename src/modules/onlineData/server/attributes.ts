import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { FieldDefinition, FormDefinition } from '../../../shared/form/definition.js';
import { interfaceParams } from '../../../shared/form/interfaceParams.js';
import { isStoredAttribute } from '../../../shared/form/storedValues.js';
import { flattenFields } from '../../../shared/form/walkFields.js';
import { withDisplayValues, type LabelReaders } from './displayValues.js';
import { loadOnlineModel } from './model.js';
import { readRecord } from './records.js';

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
