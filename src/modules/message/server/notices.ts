import { type Kysely, type Selectable, type Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { listQuery, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import type { NoticeTable } from './tables.js';
import { epochMs, userNames } from './userNames.js';
import { MessageType } from './inbox.js';

/**
 * Notices (通知公告, spec 000 §7 Messages): drafts an administrator writes, edits and deletes, then releases. The
 * release copies the notice into the message list of every enabled user (or of the chosen ones) in one
 * transaction; a released notice is no longer edited, and deleting it takes it out of every list.
 */
type Db = Kysely<DB> | Transaction<DB>;

export const NoticeState = { draft: 0, released: 1, expired: 2 } as const;
export const NOTICE_CATEGORIES = ['1', '2'] as const;
const TITLE_MAX = 200;

export interface NoticeInput {
  title?: string;
  bodyText?: string | null;
  category?: string | number | null;
  excerpt?: string | null;
  coverImage?: string | null;
  files?: unknown;
  toUserIds?: string | string[] | null;
  expirationTime?: number | string | null;
}

/** The list's enabledMark: a released notice past its expiry reads as expired (2), as JNPF's list shows it. */
const stateOf = (row: Pick<Selectable<NoticeTable>, 'enabled_mark' | 'expiration_time'>, now = Date.now()) =>
  row.enabled_mark === NoticeState.released && row.expiration_time && new Date(row.expiration_time).getTime() < now ? NoticeState.expired : row.enabled_mark;

function parseFiles(files: string | null): unknown[] {
  if (!files) return [];
  try {
    const value: unknown = JSON.parse(files);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

async function view(db: Db, rows: Selectable<NoticeTable>[]) {
  const names = await userNames(db, rows.flatMap((r) => [r.creator_user_id, r.release_user_id, r.last_modify_user_id]));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    bodyText: r.body_text ?? '',
    category: r.category,
    excerpt: r.excerpt ?? '',
    coverImage: r.cover_image ?? '',
    files: parseFiles(r.files),
    toUserIds: r.to_user_ids ? r.to_user_ids.split(',') : [],
    expirationTime: epochMs(r.expiration_time),
    enabledMark: stateOf(r),
    creatorUser: names.get(r.creator_user_id) ?? '',
    creatorTime: epochMs(r.created_at),
    lastModifyTime: epochMs(r.last_modify_time),
    lastModifyUserId: (r.last_modify_user_id && names.get(r.last_modify_user_id)) || '',
    releaseTime: epochMs(r.release_time),
    releaseUser: (r.release_user_id && names.get(r.release_user_id)) || '',
  }));
}

export const noticeListSpec: ListSpec = {
  keywordColumns: ['title'],
  sortable: { title: 'title', creatorTime: 'created_at', releaseTime: 'release_time', enabledMark: 'enabled_mark' },
  defaultOrder: [['enabled_mark', 'asc'], ['created_at', 'desc']],
  filters: {
    category: { column: 'category', searchType: 1 },
    enabledMark: { column: 'enabled_mark', searchType: 1 },
    releaseUser: { column: 'release_user_id', searchType: 1 },
    creatorUser: { column: 'creator_user_id', searchType: 1 },
    expirationTime: { column: 'expiration_time', searchType: 3 },
    releaseTime: { column: 'release_time', searchType: 3 },
    creatorTime: { column: 'created_at', searchType: 3 },
  },
};

/** A time range as JNPF's filters send it, [from, to] in epoch milliseconds, as the timestamps the columns hold. */
const timeRange = (value: unknown) => {
  if (!Array.isArray(value)) return undefined;
  return value.map((end) => {
    if (end === null || end === '' || end === undefined) return '';
    const date = new Date(Number(end));
    if (Number.isNaN(date.getTime())) throw AppError.badRequest('error.badRequest');
    return date.toISOString();
  });
};

/**
 * The notice list. JNPF 3.6 posts its filters (NoticeList): `type` is the category, lists choose any of their
 * values, time ranges are in epoch milliseconds; JNPF 3.4 and ours send the query string.
 */
export async function listNotices(db: Db, params: ListParams) {
  const { type, expirationTime, releaseTime, creatorTime, ...rest } = params;
  const query: ListParams = {
    ...rest,
    ...(type !== undefined && rest.category === undefined ? { category: type } : {}),
    ...(expirationTime !== undefined ? { expirationTime: timeRange(expirationTime) } : {}),
    ...(releaseTime !== undefined ? { releaseTime: timeRange(releaseTime) } : {}),
    ...(creatorTime !== undefined ? { creatorTime: timeRange(creatorTime) } : {}),
  };
  const { list, pagination } = await listQuery(db.selectFrom('base_notice').selectAll(), query, noticeListSpec);
  return { list: await view(db, list), pagination };
}

async function findNotice(db: Db, id: string) {
  const row = await db.selectFrom('base_notice').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'message.noticeNotFound');
  return row;
}

