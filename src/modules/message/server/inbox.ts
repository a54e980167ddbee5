import { sql, type Kysely, type Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { listQuery, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { newId } from '../../../kernel/server/db/id.js';
import { epochMs, userNames } from './userNames.js';

/**
 * A user's message list (站内消息, /messageRecord): the messages addressed to them, their read marks and unread
 * counts. Every call works on the caller's own rows only; another user's message id answers "no such message".
 */
type Db = Kysely<DB> | Transaction<DB>;

/** JNPF's message types (base_message.f_type). */
export const MessageType = { notice: 1, workflow: 2, system: 3, schedule: 4 } as const;
const TYPE_NAMES: Record<number, string> = { 1: '公告', 2: '流程', 3: '系统', 4: '日程' };

export const inboxListSpec: ListSpec = {
  keywordColumns: ['title'],
  sortable: { releaseTime: 'created_at', lastModifyTime: 'created_at', title: 'title', isRead: 'is_read' },
  defaultOrder: [['created_at', 'desc']],
  filters: { type: { column: 'type', searchType: 1 }, isRead: { column: 'is_read', searchType: 1 } },
};

export async function listMessages(db: Db, userId: string, query: ListParams) {
  const base = db.selectFrom('base_message').selectAll().where('user_id', '=', userId);
  const { list, pagination } = await listQuery(base, query, inboxListSpec);
  const names = await userNames(db, list.map((r) => r.creator_user_id));
  return {
    list: list.map((r) => {
      const publisher = (r.creator_user_id && names.get(r.creator_user_id)) || '';
      return {
        id: r.id,
        title: r.title,
        type: r.type,
        typeName: TYPE_NAMES[r.type] ?? '',
        isRead: r.is_read,
        flowType: r.flow_type,
        enabledMark: 1,
        creatorUser: publisher,
        releaseUser: publisher,
        releaseTime: epochMs(r.created_at),
        lastModifyTime: epochMs(r.created_at),
      };
    }),
    pagination,
  };
}

/** Opens a message: marks it read and answers it whole, with its notice's details when it came from one. */
export async function readMessage(db: Kysely<DB>, userId: string, id: string) {
  const row = await db.selectFrom('base_message').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'message.notFound');
  if (!row.is_read) await db.updateTable('base_message').set({ is_read: 1, read_time: new Date() }).where('id', '=', id).where('user_id', '=', userId).execute();
  const notice = row.notice_id ? await db.selectFrom('base_notice').selectAll().where('id', '=', row.notice_id).executeTakeFirst() : undefined;
  const names = await userNames(db, [row.creator_user_id]);
  let files: unknown[] = [];
  try {
    const parsed: unknown = notice?.files ? JSON.parse(notice.files) : [];
    if (Array.isArray(parsed)) files = parsed;
  } catch {
    // A file list that is not JSON shows no attachments.
  }
  return {
    id: row.id,
    title: row.title,
    bodyText: row.body_text ?? '',
    type: row.type,
    typeName: TYPE_NAMES[row.type] ?? '',
    isRead: 1,
    category: notice?.category ?? '',
    excerpt: notice?.excerpt ?? '',
    coverImage: notice?.cover_image ?? '',
    expirationTime: epochMs(notice?.expiration_time),
    files,
    releaseTime: epochMs(row.created_at),
    releaseUser: (row.creator_user_id && names.get(row.creator_user_id)) || '',
  };
}

/** DELETE /message/Record: ids comma-joined (JNPF) or as a list. Only the caller's own messages go. */
export async function deleteMessages(db: Kysely<DB>, userId: string, ids: string | string[] | undefined): Promise<number> {
  const list = [...new Set((Array.isArray(ids) ? ids : String(ids ?? '').split(',')).map((id) => String(id).trim()).filter(Boolean))];
  if (list.length === 0 || list.some((id) => id.length > 50) || list.length > 1000) throw AppError.badRequest('message.idsRequired');
  const deleted = await db.deleteFrom('base_message').where('user_id', '=', userId).where('id', 'in', list).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Marks the caller's unread messages (of one type, when given) read; answers how many changed. */
export async function readAll(db: Kysely<DB>, userId: string, type?: number): Promise<number> {
  let update = db.updateTable('base_message').set({ is_read: 1, read_time: new Date() }).where('user_id', '=', userId).where('is_read', '=', 0);
  if (type) update = update.where('type', '=', type);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface UnreadCounts {
  notice: number;
  workflow: number;
  system: number;
  schedule: number;
  total: number;
}

export async function unreadCounts(db: Db, userId: string): Promise<UnreadCounts> {
  const rows = await db
    .selectFrom('base_message')
    .select(['type', sql<number>`count(*)::int`.as('count')])
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .groupBy('type')
    .execute();
  const of = (type: number) => Number(rows.find((r) => r.type === type)?.count ?? 0);
  const counts = { notice: of(MessageType.notice), workflow: of(MessageType.workflow), system: of(MessageType.system), schedule: of(MessageType.schedule) };
  return { ...counts, total: counts.notice + counts.workflow + counts.system + counts.schedule };
}

/** The latest messages for the navbar's notice list. */
export async function latestMessages(db: Db, userId: string, limit: number) {
  const rows = await db.selectFrom('base_message').select(['id', 'title', 'type', 'is_read', 'created_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, title: r.title, type: r.type, isRead: r.is_read, releaseTime: epochMs(r.created_at) }));
}

/** A message another module puts into users' lists (a workflow's "awaiting your approval", say). */
export interface InboxMessage {
  userIds: readonly string[];
  type: number;
  title: string;
  bodyText?: string | null;
  /** JNPF's flowType on workflow messages: 1 to do, 2 result. */
  flowType?: number | null;
  creatorUserId?: string | null;
}

/**
 * Adds one message to each named user's list, inside the caller's transaction, so the message exists exactly when
 * what it announces does. Unread counts reach open sockets at the next poll or push.
 */
export async function addInboxMessages(db: Db, message: InboxMessage): Promise<void> {
  const userIds = [...new Set(message.userIds)].filter(Boolean);
  if (userIds.length === 0) return;
  const now = new Date();
  await db
    .insertInto('base_message')
    .values(userIds.map((userId) => ({ id: newId(), user_id: userId, type: message.type, title: message.title.slice(0, 200), body_text: message.bodyText ?? null, flow_type: message.flowType ?? null, creator_user_id: message.creatorUserId ?? null, created_at: now })))
    .execute();
}
