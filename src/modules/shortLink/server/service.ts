import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely, Selectable } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import type { FieldDefinition, FormDefinition } from '../../../shared/form/definition.js';
import { flattenFields, columnNodes } from '../../../shared/form/walkFields.js';
import { TRANSPORT_HASH_PATTERN } from '../../../shared/passwordHash.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { designRow } from '../../visualdev/server/public.js';
import { loadOnlineModel } from '../../onlineData/server/public.js';
import type { ShortLinkTable } from './tables.js';

/**
 * Form short links (spec 000 §2 /formShortLink; JNPF's 表单外链): a released design's form, filled by anyone who
 * holds its link, without signing in. The link carries a random code, not the design's id. It may end at a moment
 * (expiry) and may ask a password first; a correct password earns a pass of two hours for that link alone, which the
 * form's calls then carry. Each submission is checked as a signed-in user's is and needs a fresh captcha; the
 * address may submit 10 times in 10 minutes and try 10 passwords in 5 (routes.ts). Records are created in the name
 * of whoever turned the link on.
 */
type Row = Selectable<ShortLinkTable>;

export const PASS_HOURS = 2;
export const PASSWORD_MAX = 20;

/**
 * Widgets whose lookups need a signed-in user (organisation, user and region pickers, uploads, relation forms and
 * popups, dictionary and template pickers): a visitor's form could show none of them, so a design holding one is
 * not offered by link. Choice fields whose options come from a dictionary or an interface are in the same case.
 */
const SIGNED_IN_WIDGETS = new Set([
  'comSelect', 'depSelect', 'posSelect', 'userSelect', 'usersSelect', 'roleSelect', 'groupSelect', 'address',
  'uploadFz', 'uploadImg', 'relationForm', 'relationFormAttr', 'popupSelect', 'popupTableSelect', 'popupAttr',
  'dicSelect', 'billRuleSelect', 'organizeSelect', 'areaSelect', 'uploadFile',
]);
const OPTION_WIDGETS = new Set(['select', 'radio', 'checkbox', 'cascader', 'treeSelect']);

function needsSignIn(field: FieldDefinition, jnpfKey: string | undefined): boolean {
  if (!jnpfKey) return false;
  if (SIGNED_IN_WIDGETS.has(jnpfKey)) return true;
  const dataType = field.__config__?.dataType;
  return OPTION_WIDGETS.has(jnpfKey) && (dataType === 'dictionary' || dataType === 'dynamic');
}

/** The labels of the fields a visitor's form cannot show, main form and sub-table columns alike. */
export function fieldsNeedingSignIn(definition: FormDefinition): string[] {
  const labels: string[] = [];
  for (const node of flattenFields(definition.fields)) {
    const label = String(node.config.label ?? node.field.__vModel__ ?? node.jnpfKey ?? '');
    if (node.role === 'subTable') {
      for (const column of columnNodes(node)) if (needsSignIn(column.field, column.jnpfKey)) labels.push(`${label}-${String(column.config.label ?? column.field.__vModel__ ?? '')}`);
    } else if (needsSignIn(node.field, node.jnpfKey)) labels.push(label);
  }
  return labels;
}

// Off the event loop: a password try costs tens of milliseconds of hashing.
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

async function hashPassword(transportHash: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64url')}$${(await scryptAsync(transportHash, salt, 32)).toString('base64url')}`;
}

