import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** "realName/account" of each user id, as JNPF's message lists name creators and publishers; one query a page. */
export async function userNames(db: Db, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('base_user').select(['id', 'real_name', 'account']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, `${r.real_name}/${r.account}`]));
}

/** JNPF answers times of the message calls as epoch milliseconds. */
export const epochMs = (value: Date | string | null | undefined): number | null => (value ? new Date(value).getTime() : null);
