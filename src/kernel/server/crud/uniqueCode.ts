import { sql, type Kysely, type Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../appError.js';
import type { DB } from '../db/schema.js';
import type { MessageKey, MessageParams } from '../locales/messages.js';

/**
 * Codes (en_code) are unique without regard to letter case. The check here gives the caller the spec's message
 * before anything is written; the database's unique index on lower(en_code) is what holds under concurrency, and
 * withUniqueCode turns its refusal into the same message.
 */
export interface UniqueCodeRule {
  table: keyof DB & string;
  /** Defaults to en_code. */
  column?: string;
  /** Codes are unique within this column's value (entries within their category), or across the table. */
  within?: { column: string; value: string };
  message: MessageKey;
  params?: MessageParams;
}

export async function assertCodeFree(db: Kysely<DB> | Transaction<DB>, rule: UniqueCodeRule, code: string, exceptId?: string): Promise<void> {
  const column = sql.ref(rule.column ?? 'en_code');
  const within = rule.within ? sql`and ${sql.ref(rule.within.column)} = ${rule.within.value}` : sql``;
  const except = exceptId ? sql`and id <> ${exceptId}` : sql``;
  const { rows } = await sql`select 1 from ${sql.table(rule.table)} where lower(${column}) = ${code.toLowerCase()} ${within} ${except} limit 1`.execute(db);
  if (rows.length > 0) throw new AppError(ResultCode.conflict, rule.message, rule.params);
}

const UNIQUE_VIOLATION = '23505';

/** Runs a write; a unique-index refusal (a concurrent writer took the code first) answers the rule's message. */
export async function withUniqueCode<T>(message: MessageKey, write: () => Promise<T>, params?: MessageParams): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) throw new AppError(ResultCode.conflict, message, params);
    throw error;
  }
}
