import { CompiledQuery, type Transaction } from 'kysely';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * The time bound of SQL interfaces on the embedded database. PGlite runs PostgreSQL compiled to WebAssembly on the
 * server's own thread: it has no timer signal, so `statement_timeout` never fires, and while a statement runs no
 * request is answered (a 30-million-row count took 35 s and stalled health for as long). So on PGlite the bound is
 * kept from the outside, in two parts:
 * - before running, the planner's estimate is refused when its cost is over what runs in the time limit
 *   (COST_PER_MS, measured on PGlite: 16–230 cost units per millisecond depending on the plan; the lower end is
 *   taken so that nothing allowed runs much past the limit);
 * - rows are read with a LIMIT (the row cap or the page), and the total of a paged list is counted through a
 *   cursor in batches with the time checked between batches, so a statement the planner misjudged (a recursive
 *   query of unknown depth) still stops near the limit.
 * What neither catches is a misjudged statement whose first row needs all the work (a sort, an aggregate or a
 * set-returning function over a source the planner thinks small): the bound is then the estimate's error.
 * PostgreSQL uses its own statement_timeout, which stops anything.
 */
const COST_PER_MS = 20;
const CURSOR = 'labcode_interface_rows';

type Trx = Transaction<DB>;

const timedOut = () => AppError.badRequest('dataInterface.sqlTimeout');

async function assertAffordable(trx: Trx, text: string, params: readonly unknown[], timeoutMs: number): Promise<void> {
  let plan;
  await trx.executeQuery(CompiledQuery.raw('savepoint labcode_explain'));
  try {
    plan = await trx.executeQuery<{ 'QUERY PLAN': [{ Plan: { 'Total Cost': number } }] }>(CompiledQuery.raw(`explain (format json) ${text}`, [...params]));
  } catch (explainError) {
    await trx.executeQuery(CompiledQuery.raw('rollback to savepoint labcode_explain'));
    // A statement that cannot be planned fails before it reads a row when run, and its own error is the one the
    // administrator should read (EXPLAIN checks rights but not the read-only transaction: FOR UPDATE would answer
    // "not allowed to read" instead of "may only read").
    await trx.executeQuery(CompiledQuery.raw(text, [...params]));
    throw explainError;
  }
  const cost = Number(plan.rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Total Cost'] ?? 0);
  if (cost > timeoutMs * COST_PER_MS) throw timedOut();
}

/**
 * The rows of `text` (which carries its own LIMIT of at most the row cap, so a source that streams stops there),
 * refusing a statement whose estimate is over budget.
 */
export async function readWithinBudget(trx: Trx, text: string, params: readonly unknown[], options: { timeoutMs: number }): Promise<Record<string, unknown>[]> {
  await assertAffordable(trx, text, params, options.timeoutMs);
  return (await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [...params]))).rows;
}

/** The number of rows of `text`, counted through the cursor so the time is checked as it goes. */
export async function countWithinBudget(trx: Trx, text: string, params: readonly unknown[], options: { timeoutMs: number; started: number }): Promise<number> {
  await assertAffordable(trx, `select count(*) from (${text}) as counted`, params, options.timeoutMs);
  await trx.executeQuery(CompiledQuery.raw(`declare ${CURSOR} no scroll cursor for select 1 from (${text}) as counted`, [...params]));
  let total = 0;
  try {
    for (;;) {
      if (performance.now() - options.started > options.timeoutMs) throw timedOut();
      const batch = (await trx.executeQuery(CompiledQuery.raw(`fetch forward 10000 from ${CURSOR}`))).rows.length;
      total += batch;
      if (batch === 0) break;
    }
  } finally {
    await trx.executeQuery(CompiledQuery.raw(`close ${CURSOR}`)).catch(() => undefined);
  }
  return total;
}
