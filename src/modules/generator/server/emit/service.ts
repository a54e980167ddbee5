import type { GenerationModel } from '../model.js';
import { camelName, commentText, jsonLiteral, literal, propertyKey } from '../names.js';
import { FOREIGN_KEY, type PlannedColumn, type PlannedTable } from '../../../onlineData/server/public.js';
import { importFrom, type Layout } from './layout.js';

/**
 * The generated service.ts: the design's form embedded as JSON, and the record operations. Every write runs the
 * shared form core (src/shared/form) as the online runtime does: recalculate, validateSubmission, refuse a
 * submitted result that is not the formula's, then store in one transaction.
 */

const WRITE: Record<PlannedColumn['type'], string> = { text: 'textOf', numeric: 'numberOf', jsonb: 'jsonOf', timestamptz: 'timeOf' };
const READ: Partial<Record<PlannedColumn['type'], string>> = { numeric: 'readNumber', timestamptz: 'readTime' };
const rowsVar = (table: PlannedTable) => `${camelName(table.field ?? table.name, 'sub')}Rows`;
const toColumn = (c: PlannedColumn, from: string) => `    ${c.name}: ${WRITE[c.type]}(${from}[${literal(c.field ?? c.name)}]),`;
const fromColumn = (c: PlannedColumn, row: string) => `    ${propertyKey(c.field)}: ${READ[c.type] ? `${READ[c.type]}(${row}.${c.name})` : `${row}.${c.name}`},`;

