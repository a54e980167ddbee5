import { CompiledQuery, sql, type Kysely, type Selectable } from 'kysely';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { fetchJson, type HttpLimits } from './httpSource.js';
import { INTERFACE_TYPES, httpMethodOf, parseDataConfig, parseParameters, resolveParameters, type NameValue } from './interfaceConfig.js';
import { bindStatement } from './sqlStatement.js';
import { READER_ROLE, readerReady } from './sqlReader.js';
import { countWithinBudget, readWithinBudget } from './sqlBudget.js';
import type { DataInterfaceTable } from './tables.js';

/**
 * Runs a data interface: static JSON, SQL under the reader role in a READ ONLY transaction, or an HTTP call
 * behind the SSRF guard. Every kind answers rows; the call decides what of them it wants: all (options,
 * preview), a page with a keyword (popup and relation lists), or the rows whose value field holds given ids
 * (labels of stored values beyond the first page).
 */
export interface RunOptions {
  paramList?: NameValue[];
  /** The signed-in user, for {@user} in SQL and HTTP templates. */
  userId: string;
  page?: { currentPage: number; pageSize: number };
  keyword?: string;
  /** The fields the keyword is looked for in; all text fields when empty. */
  searchFields?: string[];
  ids?: { field: string; values: string[] };
}

export interface RunResult {
  list: Record<string, unknown>[];
  total: number;
}

export interface RunContext {
  db: Kysely<DB>;
  databaseKind: 'pglite' | 'postgres';
  http: HttpLimits;
  /** At most this many rows leave an interface in one call. */
  rowCap: number;
  sqlTimeoutMs: number;
}

type Row = Record<string, unknown>;

/** JNPF answers come as an array, or {list}, or {data: [...]} / {data: {list}}: the rows are found in any. */
export function rowsOf(answer: unknown): Row[] {
  if (Array.isArray(answer)) return answer as Row[];
  if (answer && typeof answer === 'object') {
    const { list, data, rows } = answer as { list?: unknown; data?: unknown; rows?: unknown };
    if (Array.isArray(list)) return list as Row[];
    if (Array.isArray(rows)) return rows as Row[];
    if (data !== undefined) return rowsOf(data);
  }
  throw AppError.badRequest('dataInterface.notRows');
}

const textOf = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** Keyword, ids and paging over rows in memory (static and HTTP interfaces). */
function shape(rows: Row[], options: RunOptions, cap: number): RunResult {
  let list = rows.filter((row) => row && typeof row === 'object');
  if (options.ids) {
    const wanted = new Set(options.ids.values.map(String));
    const field = options.ids.field;
    list = list.filter((row) => wanted.has(textOf(row[field])));
  }
  const keyword = options.keyword?.trim().toLowerCase();
  if (keyword) {
    const fields = options.searchFields?.length ? options.searchFields : undefined;
    list = list.filter((row) => (fields ?? Object.keys(row)).some((field) => typeof row[field] !== 'object' && textOf(row[field]).toLowerCase().includes(keyword)));
  }
  const total = list.length;
  if (options.page) {
    const { currentPage, pageSize } = options.page;
    return { list: list.slice((currentPage - 1) * pageSize, currentPage * pageSize), total };
  }
  if (list.length > cap) throw AppError.badRequest('dataInterface.tooManyRows', { max: cap });
  return { list, total };
}

/** Replaces {name} in a template with the parameter's value (for URLs, headers and bodies of HTTP interfaces). */
function fill(template: string, values: Record<string, unknown>, encode: (value: string) => string): string {
  return template.replace(/\{\s*([A-Za-z_@][A-Za-z0-9_.]*)\s*\}/g, (whole, name: string) => (name in values ? encode(values[name] === null ? '' : String(values[name])) : whole));
}

async function runHttp(record: Selectable<DataInterfaceTable>, values: Record<string, unknown>, declared: string[], context: RunContext): Promise<unknown> {
  const api = parseDataConfig(record.data_config_json).apiData ?? {};
  const method = httpMethodOf(api.method);
  const plain = (value: string) => value;
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const item of api.query ?? []) if (item?.field) query[item.field] = fill(String(item.defaultValue ?? ''), values, plain);
  for (const item of api.header ?? []) if (item?.field) headers[item.field.toLowerCase()] = fill(String(item.defaultValue ?? ''), values, plain).replace(/[\r\n]/g, '');
  let body: string | undefined;
  if (method === 'POST') {
    // Inside a JSON body a value goes in as JSON string content, so a quote in it cannot change the document.
    body = api.body?.trim() ? fill(api.body, values, (value) => JSON.stringify(value).slice(1, -1)) : JSON.stringify(Object.fromEntries(declared.map((name) => [name, values[name]])));
  } else if (!api.query?.length) {
    for (const name of declared) if (values[name] !== null && values[name] !== undefined) query[name] = String(values[name]);
  }
  const url = fill(String(api.url ?? ''), values, encodeURIComponent);
  return fetchJson({ method, url, headers, query, body }, context.http);
}

