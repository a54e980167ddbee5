import type { Kysely, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { listQuery, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';

/**
 * In-app mail (JNPF's /api/extend/Email): a user writes to colleagues by account (or the e-mail address on their
 * profile) and each recipient finds their own copy in the inbox, opened on /emailDetail. Delivery stays inside
 * the product: no SMTP or POP3 account is configured, so nothing leaves the server. Every call works on the
 * caller's own rows; another user's mail id answers "no such mail".
 */
type Db = Kysely<DB> | Transaction<DB>;

export const EmailState = { draft: -1, sent: 1 } as const;
export const MAILBOXES = ['inBox', 'star', 'draft', 'sent'] as const;
export type Mailbox = (typeof MAILBOXES)[number];
const MAX_RECIPIENTS = 100;
const MAX_ATTACHMENTS = 20;

export interface EmailInput {
  recipient?: string | string[] | null;
  cc?: string | string[] | null;
  bcc?: string | string[] | null;
  subject?: string | null;
  bodyText?: string | null;
  attachment?: string | unknown[] | null;
  /** The same list as a file field's value (the mailbox screen's compose form), which wins when given. */
  attachmentFiles?: unknown[] | null;
}

const ms = (value: Date | string | null | undefined): number | null => (value ? new Date(value).getTime() : null);

const receiveSpec: ListSpec = {
  keywordColumns: ['subject', 'sender_name'],
  sortable: { fdate: 'fdate', subject: 'subject', isRead: 'is_read' },
  defaultOrder: [['fdate', 'desc']],
  filters: {},
};
const sendSpec: ListSpec = {
  keywordColumns: ['subject', 'recipient'],
  sortable: { creatorTime: 'created_at', subject: 'subject' },
  defaultOrder: [['created_at', 'desc']],
  filters: {},
};

function addressList(value: string | string[] | null | undefined): string[] {
  const parts = Array.isArray(value) ? value : String(value ?? '').split(/[,;，；\s]+/);
  return [...new Set(parts.map((p) => String(p).trim()).filter(Boolean))];
}

/** The attachment list as stored: JSON of {fileId, fileName, fileSize}; anything else is refused. */
function attachmentText(value: EmailInput['attachment']): string {
  let list: unknown = value ?? [];
  if (typeof list === 'string') {
    try {
      list = list.trim() ? JSON.parse(list) : [];
    } catch {
      throw AppError.badRequest('email.attachmentInvalid');
    }
  }
  if (!Array.isArray(list) || list.length > MAX_ATTACHMENTS) throw AppError.badRequest('email.attachmentInvalid');
  const clean = list.map((item) => {
    // JNPF's clients send {fileId, fileName}; a file field's value (the mailbox screen's) names it {fileId, name}.
    const f = item as { fileId?: unknown; fileName?: unknown; name?: unknown; fileSize?: unknown };
    const fileName = f?.fileName ?? f?.name;
    if (typeof f?.fileId !== 'string' || !f.fileId || f.fileId.length > 200 || typeof fileName !== 'string' || !fileName || fileName.length > 200) throw AppError.badRequest('email.attachmentInvalid');
    return { fileId: f.fileId, fileName, fileSize: Number.isFinite(Number(f.fileSize)) && Number(f.fileSize) > 0 ? Number(f.fileSize) : 0 };
  });
  return JSON.stringify(clean);
}

/** The stored list as a file field's value ({name, fileId, fileSize}), for a form that edits a draft. */
function attachmentFiles(text: string | null): { name: string; fileId: string; fileSize: number; url: string }[] {
  try {
    const list: unknown = JSON.parse(text || '[]');
    return Array.isArray(list) ? (list as { fileId: string; fileName: string; fileSize?: number }[]).map((f) => ({ name: f.fileName, fileId: f.fileId, fileSize: Number(f.fileSize) || 0, url: '' })) : [];
  } catch {
    return [];
  }
}

function subjectOf(input: EmailInput): string {
  const subject = String(input.subject ?? '').trim();
  if (!subject) throw AppError.badRequest('email.subjectRequired');
  if (subject.length > 200) throw AppError.badRequest('email.subjectTooLong');
  return subject;
}

interface Recipient {
  id: string;
  account: string;
}

/** Resolves addresses to enabled users by account or profile e-mail (either case); an unknown one is refused. */
async function resolve(db: Db, addresses: string[]): Promise<Recipient[]> {
  if (addresses.length === 0) return [];
  const lower = addresses.map((a) => a.toLowerCase());
  const rows = await db
    .selectFrom('base_user')
    .select(['id', 'account', 'email'])
    .where('enabled_mark', '=', 1)
    .where((eb) => eb.or([eb(eb.fn('lower', ['account']), 'in', lower), eb(eb.fn('lower', ['email']), 'in', lower)]))
    .execute();
  return lower.map((address, i) => {
    const user = rows.find((r) => r.account.toLowerCase() === address) ?? rows.find((r) => (r.email ?? '').toLowerCase() === address);
    if (!user) throw AppError.badRequest('email.recipientUnknown', { name: addresses[i]!.slice(0, 100) });
    return { id: user.id, account: user.account };
  });
}

/** POST /api/extend/Email: sends to recipients, cc and bcc, each getting their own inbox copy, in one transaction. */
export async function sendMail(db: Kysely<DB>, userId: string, input: EmailInput & { id?: string | null }): Promise<string[]> {
  const subject = subjectOf(input);
  const to = addressList(input.recipient);
  const cc = addressList(input.cc);
  const bcc = addressList(input.bcc);
  if (to.length === 0) throw AppError.badRequest('email.recipientRequired');
  if (to.length + cc.length + bcc.length > MAX_RECIPIENTS) throw AppError.badRequest('email.recipientsTooMany', { max: MAX_RECIPIENTS });
  const attachment = attachmentText(input.attachmentFiles ?? input.attachment);
  return db.transaction().execute(async (trx) => {
    const people = [...(await resolve(trx, to)), ...(await resolve(trx, cc)), ...(await resolve(trx, bcc))];
    const me = await trx.selectFrom('base_user').select(['account', 'real_name']).where('id', '=', userId).executeTakeFirstOrThrow();
    const now = new Date();
    const sendId = newId();
    const row = { recipient: to.join(','), cc: cc.join(',') || null, bcc: bcc.join(',') || null, subject, body_text: input.bodyText ?? '', attachment, state: EmailState.sent, last_modify_time: now };
    // Sending a draft sends that record; any other id is not the caller's draft and starts a new one.
    const draft = input.id ? await trx.selectFrom('base_email_send').select('id').where('id', '=', input.id).where('user_id', '=', userId).where('state', '=', EmailState.draft).executeTakeFirst() : undefined;
    if (draft) await trx.updateTable('base_email_send').set({ ...row, created_at: now }).where('id', '=', draft.id).execute();
    else await trx.insertInto('base_email_send').values({ id: sendId, user_id: userId, ...row }).execute();
    const unique = [...new Map(people.map((p) => [p.id, p])).values()];
    await trx
      .insertInto('base_email_receive')
      .values(unique.map((p) => ({ id: newId(), user_id: p.id, send_id: draft?.id ?? sendId, m_account: p.account, sender: me.account, sender_name: me.real_name, recipient: row.recipient, cc: row.cc, subject, body_text: row.body_text, attachment, fdate: now })))
      .execute();
    return unique.map((p) => p.id);
  });
}

/** POST /api/extend/Email/Actions/SaveDraft: only the subject is required; addresses are checked when it is sent. */
export async function saveDraft(db: Kysely<DB>, userId: string, input: EmailInput & { id?: string | null }): Promise<string> {
  const row = {
    recipient: addressList(input.recipient).join(','),
    cc: addressList(input.cc).join(',') || null,
    bcc: addressList(input.bcc).join(',') || null,
    subject: subjectOf(input),
    body_text: input.bodyText ?? '',
    attachment: attachmentText(input.attachmentFiles ?? input.attachment),
    last_modify_time: new Date(),
  };
  if (input.id) {
    const updated = await db.updateTable('base_email_send').set(row).where('id', '=', input.id).where('user_id', '=', userId).where('state', '=', EmailState.draft).executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return input.id;
  }
  const id = newId();
  await db.insertInto('base_email_send').values({ id, user_id: userId, state: EmailState.draft, ...row }).execute();
  return id;
}

export async function listMail(db: Db, userId: string, type: string | undefined, query: ListParams) {
  const box = (type || 'inBox') as Mailbox;
  if (!MAILBOXES.includes(box)) throw AppError.badRequest('email.typeInvalid');
  if (box === 'inBox' || box === 'star') {
    let base = db.selectFrom('base_email_receive').selectAll().where('user_id', '=', userId);
    if (box === 'star') base = base.where('starred', '=', 1);
    const { list, pagination } = await listQuery(base, query, receiveSpec);
    return {
      list: list.map((r) => ({ id: r.id, sender: r.sender_name, senderName: r.sender_name, senderAccount: r.sender, subject: r.subject, isRead: r.is_read, starred: r.starred, fdate: ms(r.fdate), attachment: r.attachment ?? '[]' })),
      pagination,
    };
  }
  const base = db.selectFrom('base_email_send').selectAll().where('user_id', '=', userId).where('state', '=', box === 'draft' ? EmailState.draft : EmailState.sent);
  const { list, pagination } = await listQuery(base, query, sendSpec);
  return { list: list.map((r) => ({ id: r.id, recipient: r.recipient, subject: r.subject, creatorTime: ms(r.created_at), attachment: r.attachment ?? '[]' })), pagination };
}

/** GET /api/extend/Email/{id}: the caller's received copy (marked read on opening) or their own sent mail or draft. */
export async function mailInfo(db: Kysely<DB>, userId: string, id: string) {
  const received = await db.selectFrom('base_email_receive').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (received) {
    if (!received.is_read) await db.updateTable('base_email_receive').set({ is_read: 1 }).where('id', '=', id).where('user_id', '=', userId).execute();
    return {
      id: received.id,
      isSend: 0,
      subject: received.subject,
      sender: received.sender,
      senderName: received.sender_name,
      mAccount: received.m_account,
      recipient: received.recipient,
      cc: received.cc ?? '',
      bcc: '',
      bodyText: received.body_text ?? '',
      attachment: received.attachment ?? '[]',
      attachmentFiles: attachmentFiles(received.attachment),
      isRead: 1,
      starred: received.starred,
      date: ms(received.fdate),
      creatorTime: ms(received.created_at),
    };
  }
  const sent = await db.selectFrom('base_email_send').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!sent) throw new AppError(ResultCode.notFound, 'email.notFound');
  const me = await db.selectFrom('base_user').select(['account', 'real_name']).where('id', '=', userId).executeTakeFirstOrThrow();
  return {
    id: sent.id,
    isSend: 1,
    state: sent.state,
    subject: sent.subject,
    sender: me.account,
    senderName: me.real_name,
    mAccount: me.account,
    recipient: sent.recipient,
    cc: sent.cc ?? '',
    bcc: sent.bcc ?? '',
    bodyText: sent.body_text ?? '',
    attachment: sent.attachment ?? '[]',
    attachmentFiles: attachmentFiles(sent.attachment),
    date: ms(sent.created_at),
    creatorTime: ms(sent.created_at),
  };
}

/** Read/unread and star/unstar marks on the caller's received copy. */
export async function markMail(db: Kysely<DB>, userId: string, id: string, change: { is_read?: number; starred?: number }): Promise<void> {
  const result = await db.updateTable('base_email_receive').set(change).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError(ResultCode.notFound, 'email.notFound');
}

/** DELETE /api/extend/Email/{id}: the caller's received copy, or their own sent mail or draft; recipients keep theirs. */
export async function deleteMail(db: Kysely<DB>, userId: string, id: string): Promise<void> {
  const received = await db.deleteFrom('base_email_receive').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(received.numDeletedRows) > 0) return;
  const sent = await db.deleteFrom('base_email_send').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(sent.numDeletedRows) === 0) throw new AppError(ResultCode.notFound, 'email.notFound');
}

/** The dashboard's unread mail (JNPF's getDashboardReceiveList): the latest 20, as {id, fullName, creatorTime}. */
export async function unreadMail(db: Db, userId: string, limit = 20) {
  const rows = await db.selectFrom('base_email_receive').select(['id', 'subject', 'sender_name', 'fdate']).where('user_id', '=', userId).where('is_read', '=', 0).orderBy('fdate', 'desc').orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, fullName: r.subject, senderName: r.sender_name, creatorTime: ms(r.fdate) }));
}
