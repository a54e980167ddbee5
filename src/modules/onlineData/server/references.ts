import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { FieldDefinition, FormDefinition } from '../../../shared/form/definition.js';
import { submissionMessage } from '../../../shared/form/submissionMessages.js';
import { eachFieldValue } from '../../../shared/form/walkFields.js';
import type { Language } from '../../../shared/language.js';
import { fieldDescriber } from './submission.js';

/**
 * Values that name a row of the platform's own tables, checked against those tables before a record is stored
 * (the server never trusts the client, spec 001 §7): a dictionary picker's value must be an enabled entry of the
 * design's category (by id, or by code where the design stores codes) — or, with no category chosen, a category —
 * and a bill-rule template picker's value an enabled numbering rule's code. One query per field for all its values.
 * A refusal names the field as the other submission checks do (onlineData.fieldInvalid, reason "not one of the options").
 */
type Db = Kysely<DB> | Transaction<DB>;

interface Reference {
  path: string;
  jnpfKey: 'dicSelect' | 'billRuleSelect';
  field: FieldDefinition;
  value: string;
}

const CHECKED = new Set(['dicSelect', 'billRuleSelect']);
/** More different values than this for one field is no form's (a query's parameters have a limit too). */
const MAX_VALUES_PER_FIELD = 1000;

function referencesIn(definition: FormDefinition, values: Record<string, unknown>): Reference[] {
  const found: Reference[] = [];
  const add = (path: string, jnpfKey: string | undefined, field: FieldDefinition, value: unknown) => {
    if (!jnpfKey || !CHECKED.has(jnpfKey) || value === null || value === undefined || value === '') return;
    for (const item of Array.isArray(value) ? value : [value]) found.push({ path, jnpfKey: jnpfKey as Reference['jnpfKey'], field, value: String(item) });
  };
  eachFieldValue(definition.fields, values, (path, node, value) => add(path, node.jnpfKey, node.field, value));
  return found;
}

/** The values of `wanted` that name something that exists, for one field's configuration. */
async function existing(db: Db, reference: Reference, wanted: string[]): Promise<Set<string>> {
  if (reference.jnpfKey === 'billRuleSelect') {
    const rules = await db.selectFrom('base_bill_rule').select(['id', 'en_code']).where('enabled_mark', '=', 1).where((eb) => eb.or([eb('en_code', 'in', wanted), eb('id', 'in', wanted)])).execute();
    return new Set(rules.flatMap((rule) => [rule.en_code, rule.id]));
  }
  const config = reference.field.__config__ ?? {};
  const category = typeof config.dictionaryType === 'string' ? config.dictionaryType : '';
  if (!category) {
    const types = await db.selectFrom('base_dictionary_type').select('id').where('id', 'in', wanted).execute();
    return new Set(types.map((type) => type.id));
  }
  const byCode = (reference.field.props?.props?.value ?? config.props?.value) === 'enCode';
  const entries = await db
    .selectFrom('base_dictionary_data as d')
    .innerJoin('base_dictionary_type as t', 't.id', 'd.dictionary_type_id')
    .select(['d.id', 'd.en_code'])
    .where((eb) => eb.or([eb('t.id', '=', category), eb('t.en_code', '=', category)]))
    .where('d.enabled_mark', '=', 1)
    .where(byCode ? 'd.en_code' : 'd.id', 'in', wanted)
    .execute();
  return new Set(entries.map((entry) => (byCode ? entry.en_code : entry.id)));
}

export async function checkReferences(db: Db, definition: FormDefinition, values: Record<string, unknown>, language: Language): Promise<void> {
  const references = referencesIn(definition, values);
  if (references.length === 0) return;
  // Fields of one configuration share a query: the same field in every sub-table row is one lookup.
  const groups = new Map<FieldDefinition, Reference[]>();
  for (const reference of references) (groups.get(reference.field) ?? groups.set(reference.field, []).get(reference.field)!).push(reference);
  const problems: { field: string; rule: 'option'; message: string }[] = [];
  for (const group of groups.values()) {
    const wanted = [...new Set(group.map((reference) => reference.value))];
    if (wanted.length > MAX_VALUES_PER_FIELD) {
      problems.push({ field: group[MAX_VALUES_PER_FIELD]!.path, rule: 'option', message: submissionMessage('option', language) });
      continue;
    }
    const found = await existing(db, group[0], wanted);
    for (const reference of group) if (!found.has(reference.value)) problems.push({ field: reference.path, rule: 'option', message: submissionMessage('option', language) });
  }
  if (problems.length === 0) return;
  const describe = fieldDescriber(definition);
  throw AppError.badRequest('onlineData.fieldInvalid', { field: describe(problems[0].field), reason: problems[0].message }, { problems: problems.map((problem) => ({ ...problem, label: describe(problem.field) })) });
}
