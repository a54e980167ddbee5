import type { FastifyRequest } from 'fastify';
import type { ControlledTransaction, Kysely, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../appError.js';
import type { DB } from '../db/schema.js';

/**
 * An import is all or nothing: its rows are committed together at the end, so a process killed halfway leaves
 * none of them and a retry duplicates nothing. Inside that one transaction each row has a savepoint, so a row the
 * database refuses (a unique key, a constraint) is rolled back alone and reported like a row our checks refuse,
 * instead of aborting every row after it.
 */
export async function inOneTransaction<T>(request: FastifyRequest, db: Kysely<DB>, work: (trx: ControlledTransaction<DB>) => Promise<T>): Promise<T> {
  const trx = await db.startTransaction().execute();
  try {
    const result = await work(trx);
    await trx.commit().execute();
    return result;
  } catch (error) {
    // A failed COMMIT has already ended the transaction; the rollback then only gives the connection back.
    if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute().catch(() => undefined);
    request.log.error({ err: error }, 'import not committed');
    // Integrity (23) and serialization (40) refusals come from the data and may pass after a change; others are faults.
    const sqlState = String((error as { code?: unknown })?.code ?? '');
    throw new AppError(/^(23|40)/.test(sqlState) ? ResultCode.conflict : ResultCode.serverError, 'import.notCommitted');
  }
}

/** Runs one row's writes under a savepoint: undefined when they stand, else the error, with the row rolled back. */
export async function inSavepoint(trx: ControlledTransaction<DB>, work: (trx: Transaction<DB>) => Promise<void>): Promise<unknown> {
  const point = await trx.savepoint('import_row').execute();
  try {
    await work(point);
    await point.releaseSavepoint('import_row').execute();
    return undefined;
  } catch (error) {
    // Should the rollback itself fail (the connection is gone), that error ends the whole import.
    await point.rollbackToSavepoint('import_row').execute();
    await point.releaseSavepoint('import_row').execute();
    return error;
  }
}
