import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * The database role SQL interfaces run under: it may only SELECT, and not the columns that hold secrets
 * (password hashes, token hashes, keys). It is made by migration 0031 when the connected user may create roles,
 * and brought up to date once per process before the first SQL interface runs (tables made by later migrations
 * or by online development get their grants then). Where the role cannot be made or entered, SQL interfaces
 * are refused with a message rather than run with the application's own rights.
 */
export const READER_ROLE = 'labcode_interface_reader';

/** Column names that hold secrets: never readable through an interface. */
const SECRET_COLUMN = /(password|secret|token|hash|private|salt|captcha)/i;
/**
 * Whole tables that are nobody's business through an interface: sign-in state, keys, system settings (they may
 * hold mail or SMS credentials), stored file contents and the migrator's own.
 */
const SECRET_TABLE = /^(auth_|kysely_|base_password_key$|base_file_secret$|base_file_blob$|base_sys_config$)/;

/**
 * Creates the role if it is missing and the connected user may; true when the connected user can enter it.
 * Runs inside the migrator's transaction too, so nothing here may fail half-way: the DO blocks catch the races of
 * two databases of one cluster creating the cluster-wide role at once (their handlers use a subtransaction).
 */
export async function createReaderRole(db: Kysely<any>): Promise<boolean> {
  const me = await sql<{ may: boolean }>`select (rolsuper or rolcreaterole) as may from pg_roles where rolname = current_user`.execute(db);
  const may = me.rows[0]?.may === true;
  const exists = await sql<{ n: number }>`select count(*)::int as n from pg_roles where rolname = ${READER_ROLE}`.execute(db);
  if (exists.rows[0].n === 0) {
    if (!may) return false;
    await sql
      .raw(`do $$ begin create role ${READER_ROLE} nologin; exception when duplicate_object or unique_violation then null; end $$`)
      .execute(db);
  }
  const member = await sql<{ ok: boolean }>`select pg_has_role(current_user, ${READER_ROLE}, 'MEMBER') as ok`.execute(db);
  if (member.rows[0].ok) return true;
  if (!may) return false;
  await sql.raw(`do $$ begin execute 'grant ${READER_ROLE} to ' || quote_ident(current_user); exception when others then null; end $$`).execute(db);
  const after = await sql<{ ok: boolean }>`select pg_has_role(current_user, ${READER_ROLE}, 'MEMBER') as ok`.execute(db);
  return after.rows[0].ok;
}

/** SELECT on every table of the schema, except secret tables and secret columns; one transaction. */
export async function grantReader(db: Kysely<any>): Promise<void> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  const tables = new Map<string, string[]>();
  for (const row of columns.rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  const apply = async (trx: Kysely<any>) => {
    await defaults(trx);
    const role = sql.id(READER_ROLE);
    for (const [table, names] of tables) {
      const id = sql.id(table);
      await sql`revoke all on table ${id} from ${role}`.execute(trx);
      if (SECRET_TABLE.test(table)) continue;
      const readable = names.filter((name) => !SECRET_COLUMN.test(name));
      if (readable.length === names.length) await sql`grant select on table ${id} to ${role}`.execute(trx);
      else if (readable.length > 0) await sql`grant select (${sql.join(readable.map((name) => sql.id(name)))}) on table ${id} to ${role}`.execute(trx);
    }
  };
  // Tables the connected user makes later (online development's record tables) are readable at once; their
  // secret columns, if any, are taken back at the next process start.
  const defaults = (trx: Kysely<any>) => sql`alter default privileges grant select on tables to ${sql.id(READER_ROLE)}`.execute(trx);
  // The migrator hands a transaction already; elsewhere the grants go in one of their own.
  if (db.isTransaction) await apply(db);
  else await db.transaction().execute(apply);
}

const ready = new WeakMap<Kysely<DB>, Promise<boolean>>();

/**
 * Whether SQL interfaces can run on this database, making the role and its grants once per process. A failure
 * is not remembered: the next call tries again (two processes granting at once on PostgreSQL can collide).
 */
export function readerReady(db: Kysely<DB>): Promise<boolean> {
  let answer = ready.get(db);
  if (!answer) {
    answer = (async () => {
      if (!(await createReaderRole(db))) return false;
      try {
        await grantReader(db);
      } catch {
        // Another process granting at the same moment ("tuple concurrently updated"): the grants of the
        // migration stand, and the next process start brings them up to date.
      }
      return true;
    })();
    answer.catch(() => ready.delete(db));
    ready.set(db, answer);
  }
  return answer;
}
