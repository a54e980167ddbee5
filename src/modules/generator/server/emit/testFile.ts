import { formCalculations } from '../../../../shared/form/calculatedFields.js';
import { recalculate } from '../../../../shared/form/recalculate.js';
import type { PlannedColumn } from '../../../onlineData/server/public.js';
import type { GenerationModel } from '../model.js';
import { commentText, jsonLiteral, literal, propertyKey } from '../names.js';
import { sampleSubmissions } from '../samples.js';
import { migrationName } from './serverModule.js';
import { importFrom, type Layout } from './layout.js';

/**
 * The generated vitest test: on a fresh embedded database with the module's migration applied, a submission the
 * form accepts is stored and reads back, and one it refuses is refused with the module's message and stores
 * nothing. The samples were checked against the form when the test was generated.
 */
/** What a sample reads back as: text columns give text, numbers and times (milliseconds) numbers. */
function readBack(values: Record<string, unknown>, columns: readonly PlannedColumn[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const column = columns.find((c) => c.field === key);
    if (!column) result[key] = value;
    else if (column.type === 'text') result[key] = String(value);
    else if (column.type === 'numeric' || column.type === 'timestamptz') result[key] = Number(value);
    else result[key] = value;
  }
  return result;
}

function expected(model: GenerationModel, good: Record<string, unknown>): Record<string, unknown> {
  const result = readBack(good, model.plan.main.columns);
  for (const child of model.plan.children) {
    const rows = good[child.field ?? ''];
    if (Array.isArray(rows)) result[child.field!] = rows.map((row: Record<string, unknown>) => readBack(row, child.columns));
  }
  return result;
}

export function testFile(model: GenerationModel, layout: Layout): string {
  const samples = sampleSubmissions(model.design.formData);
  const from = (file: string) => literal(importFrom(layout.testDir, file));
  const own = (file: string) => literal(importFrom(layout.testDir, `${layout.moduleDir}/${file}`));
  const title = literal(`${model.moduleName} (generated from the design)`);
  // The list's search fields, each asked for the good sample's own value: the record is found by every one.
  const searches = model.search.flatMap((search) => {
    const value = samples.good?.[search.field];
    if (value === undefined || value === null || value === '' || typeof value === 'object') return [];
    return [{ field: search.field, value: search.searchType === 3 ? [value, value] : value }];
  });
  // A forged total: the first calculated field of the form given a value its formula does not give.
  const calculated = formCalculations(model.design.formData).find((c) => c.table === undefined);
  const forged =
    samples.good && calculated ? { ...samples.good, [calculated.key]: Number(recalculate(model.design.formData, samples.good)[calculated.key] ?? 0) + 1 } : undefined;
  const forgedTest = forged
    ? `
  it('refuses a calculated field that is not its formula, and stores nothing', async () => {
    const before = (await listRecords(database.db, {})).pagination.total;
    const refusal = await createRecord(database.db, writer, FORGED).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((refusal as AppError).messageKey).toBe(${literal(`${model.messagePrefix}.calculationMismatch`)});
    expect((await listRecords(database.db, {})).pagination.total).toBe(before);
  });
`
    : '';
  const goodTest = samples.good
    ? `  it('stores a submission the form accepts, and reads it back', async () => {
    const { id } = await createRecord(database.db, writer, GOOD);
    const record = await getRecord(database.db, id);
    expect(record).toMatchObject(STORED);
    expect(record.creatorUserId).toBe('generated-test');
    const { list, pagination } = await listRecords(database.db, {});
    expect(pagination.total).toBe(1);
    expect(list[0].id).toBe(id);
${searches
  .map(
    (search) => `    expect((await listRecords(database.db, { ${propertyKey(search.field)}: ${JSON.stringify(search.value)} })).pagination.total, ${literal(`search by ${search.field}`)}).toBe(1);`,
  )
  .join('\n')}
  });

  it('keeps by-id calls inside the data scope of the caller: a record of another user is not found', async () => {
    const { id } = await createRecord(database.db, writer, GOOD);
    const ownScope = (userId: string) => ({ userId, isAdministrator: false, menu: 'generated', resolver: async () => ({ kind: 'own' as const, userId }) });
    const refusal = (error: unknown) => (error as AppError).messageKey;
    const notFound = ${literal(`${model.messagePrefix}.notFound`)};
    expect(await getRecord(database.db, id, ownScope('someone-else')).then(() => 'read', refusal)).toBe(notFound);
    expect(await updateRecord(database.db, writer, id, GOOD, ownScope('someone-else')).then(() => 'updated', refusal)).toBe(notFound);
    expect(await deleteRecords(database.db, [id], ownScope('someone-else'))).toBe(0);
    expect((await getRecord(database.db, id, ownScope('generated-test'))).id).toBe(id);
    expect(await deleteRecords(database.db, [id], ownScope('generated-test'))).toBe(1);
  });
`
    : `  // No sample satisfies every rule of this form (a pattern no generic value matches): write one here.
  it.todo('stores a submission the form accepts, and reads it back');
`;
  return `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from ${from('src/kernel/server/appError')};
import { openPGlite, type Database } from ${from('src/kernel/server/db/database')};
import { up } from ${own(`migrations/${migrationName(model)}`)};
import { createRecord, ${samples.good ? 'deleteRecords, getRecord, ' : ''}listRecords${samples.good ? ', updateRecord' : ''} } from ${own('service')};

/* ${commentText(model.title)}: the generated service on the embedded database. */
${
  samples.good
    ? `const GOOD: Record<string, unknown> = ${jsonLiteral(samples.good)};

/** GOOD as it reads back: text columns answer text. */
const STORED: Record<string, unknown> = ${jsonLiteral(expected(model, samples.good))};
${forged ? `\n/** GOOD with a calculated field that is not its formula's. */\nconst FORGED: Record<string, unknown> = ${jsonLiteral(forged)};\n` : ''}`
    : ''
}
/** ${commentText(samples.badReason)} */
const BAD: Record<string, unknown> = ${jsonLiteral(samples.bad)};

const writer = { userId: 'generated-test', language: 'en' as const };

describe(${title}, () => {
  let database: Database;

  beforeAll(async () => {
    database = await openPGlite();
    await up(database.db);
  });

  afterAll(async () => {
    await database?.close();
  });

${goodTest}
  it(${literal(`refuses ${samples.badReason} and stores nothing`)}, async () => {
    const before = (await listRecords(database.db, {})).pagination.total;
    const refusal = await createRecord(database.db, writer, BAD).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).messageKey).toBe(${literal(`${model.messagePrefix}.invalid`)});
    expect((await listRecords(database.db, {})).pagination.total).toBe(before);
  });
${forgedTest}});
`;
}