async function passwordMatches(stored: string | null, transportHash: string): Promise<boolean> {
  const [kind, salt, hash] = (stored ?? '').split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(transportHash, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(expected, actual);
}

/** The address of a link, relative to the site (the client puts its origin before it). */
export const linkAddress = (code: string) => `/formShortLink?encryption=${encodeURIComponent(code)}`;

/** GET /api/visualdev/ShortLink/{designId}: the link's settings, JNPF's field names; never the password. */
export async function linkSettings(db: Kysely<DB>, designId: string) {
  await designRow(db, designId);
  const row = await db.selectFrom('base_visual_short_link').selectAll().where('id', '=', designId).executeTakeFirst();
  return {
    id: designId,
    formUse: row?.form_use ?? 0,
    formPassUse: row?.form_pass_use ?? 0,
    formPassword: '',
    hasPassword: Boolean(row?.form_password_hash),
    formLink: row ? linkAddress(row.code) : '',
    expiryTime: row?.expires_at ? row.expires_at.getTime() : null,
    // Public queries of a design's records (JNPF's columnUse) are not offered: a visitor fills the form only.
    columnUse: 0,
    alreadySave: Boolean(row),
  };
}

export interface LinkSettingsInput {
  id: string;
  formUse?: number;
  formPassUse?: number;
  /** The new password's MD5 (as every password travels); empty keeps the one set before. */
  formPassword?: string | null;
  expiryTime?: number | null;
}

/** PUT /api/visualdev/ShortLink: turns the link on or off, sets its password and expiry. Turning it on needs a released design whose fields a visitor can fill. */
export async function saveLinkSettings(db: Kysely<DB>, input: LinkSettingsInput, userId: string) {
  await designRow(db, input.id);
  const formUse = input.formUse === 1 ? 1 : 0;
  const formPassUse = input.formPassUse === 1 ? 1 : 0;
  const password = typeof input.formPassword === 'string' ? input.formPassword.trim().toLowerCase() : '';
  if (password && !TRANSPORT_HASH_PATTERN.test(password)) throw AppError.badRequest('shortLink.passwordRequired');
  const expiresAt = typeof input.expiryTime === 'number' ? new Date(input.expiryTime) : null;
  if (expiresAt && Number.isNaN(expiresAt.getTime())) throw AppError.badRequest('shortLink.expiryPast');
  if (formUse && expiresAt && expiresAt.getTime() <= Date.now()) throw AppError.badRequest('shortLink.expiryPast');
  if (formUse) {
    const model = await loadOnlineModel(db, input.id).catch(() => {
      throw AppError.badRequest('shortLink.notReleased');
    });
    const unsupported = fieldsNeedingSignIn(model.definition);
    if (unsupported.length) throw AppError.badRequest('shortLink.unsupportedFields', { fields: unsupported.join('、') });
  }
  const newHash = password ? await hashPassword(password) : null;
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('base_visual_short_link').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
    const passwordHash = newHash ?? current?.form_password_hash ?? null;
    if (formUse && formPassUse && !passwordHash) throw AppError.badRequest('shortLink.passwordRequired');
    const values = { form_use: formUse, form_pass_use: formPassUse, form_password_hash: passwordHash, expires_at: expiresAt };
    if (current) {
      // A new password, or the link or its password switched, ends the passes given before: they were signed with
      // the old secret.
      const passesEnd = Boolean(newHash) || current.form_use !== formUse || current.form_pass_use !== formPassUse;
      await trx
        .updateTable('base_visual_short_link')
        .set({ ...values, last_modify_time: new Date(), ...(formUse && !current.form_use ? { owner_user_id: userId } : {}), ...(passesEnd ? { pass_secret: randomBytes(32).toString('base64url') } : {}) })
        .where('id', '=', input.id)
        .execute();
      return { formLink: linkAddress(current.code) };
    }
    const code = randomBytes(16).toString('base64url');
    await trx.insertInto('base_visual_short_link').values({ id: input.id, code, ...values, pass_secret: randomBytes(32).toString('base64url'), owner_user_id: userId, created_at: new Date(), last_modify_time: null }).execute();
    return { formLink: linkAddress(code) };
  });
}

/** The link a visitor opened, when it is on, unexpired and its design still released with fields a visitor can fill. */
export async function openLink(db: Kysely<DB>, code: string): Promise<{ row: Row; fullName: string; definition: FormDefinition }> {
  const row = await db.selectFrom('base_visual_short_link').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row || row.form_use !== 1) throw new AppError(ResultCode.notFound, 'shortLink.notFound');
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) throw new AppError(ResultCode.notFound, 'shortLink.expired');
  // Records come in the name of who turned the link on: when that account is gone or disabled, so is the link.
  const owner = await db.selectFrom('base_user').select('enabled_mark').where('id', '=', row.owner_user_id).executeTakeFirst();
  if (owner?.enabled_mark !== 1) throw new AppError(ResultCode.notFound, 'shortLink.notFound');
  const model = await loadOnlineModel(db, row.id).catch(() => {
    throw new AppError(ResultCode.notFound, 'shortLink.notFound');
  });
  // A release after the link was turned on may have added a field a visitor cannot fill: the link stops answering.
  if (fieldsNeedingSignIn(model.definition).length) throw new AppError(ResultCode.notFound, 'shortLink.notFound');
  return { row, fullName: model.fullName, definition: model.definition };
}

const signature = (row: Row, expires: number) => createHmac('sha256', row.pass_secret).update(`${row.code}.${expires}`).digest('base64url');

/** POST checkPwd: a pass for the link when the password (its MD5) is right. */
export async function passFor(row: Row, transportHash: string): Promise<string> {
  const hash = transportHash.trim().toLowerCase();
  if (!TRANSPORT_HASH_PATTERN.test(hash) || !(await passwordMatches(row.form_password_hash, hash))) throw AppError.badRequest('shortLink.passwordWrong');
  const expires = Date.now() + PASS_HOURS * 3_600_000;
  return `${expires}.${signature(row, expires)}`;
}

/** Refuses a call to a password link without a valid, unexpired pass of that link. */
export function requirePass(row: Row, pass: string | undefined): void {
  if (row.form_pass_use !== 1) return;
  const [expiresText, given] = (pass ?? '').split('.');
  const expires = Number(expiresText);
  const valid = Number.isFinite(expires) && expires > Date.now() && typeof given === 'string' && given.length > 0;
  if (valid) {
    const expected = Buffer.from(signature(row, expires));
    const actual = Buffer.from(given);
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) return;
  }
  throw new AppError(ResultCode.forbidden, 'shortLink.passNeeded');
}
