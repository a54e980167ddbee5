import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../../../kernel/server/db/schema.js';
import { seedMessageDictionaries } from '../seed.js';

/**
 * JNPF's message pages pick message types and sources from the msgSendType and msgSourceType dictionaries. A fresh
 * database gets them from the message seed; a database seeded before gets them here, once. Either code already in
 * use (an administrator made it) leaves the database as it is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { rows: seeded } = await sql`select 1 from base_sys_config where key = 'demoSeededAt'`.execute(db);
  if (seeded.length === 0) return;
  const { rows: taken } = await sql`select 1 from base_dictionary_type where lower(en_code) in ('msgsendtype', 'msgsourcetype', 'messagecenter') or id = 'dict-type-message'`.execute(db);
  if (taken.length > 0) return;
  await db.transaction().execute((trx) => seedMessageDictionaries(trx as unknown as Transaction<DB>));
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from base_dictionary_type where id in ('dict-type-msg-send-type', 'dict-type-msg-source-type', 'dict-type-message')`.execute(db);
}