export function serviceFile(model: GenerationModel, layout: Layout): string {
  const { main, children } = model.plan;
  const from = (file: string) => literal(importFrom(layout.moduleDir, file));
  const m = model.messagePrefix;
  const filters = model.search.filter((s) => s.type === 'text' || s.type === 'numeric');
  const ownFilters = model.search.filter((s) => s.type === 'jsonb' || s.type === 'timestamptz');
  const jsonFilters = ownFilters.filter((s) => s.type === 'jsonb');
  const timeFilters = ownFilters.filter((s) => s.type === 'timestamptz');
  const numericSearch = model.search.filter((s) => s.type === 'numeric');
  const allColumns = [...main.columns, ...children.flatMap((c) => c.columns)];
  const uses = (type: PlannedColumn['type']) => allColumns.some((c) => c.type === type);


  const childWrites = children.map(
    (c) => `  const ${rowsVar(c)} = rowsOf(data[${literal(c.field ?? c.name)}]);
  if (${rowsVar(c)}.length > 0) {
    await trx
      .insertInto(${literal(c.name)})
      .values(
        ${rowsVar(c)}.map((row, index) => ({
          id: newId(),
          ${c.foreignKey ?? FOREIGN_KEY}: id,
          f_sort_code: index,
${c.columns.map((col) => `      ${toColumn(col, 'row')}`).join('\n')}
        })),
      )
      .execute();
  }`,
  );
  const childReads = children.map(
    (c) => `  const ${rowsVar(c)} = await db.selectFrom(${literal(c.name)}).selectAll().where(${literal(c.foreignKey ?? FOREIGN_KEY)}, '=', id).orderBy('f_sort_code').execute();
  record[${literal(c.field ?? c.name)}] = ${rowsVar(c)}.map((row) => ({
    id: row.id,
${c.columns.map((col) => fromColumn(col, 'row')).join('\n')}
  }));`,
  );
  const childDeletes = children.map((c) => `    await trx.deleteFrom(${literal(c.name)}).where(${literal(c.foreignKey ?? FOREIGN_KEY)}, '=', id).execute();`);
  const hasChildren = children.length > 0;

  const kyselyImports = ['type Kysely', 'type Selectable', ...(ownFilters.length ? ['sql', 'type RawBuilder', 'type SqlBool'] : []), 'type Transaction'];
  const listImports = [...(jsonFilters.length ? ['containsPattern'] : []), 'listQuery', 'withinScope', 'type ListParams', 'type ListSpec'];
  const helpers = [
    uses('text') ? "const textOf = (value: unknown): string | null => (isEmpty(value) ? null : String(value));" : '',
    uses('numeric') ? "const numberOf = (value: unknown): string | number | null => (isEmpty(value) ? null : typeof value === 'number' ? value : String(value));" : '',
    uses('jsonb') ? 'const jsonOf = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));' : '',
    uses('numeric') ? 'const readNumber = (value: string | null): number | null => (value === null ? null : Number(value));' : '',
    uses('timestamptz') ? "// Times travel as JNPF's milliseconds and are stored as timestamptz.\nconst timeOf = (value: unknown): Date | null => (isEmpty(value) ? null : new Date(typeof value === 'number' ? value : String(value)));" : '',
    uses('timestamptz') ? 'const readTime = (value: Date | null): number | null => (value === null ? null : value.getTime());' : '',
  ].filter(Boolean);

  const numberChecks = numericSearch.length
    ? `
/** A number filter given something that is not a number is refused, not sent to the database to fail there. */
function assertNumbers(field: string, value: unknown): void {
  const parts = Array.isArray(value) ? value : String(value ?? '').split(',');
  for (const part of parts) if (!isEmpty(part) && !Number.isFinite(Number(part))) throw AppError.validation(field, 'validation.type', { type: 'number' });
}
`
    : '';
  const timeFilterCode = timeFilters.length
    ? `
/** Times are asked for in JNPF's milliseconds: one moment, or a range [from, to] either end of which may be empty. */
function timeFilter(field: string, column: string, searchType: 1 | 2 | 3, value: unknown): RawBuilder<SqlBool> | undefined {
  const ref = sql.ref(column);
  const [low, high] = searchType === 3 ? (Array.isArray(value) ? value : String(value).split(',')) : [value, value];
  const bounds: RawBuilder<SqlBool>[] = [];
  if (!isEmpty(low)) bounds.push(sql<SqlBool>\`\${ref} >= \${new Date(boundOf(field, low))}\`);
  if (!isEmpty(high)) bounds.push(sql<SqlBool>\`\${ref} <= \${new Date(boundOf(field, high))}\`);
  return bounds.length === 0 ? undefined : sql<SqlBool>\`(\${sql.join(bounds, sql\` and \`)})\`;
}
`
    : '';
  const boundCode = ownFilters.length
    ? `
function boundOf(field: string, value: unknown): number {
  const number = Number(value);
  if (!Number.isFinite(number)) throw AppError.validation(field, 'validation.type', { type: 'number' });
  return number;
}
`
    : '';
  const jsonFilterCode = jsonFilters.length
    ? `
/** jsonb columns (selects, pickers, dates) are matched on their text, which listQuery's plain filters cannot do. */
function jsonFilter(field: string, column: string, searchType: 1 | 2 | 3, value: unknown): RawBuilder<SqlBool> | undefined {
  const ref = sql.ref(column);
  if (searchType === 3) {
    const [low, high] = Array.isArray(value) ? value : String(value).split(',');
    const number = sql<number>\`case when jsonb_typeof(\${ref}) = 'number' then (\${ref} #>> '{}')::numeric end\`;
    const bounds: RawBuilder<SqlBool>[] = [];
    if (!isEmpty(low)) bounds.push(sql<SqlBool>\`\${number} >= \${boundOf(field, low)}\`);
    if (!isEmpty(high)) bounds.push(sql<SqlBool>\`\${number} <= \${boundOf(field, high)}\`);
    return bounds.length === 0 ? undefined : sql<SqlBool>\`(\${sql.join(bounds, sql\` and \`)})\`;
  }
  if (typeof value === 'object') throw AppError.badRequest('error.badRequest');
  if (searchType === 2) return sql<SqlBool>\`\${ref}::text ilike \${containsPattern(String(value))}\`;
  return sql<SqlBool>\`(\${ref} #>> '{}' = \${String(value)} or \${ref} @> \${JSON.stringify([value])}::jsonb)\`;
}
`
    : '';

  return `import { ${kyselyImports.join(', ')} } from 'kysely';
import { ResultCode } from ${from('src/shared/envelope')};
import { readFormDefinition, type FormDefinition } from ${from('src/shared/form/definition')};
import { formCalculations } from ${from('src/shared/form/calculatedFields')};
import { recalculate } from ${from('src/shared/form/recalculate')};
import { validateSubmission, type SubmissionProblem } from ${from('src/shared/form/validateSubmission')};
import type { Language } from ${from('src/shared/language')};
import { AppError } from ${from('src/kernel/server/appError')};
import type { DataScopeRequest } from ${from('src/kernel/server/crud/dataScope')};
import { ${listImports.join(', ')} } from ${from('src/kernel/server/crud/listQuery')};
import type { DB } from ${from('src/kernel/server/db/schema')};
import { newId } from ${from('src/kernel/server/db/id')};
import type { ${model.className}Table } from './tables.js';

/**
 * ${commentText(model.title)}: the record operations. The form below is the design's, as it was when this module was
 * generated: edit it here (or generate again) when the form changes, and add a migration for new columns.
 */
// Typed unknown: a designed form is wild JSON (nulls where the types say absent); readFormDefinition checks its shape.
const FORM: unknown = ${jsonLiteral(model.design.formData)};

export const DEFINITION: FormDefinition = readFormDefinition(FORM);

/** Who is writing: the creator, organisation and modifier columns, and the language of the messages. */
export interface Writer {
  userId: string;
  organizeId?: string | null;
  language?: Language;
}

type Data = Record<string, unknown>;

const isRecord = (value: unknown): value is Data => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
const rowsOf = (value: unknown): Data[] => (Array.isArray(value) ? value.filter(isRecord) : []);
${helpers.join('\n')}

/** The calculated fields a submission gave a value that is not its formula's (a forged or stale total). */
function calculationMismatches(submitted: Data, recalculated: Data): string[] {
  const differs = (given: unknown, computed: unknown) => !isEmpty(given) && Number(given) !== Number(computed);
  const fields: string[] = [];
  for (const calculation of formCalculations(DEFINITION)) {
    if (calculation.table === undefined) {
      if (differs(submitted[calculation.key], recalculated[calculation.key])) fields.push(calculation.key);
      continue;
    }
    const given = rowsOf(submitted[calculation.table]);
    const computed = rowsOf(recalculated[calculation.table]);
    given.forEach((row, index) => {
      if (differs(row[calculation.key], computed[index]?.[calculation.key])) fields.push(\`\${calculation.table}.\${index}.\${calculation.key}\`);
    });
  }
  return fields;
}

/**
 * A submission as it may be stored, or the translated reasons it may not: calculated fields are recomputed, the
 * result is checked against the form, and a submitted result that is not its formula's is refused. Nothing is
 * written before this passes.
 */
export function checkedSubmission(body: unknown, language: Language = 'zh'): Data {
  const refuse = (problems: SubmissionProblem[]) =>
    AppError.badRequest(${literal(`${m}.invalid`)}, { problems: problems.map((p) => p.message).join('; ') }, { problems });
  if (!isRecord(body)) throw refuse(validateSubmission(DEFINITION, body, { language }));
  const data = recalculate(DEFINITION, body);
  const problems = validateSubmission(DEFINITION, data, { language });
  if (problems.length > 0) throw refuse(problems);
  const mismatches = calculationMismatches(body, data);
  if (mismatches.length > 0) throw AppError.badRequest(${literal(`${m}.calculationMismatch`)}, { fields: mismatches.join(', ') }, { fields: mismatches });
  return data;
}

function mainValues(data: Data) {
  return {
${main.columns.map((c) => toColumn(c, 'data')).join('\n')}
  };
}
${
  hasChildren
    ? `
/** The sub-table rows of a record, in the order submitted. */
async function writeRows(trx: Transaction<DB>, id: string, data: Data): Promise<void> {
${childWrites.join('\n')}
}
`
    : ''
}
function recordOf(row: Selectable<${model.className}Table>): Data {
  return {
    id: row.id,
${main.columns.map((c) => fromColumn(c, 'row')).join('\n')}
    creatorUserId: row.f_creator_user_id,
    creatorTime: row.f_creator_time.getTime(),
    lastModifyUserId: row.f_last_modify_user_id,
    lastModifyTime: row.f_last_modify_time?.getTime() ?? null,
  };
}

/** The list's sort, filters and keyword: API fields mapped to columns here, never taken from the client. */
export const LIST_SPEC: ListSpec = {
  keywordColumns: ${JSON.stringify(model.keywordColumns)},
  sortable: ${jsonLiteral(model.sortable, '  ')},
  defaultOrder: [[${literal(model.defaultSort.column)}, ${literal(model.defaultSort.direction)}]],
  filters: {
${filters.map((s) => `    ${propertyKey(s.field)}: { column: ${literal(s.column)}, searchType: ${s.searchType} },`).join('\n')}
  },
  dataScope: { creatorColumn: 'f_creator_user_id', organizeColumn: 'f_organize_id' },
};
${numberChecks}${jsonFilterCode}${timeFilterCode}${boundCode}
export async function listRecords(db: Kysely<DB>, params: ListParams, scope?: DataScopeRequest) {
  ${ownFilters.length ? 'let' : 'const'} query = db.selectFrom(${literal(main.name)}).selectAll();
${[
  numericSearch.map((s) => `  assertNumbers(${literal(s.field)}, params[${literal(s.field)}]);`).join('\n'),
  ...ownFilters.map(
    (s) => `  if (!isEmpty(params[${literal(s.field)}])) {
    const condition = ${s.type === 'jsonb' ? 'jsonFilter' : 'timeFilter'}(${literal(s.field)}, ${literal(s.column)}, ${s.searchType}, params[${literal(s.field)}]);
    if (condition) query = query.where(condition);
  }`,
  ),
]
  .filter(Boolean)
  .map((code) => `${code}\n`)
  .join('')}  const { list, pagination } = await listQuery(query, params, LIST_SPEC, scope);
  return { list: list.map(recordOf), pagination };
}

/**
 * By-id calls reach only what the caller's scoped list shows (the menu's data scope, LIST_SPEC.dataScope): a
 * record outside it answers "not found", as a missing one does. Without a scope (tests, jobs) every record.
 */
async function reachable(db: Kysely<DB> | Transaction<DB>, ids: readonly string[], scope?: DataScopeRequest): Promise<string[]> {
  if (ids.length === 0) return [];
  const query = await withinScope(db.selectFrom(${literal(main.name)}).select('id').where('id', 'in', [...ids]), LIST_SPEC, scope);
  return (await query.execute()).map((row) => row.id);
}

export async function getRecord(db: Kysely<DB>, id: string, scope?: DataScopeRequest): Promise<Data> {
  const query = await withinScope(db.selectFrom(${literal(main.name)}).selectAll().where('id', '=', id), LIST_SPEC, scope);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, ${literal(`${m}.notFound`)});
  const record = recordOf(row);
${childReads.join('\n')}
  return record;
}

export async function createRecord(db: Kysely<DB>, writer: Writer, body: unknown): Promise<{ id: string }> {
  const data = checkedSubmission(body, writer.language);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto(${literal(main.name)})
      .values({ id, ...mainValues(data), f_creator_user_id: writer.userId, f_creator_time: new Date(), f_organize_id: writer.organizeId ?? null })
      .execute();${hasChildren ? '\n    await writeRows(trx, id, data);' : ''}
  });
  return { id };
}

export async function updateRecord(db: Kysely<DB>, writer: Writer, id: string, body: unknown, scope?: DataScopeRequest): Promise<void> {
  const data = checkedSubmission(body, writer.language);
  await db.transaction().execute(async (trx) => {
    if ((await reachable(trx, [id], scope)).length === 0) throw new AppError(ResultCode.notFound, ${literal(`${m}.notFound`)});
    const updated = await trx
      .updateTable(${literal(main.name)})
      .set({ ...mainValues(data), f_last_modify_user_id: writer.userId, f_last_modify_time: new Date() })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new AppError(ResultCode.notFound, ${literal(`${m}.notFound`)});${
      hasChildren ? `\n${childDeletes.join('\n')}\n    await writeRows(trx, id, data);` : ''
    }
  });
}

/** Deletes the records the caller's scope reaches (their sub-table rows go with them); answers how many were deleted. */
export async function deleteRecords(db: Kysely<DB>, ids: readonly unknown[], scope?: DataScopeRequest): Promise<number> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== '' && id.length <= 50))];
  if (wanted.length === 0) throw AppError.badRequest(${literal(`${m}.nothingSelected`)});
  return db.transaction().execute(async (trx) => {
    // Ids outside the scope count as missing ones: never deleted, never told apart.
    const ours = await reachable(trx, wanted, scope);
    if (ours.length === 0) return 0;
    const deleted = await trx.deleteFrom(${literal(main.name)}).where('id', 'in', ours).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
}

export async function deleteRecord(db: Kysely<DB>, id: string, scope?: DataScopeRequest): Promise<void> {
  if ((await deleteRecords(db, [id], scope)) === 0) throw new AppError(ResultCode.notFound, ${literal(`${m}.notFound`)});
}
`;
}
