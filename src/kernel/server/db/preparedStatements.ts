import pg from 'pg';

/**
 * Server-side prepared statements for the statements that never change shape (fixedStatement.ts), on PostgreSQL.
 *
 * node-postgres sends every statement unnamed: PostgreSQL parses, analyses and plans it on every run. A statement
 * registered here gets a name, so each pooled connection parses it once and afterwards only binds and runs it, the
 * way JDBC drivers prepare a statement run often (PgJDBC does from the fifth run). On the users list that halved
 * PostgreSQL's CPU a request (issue 15). Only fixed statements are named: their number is fixed by the code, so a
 * connection never holds more than that many, where naming every statement (each list filter, each sort) would
 * fill every connection with plans used once.
 *
 * A pooler in transaction mode between the server and PostgreSQL must keep prepared statements per client
 * (PgBouncer 1.21 and later, max_prepared_statements); the embedded PGlite is not concerned.
 */
const names = new Map<string, string>();

/** Names a statement's text for every connection from now on (idempotent). */
export function prepareStatement(sql: string): void {
  if (!names.has(sql)) names.set(sql, `labcode_fixed_${names.size + 1}`);
}

/** The pool's client: a registered statement's text goes out with its name, everything else as it came. */
export class PreparingClient extends pg.Client {}

const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
// Assigned rather than declared as an override: one function stands for query's many typed overloads.
(PreparingClient.prototype as unknown as { query: unknown }).query = function query(this: pg.Client, ...args: unknown[]) {
  const [text, values, callback] = args;
  const name = typeof text === 'string' ? names.get(text) : undefined;
  if (name === undefined || (values !== undefined && !Array.isArray(values)) || typeof callback === 'function') return plainQuery.apply(this, args);
  return plainQuery.call(this, { name, text, values: values ?? [] });
};
