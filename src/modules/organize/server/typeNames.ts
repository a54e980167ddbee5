import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { entryCodeById } from '../../dictionary/server/public.js';

/**
 * Positions and groups carry an optional type: the code of an entry of the dictionary positionType or groupType.
 * JNPF clients choose the entry by its id; the code is what is stored, and the entry's name what lists show (the
 * code itself when the dictionary does not have it).
 */
type Db = Kysely<DB> | Transaction<DB>;

export const POSITION_TYPE_DICTIONARY = 'positionType';
export const GROUP_TYPE_DICTIONARY = 'groupType';

export async function typeNames(db: Db, dictionary: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('base_dictionary_data as d')
    .innerJoin('base_dictionary_type as t', 't.id', 'd.dictionary_type_id')
    .select(['d.en_code', 'd.full_name'])
    .where('t.en_code', '=', dictionary)
    .execute();
  return new Map(rows.map((row) => [row.en_code, row.full_name]));
}

/** The stored type: the entry's code when the client sent an entry id, else what it sent (trimmed, or null). */
export async function typeCode(db: Db, dictionary: string, value: unknown): Promise<string | null> {
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim();
  return (await entryCodeById(db, dictionary, text)) ?? text;
}
