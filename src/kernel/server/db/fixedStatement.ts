import type { CompiledQuery, Kysely, QueryResult, Transaction } from 'kysely';
import { prepareStatement } from './preparedStatements.js';
import type { DB } from './schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * A statement whose shape never changes — same tables, same columns, same number of parameters — built and
 * compiled by Kysely once per database, then run with new values (issue 15). Building and compiling a Kysely
 * statement costs 20–30 µs of CPU, a quarter to a third of sending it, so the statements every request of a hot
 * list runs (the session lookup, memberships and their names) are written this way. A list of ids goes as one array
 * parameter (`= any(${ids})`) so that its length does not change the shape.
 *
 * `build` is written like any query, with its arguments where the values go, and only there. It is called once
 * with a marker for each argument; the compiled statement's parameters that are markers are replaced by the real
 * arguments on every run, the others (constants written in the query) are kept.
 */
export interface FixedStatement<Row, Args extends unknown[]> {
  run(db: Db, ...args: Args): Promise<QueryResult<Row>>;
}

/**
 * What build is given in place of argument `index`: an object no caller's value can be. Turned into text (a
 * template string, a LIKE pattern) it throws, for the statement would keep that text and ignore every later value.
 */
class Marker {
  constructor(readonly index: number) {}
  [Symbol.toPrimitive](): never {
    throw new Error(`fixed statement argument ${this.index + 1} used as text; arguments may only stand where a value goes`);
  }
}

export function fixedStatement<Row, Args extends unknown[]>(build: (db: Kysely<DB>, ...args: Args) => { compile(): CompiledQuery<Row> }): FixedStatement<Row, Args> {
  const compiled = new WeakMap<Db, { statement: CompiledQuery<Row>; bind: (args: Args) => unknown[] }>();
  const compile = (db: Db) => {
    const markers = Array.from({ length: build.length - 1 }, (_, index) => new Marker(index)) as unknown as Args;
    const statement = build(db as Kysely<DB>, ...markers).compile();
    // On PostgreSQL each connection parses and plans it once (preparedStatements.ts).
    prepareStatement(statement.sql);
    const slots = statement.parameters.map((value) => (value instanceof Marker ? value.index : -1));
    // An argument that is not a parameter of the statement (used in JavaScript logic, wrapped in an array, left
    // out) would be ignored on every run.
    for (let index = 0; index < markers.length; index += 1) {
      if (!slots.includes(index)) throw new Error(`fixed statement argument ${index + 1} is not a value of the statement: ${statement.sql}`);
    }
    const constants = statement.parameters;
    return { statement, bind: (args: Args) => slots.map((slot, position) => (slot < 0 ? constants[position] : args[slot])) };
  };
  return {
    run(db, ...args) {
      // build's declared arguments are counted by its length: a rest or defaulted argument would go unbound.
      if (args.length !== build.length - 1) throw new Error(`fixed statement run with ${args.length} values for ${build.length - 1} arguments`);
      let entry = compiled.get(db);
      if (!entry) compiled.set(db, (entry = compile(db)));
      return db.executeQuery<Row>({ ...entry.statement, parameters: entry.bind(args) });
    },
  };
}
