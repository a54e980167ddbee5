import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { newId } from '../../../../kernel/server/db/id.js';
import type { DB } from '../../../../kernel/server/db/schema.js';
import type { ChatContent } from './content.js';
import type { ChatMessageTable } from './tables.js';

type Db = Kysely<DB> | Transaction<DB>;
export type ChatMessageRow = Selectable<ChatMessageTable>;

/** History: JNPF's first load and later pages (spec 001 §9: first chat load 30, history page 50). */
export const FIRST_PAGE_SIZE = 30;
export const HISTORY_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 100;

/** The entry of owner for peer: created on the first message, shown again (delete_mark 0) by every later one. */
function touchEntry(db: Db, owner: string, peer: string, message: ChatMessageRow, unreadBy: number) {
  return db
    .insertInto('base_im_reply')
    .values({
      id: newId(),
      user_id: owner,
      peer_user_id: peer,
      latest_message: message.content,
      message_type: message.content_type,
      latest_date: message.send_time,
      unread_count: unreadBy,
      delete_mark: 0,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'peer_user_id']).doUpdateSet({
        latest_message: message.content,
        message_type: message.content_type,
        latest_date: message.send_time,
        // Added in the database, so two processes saving at once both count.
        unread_count: sql<number>`base_im_reply.unread_count + ${unreadBy}`,
        delete_mark: 0,
      }),
    )
    .execute();
}

/** Saves a message and both users' conversation entries, in one transaction. */
export async function saveMessage(db: Kysely<DB>, senderId: string, receiverId: string, content: ChatContent): Promise<ChatMessageRow> {
  return db.transaction().execute(async (trx) => {
    const message = await trx
      .insertInto('base_im_content')
      .values({ id: newId(), send_user_id: senderId, receive_user_id: receiverId, content_type: content.type, content: content.content })
      .returningAll()
      .executeTakeFirstOrThrow();
    await touchEntry(trx, senderId, receiverId, message, 0);
    await touchEntry(trx, receiverId, senderId, message, 1);
    return message;
  });
}

export function findMessage(db: Db, id: string): Promise<ChatMessageRow | undefined> {
  return db.selectFrom('base_im_content').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The messages between me and peer that I have not cleared. */
function visibleBetween(db: Db, me: string, peer: string) {
  return db.selectFrom('base_im_content').where((eb) =>
    eb.or([
      eb.and([eb('send_user_id', '=', me), eb('receive_user_id', '=', peer), eb('send_delete_mark', '=', 0)]),
      eb.and([eb('send_user_id', '=', peer), eb('receive_user_id', '=', me), eb('receive_delete_mark', '=', 0)]),
    ]),
  );
}

export interface HistoryQuery {
  currentPage?: unknown;
  pageSize?: unknown;
  keyword?: unknown;
  /** LabCode's addition: the oldest message the client shows; the page is what came before it. */
  beforeId?: unknown;
}

const positiveInt = (value: unknown, fallback: number, max: number) => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/**
 * One page of the history, newest first in the query and oldest first in the answer (as JNPF's MessageList). JNPF
 * clients page by currentPage and pageSize; a client that mixes page sizes (30, then 50) or receives messages while
 * scrolling names the oldest message it shows instead (beforeId), so no message is skipped or repeated.
 */
export async function history(db: Db, me: string, peer: string, query: HistoryQuery) {
  const pageSize = positiveInt(query.pageSize, FIRST_PAGE_SIZE, MAX_PAGE_SIZE);
  const currentPage = positiveInt(query.currentPage, 1, 1_000_000);
  let base = visibleBetween(db, me, peer);
  const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
  if (keyword) base = base.where('content_type', '=', 'text').where('content', 'ilike', `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const { total } = await base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  let page = base.selectAll();
  let offset = (currentPage - 1) * pageSize;
  if (typeof query.beforeId === 'string' && query.beforeId) {
    const anchor = await findMessage(db, query.beforeId);
    if (anchor) {
      page = page.where((eb) => eb.or([eb('send_time', '<', anchor.send_time), eb.and([eb('send_time', '=', anchor.send_time), eb('id', '<', anchor.id)])]));
      offset = 0;
    }
  }
  const rows = await page.orderBy('send_time', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
  return { list: rows.reverse(), pagination: { total: Number(total), currentPage, pageSize } };
}

/** Marks what peer sent me as read and my entry for peer as having none unread. */
export async function markRead(db: Kysely<DB>, me: string, peer: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('base_im_content')
      .set({ enabled_mark: 1, receive_time: new Date() })
      .where('send_user_id', '=', peer)
      .where('receive_user_id', '=', me)
      .where('enabled_mark', '=', 0)
      .execute();
    await trx.updateTable('base_im_reply').set({ unread_count: 0 }).where('user_id', '=', me).where('peer_user_id', '=', peer).execute();
  });
}

/**
 * Clears my records with peer (spec 001 §4): the messages leave my history (and the database once both sides
 * cleared them), my entry keeps its place with no latest message and nothing unread. Peer's history is untouched.
 */
export async function clearRecords(db: Kysely<DB>, me: string, peer: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('base_im_content').set({ send_delete_mark: 1 }).where('send_user_id', '=', me).where('receive_user_id', '=', peer).execute();
    await trx
      .updateTable('base_im_content')
      .set({ receive_delete_mark: 1, enabled_mark: 1 })
      .where('send_user_id', '=', peer)
      .where('receive_user_id', '=', me)
      .execute();
    await trx
      .deleteFrom('base_im_content')
      .where('send_delete_mark', '=', 1)
      .where('receive_delete_mark', '=', 1)
      .where((eb) => eb.or([eb.and([eb('send_user_id', '=', me), eb('receive_user_id', '=', peer)]), eb.and([eb('send_user_id', '=', peer), eb('receive_user_id', '=', me)])]))
      .execute();
    await trx.updateTable('base_im_reply').set({ latest_message: '', message_type: '', unread_count: 0 }).where('user_id', '=', me).where('peer_user_id', '=', peer).execute();
  });
}

/** Removes peer from my conversation list (spec 001 §4); the next message either way brings the entry back. */
export async function removeEntry(db: Kysely<DB>, me: string, peer: string): Promise<void> {
  await db.updateTable('base_im_reply').set({ delete_mark: 1 }).where('user_id', '=', me).where('peer_user_id', '=', peer).execute();
}
