import { sql, type Kysely, type Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../appError.js';
import type { DB } from '../db/schema.js';
import type { MessageKey } from '../locales/messages.js';

/** Tables whose rows carry enabled_mark (1 on, 0 off) and a text id. */
type TogglableTable = { [T in keyof DB]: DB[T] extends { id: string; enabled_mark: unknown } ? T : never }[keyof DB];

/**
 * PUT …/{id}/Actions/State: flips enabledMark in one statement (two clicks from two tabs flip twice, never
 * lose one) and answers the new value.
 */
export async function toggleEnabled(db: Kysely<DB> | Transaction<DB>, table: TogglableTable, id: string, notFound: MessageKey): Promise<number> {
  const { rows } = await sql<{ enabled_mark: number }>`
    update ${sql.table(table)} set enabled_mark = case when enabled_mark = 1 then 0 else 1 end
    where id = ${id} returning enabled_mark`.execute(db);
  if (rows.length === 0) throw new AppError(ResultCode.notFound, notFound);
  return rows[0].enabled_mark;
}