export async function getNotice(db: Db, id: string) {
  return (await view(db, [await findNotice(db, id)]))[0];
}

function parseTime(value: NoticeInput['expirationTime']): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
  if (Number.isNaN(date.getTime())) throw AppError.badRequest('message.expirationInvalid');
  return date;
}

const optionalText = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.slice(0, max) : null);

/** The recipients as stored: ids of existing enabled users, comma-joined, or null for everyone. */
async function recipients(db: Db, value: NoticeInput['toUserIds']): Promise<string | null> {
  const ids = [...new Set((Array.isArray(value) ? value : String(value ?? '').split(',')).map((id) => String(id).trim()).filter(Boolean))];
  if (ids.length === 0) return null;
  const found = await db.selectFrom('base_user').select('id').where('id', 'in', ids).where('enabled_mark', '=', 1).execute();
  if (found.length !== ids.length) throw AppError.badRequest('message.recipientsInvalid');
  return ids.join(',');
}

async function validate(db: Db, input: NoticeInput, isNew: boolean) {
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  if (!title) throw AppError.badRequest('message.titleRequired');
  if (title.length > TITLE_MAX) throw AppError.badRequest('message.titleTooLong');
  const category = String(input.category ?? '1');
  if (!NOTICE_CATEGORIES.includes(category as never)) throw AppError.badRequest('message.categoryInvalid');
  const bodyText = typeof input.bodyText === 'string' ? input.bodyText : null;
  // JNPF refuses text whose markup arrived escaped (an editor bug would otherwise show tags as text).
  if (bodyText && (bodyText.includes('&lt;') || bodyText.includes('&amp;lt;'))) throw AppError.badRequest('message.bodyEscaped');
  const expiration = parseTime(input.expirationTime);
  if (expiration && isNew && expiration.getTime() < Date.now()) throw AppError.badRequest('message.expirationPast');
  return {
    title,
    body_text: bodyText,
    category,
    excerpt: optionalText(input.excerpt, 500),
    cover_image: optionalText(input.coverImage, 500),
    files: Array.isArray(input.files) ? JSON.stringify(input.files) : typeof input.files === 'string' && input.files ? input.files : null,
    to_user_ids: await recipients(db, input.toUserIds),
    expiration_time: expiration,
  };
}

export async function createNotice(db: Kysely<DB>, input: NoticeInput, userId: string): Promise<string> {
  const id = newId();
  const values = await validate(db, input, true);
  await db.insertInto('base_notice').values({ id, ...values, enabled_mark: NoticeState.draft, creator_user_id: userId }).execute();
  return id;
}

export async function updateNotice(db: Kysely<DB>, id: string, input: NoticeInput, userId: string): Promise<void> {
  const values = await validate(db, input, false);
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('base_notice').select('enabled_mark').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new AppError(ResultCode.notFound, 'message.noticeNotFound');
    if (row.enabled_mark !== NoticeState.draft) throw AppError.badRequest('message.noticeReleased');
    await trx.updateTable('base_notice').set({ ...values, last_modify_time: new Date(), last_modify_user_id: userId }).where('id', '=', id).execute();
  });
}

export async function deleteNotice(db: Kysely<DB>, id: string): Promise<void> {
  const deleted = await db.deleteFrom('base_notice').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new AppError(ResultCode.notFound, 'message.noticeNotFound');
}

/**
 * Releases a draft: marks it released and gives each recipient a message, in one transaction, so a failure
 * leaves neither a released notice nobody got nor messages of a draft. Releasing a released notice changes
 * nothing. Answers the user ids reached (the caller tells their open sockets).
 */
export async function releaseNotice(db: Kysely<DB>, id: string, userId: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const notice = await trx.selectFrom('base_notice').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!notice) throw new AppError(ResultCode.notFound, 'message.noticeNotFound');
    if (notice.enabled_mark !== NoticeState.draft) throw AppError.badRequest('message.noticeReleased');
    let users = trx.selectFrom('base_user').select('id').where('enabled_mark', '=', 1);
    if (notice.to_user_ids) users = users.where('id', 'in', notice.to_user_ids.split(','));
    const reached = (await users.execute()).map((u) => u.id);
    if (reached.length === 0) throw AppError.badRequest('message.noRecipients');
    const now = new Date();
    await trx.updateTable('base_notice').set({ enabled_mark: NoticeState.released, release_time: now, release_user_id: userId, last_modify_time: now, last_modify_user_id: userId }).where('id', '=', id).execute();
    // Batches keep each statement's parameter count far below PostgreSQL's limit of 65535.
    for (let start = 0; start < reached.length; start += 1000) {
      await trx
        .insertInto('base_message')
        .values(reached.slice(start, start + 1000).map((user) => ({ id: newId(), user_id: user, type: MessageType.notice, title: notice.title, body_text: notice.body_text, notice_id: id, creator_user_id: userId, created_at: now })))
        .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
        .execute();
    }
    return reached;
  });
}