const SQL_ERRORS: Record<string, 'dataInterface.sqlPermission' | 'dataInterface.sqlReadOnly' | 'dataInterface.sqlTimeout'> = {
  '42501': 'dataInterface.sqlPermission',
  '25006': 'dataInterface.sqlReadOnly',
  '57014': 'dataInterface.sqlTimeout',
};

async function runSql(record: Selectable<DataInterfaceTable>, values: Record<string, unknown>, options: RunOptions, context: RunContext): Promise<RunResult> {
  const statement = bindStatement(parseDataConfig(record.data_config_json).sqlData?.sql ?? '', values);
  if (!(await readerReady(context.db))) throw AppError.badRequest('dataInterface.sqlUnavailable');
  const params = [...statement.values];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions: string[] = [];
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  if (options.ids) conditions.push(`q.${quote(options.ids.field)}::text = any(${bind(options.ids.values.map(String))}::text[])`);
  const keyword = options.keyword?.trim();
  if (keyword && options.searchFields?.length) {
    const like = bind(`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conditions.push(`(${options.searchFields.map((field) => `q.${quote(field)}::text ilike ${like}`).join(' or ')})`);
  }
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  const from = `from (${statement.text}\n) as q${where}`;
  const limit = options.page ? Math.min(options.page.pageSize, context.rowCap) : context.rowCap + 1;
  const offset = options.page ? (options.page.currentPage - 1) * options.page.pageSize : 0;
  try {
    return await context.db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        await sql.raw(`set local role ${READER_ROLE}`).execute(trx);
        await sql.raw(`set local statement_timeout = ${Math.floor(context.sqlTimeoutMs)}`).execute(trx);
        // statement_timeout never fires on PGlite: there the time is kept by sqlBudget.ts.
        const budget = context.databaseKind === 'pglite' ? { timeoutMs: context.sqlTimeoutMs, started: performance.now() } : undefined;
        const text = `select * ${from} limit ${limit} offset ${offset}`;
        const rows = budget ? await readWithinBudget(trx, text, params, budget) : ((await trx.executeQuery(CompiledQuery.raw(text, params))).rows as Row[]);
        if (!options.page) {
          if (rows.length > context.rowCap) throw AppError.badRequest('dataInterface.tooManyRows', { max: context.rowCap });
          return { list: rows, total: rows.length };
        }
        if (budget) return { list: rows, total: await countWithinBudget(trx, `select * ${from}`, params, budget) };
        const counted = (await trx.executeQuery(CompiledQuery.raw(`select count(*)::int as total ${from}`, params))).rows as { total: number }[];
        return { list: rows, total: Number(counted[0]?.total ?? 0) };
      });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = String((error as { code?: unknown }).code ?? '');
    if (SQL_ERRORS[code]) throw AppError.badRequest(SQL_ERRORS[code]);
    // The administrator's own SQL: PostgreSQL's one-line reason (a missing column, a syntax error) is what they need.
    if (/^(42|22|21|0A)/.test(code)) throw AppError.badRequest('dataInterface.sqlError', { reason: String((error as Error).message).slice(0, 300) });
    throw error;
  }
}

export async function runInterface(record: Selectable<DataInterfaceTable>, options: RunOptions, context: RunContext): Promise<RunResult> {
  const declared = parseParameters(record.parameter_json);
  const values = resolveParameters(declared, options.paramList, { '@user': options.userId });
  const names = declared.map((param) => param.field);
  if (record.type === INTERFACE_TYPES.sql) return runSql(record, values, options, context);
  if (record.type === INTERFACE_TYPES.static) {
    let data: unknown;
    try {
      data = JSON.parse(parseDataConfig(record.data_config_json).staticData ?? '');
    } catch {
      throw AppError.badRequest('dataInterface.staticInvalid');
    }
    return shape(rowsOf(data), options, context.rowCap);
  }
  if (record.type === INTERFACE_TYPES.http) return shape(rowsOf(await runHttp(record, values, names, context)), options, context.rowCap);
  throw AppError.badRequest('dataInterface.typeInvalid');
}
