import type { Kysely, Transaction } from 'kysely';
import { NAME_MAX_LENGTH, SORT_CODE_MAX, SORT_CODE_MIN } from '../../../shared/constants.js';
import { rules } from '../../../shared/validation/rules.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * The user form of the administration screen (POST and PUT /permission/Users), read and checked. JNPF's clients
 * send memberships as comma-joined ids (organizeId, positionId, roleId, groupId); arrays are read too. Each
 * membership has exactly one field, the one form permissions name: organizeIdTree, which JNPF's clients send beside
 * organizeId with the same ids, is not read, so no second field can set what an ungranted one may not. The first
 * organisation and position are the main ones unless majorOrganizeId / majorPositionId name another of them.
 */
type Db = Kysely<DB> | Transaction<DB>;

/** Spec 000 §5: an account is letters and digits only. */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9]+$/;
export const ACCOUNT_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 500;

export interface UserInput {
  account?: string;
  realName?: string;
  gender?: number | string;
  mobilePhone?: string | null;
  email?: string | null;
  organizeId?: string | string[];
  positionId?: string | string[] | null;
  roleId?: string | string[] | null;
  groupId?: string | string[] | null;
  majorOrganizeId?: string | null;
  majorPositionId?: string | null;
  managerId?: string | null;
  sortCode?: number | string | null;
  enabledMark?: number;
  description?: string | null;
  headIcon?: string | null;
}

export interface CheckedUser {
  account: string;
  realName: string;
  gender: number;
  mobile: string | null;
  email: string | null;
  organizeIds: string[];
  positionIds: string[];
  roleIds: string[];
  groupIds: string[];
  organizeId: string;
  positionId: string | null;
  managerId: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  headIcon: string | null;
}

const ID_MAX_LENGTH = 50;

export function idList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  // An organisation picker in multiple mode stores one path per organisation: the last id of a path is the one.
  const parts: unknown[] = Array.isArray(value) ? value.map((v) => (Array.isArray(v) ? v[v.length - 1] : v)) : String(value).split(',');
  const ids = parts.map((v) => (typeof v === 'string' ? v.trim() : '')).filter(Boolean);
  if (ids.some((id) => id.length > ID_MAX_LENGTH)) throw AppError.badRequest('error.badRequest');
  return [...new Set(ids)];
}

/**
 * An update's form over the record: a field the body leaves out keeps its value (a caller without the form
 * permission of a field sends it not at all); null or '' clears it. The main organisation and position may move
 * only with their lists.
 */
export function mergeUpdate(current: UserInput, input: UserInput): UserInput {
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as UserInput;
  const merged: UserInput = { ...current, ...given };
  if (input.organizeId === undefined) merged.majorOrganizeId = current.majorOrganizeId;
  if (input.positionId === undefined) merged.majorPositionId = current.majorPositionId;
  return merged;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function checkLength(field: string, value: string, limit: number): void {
  if ([...value].length > limit) throw AppError.validation(field, 'validation.tooLong', { limit });
}

/**
 * The field rules that need no database: required, lengths, patterns, ranges. `keptAccount` is the account the
 * user already has: kept as it is, it is not held to the pattern (an account made before the rule stays editable).
 */
export function checkUserFields(input: UserInput, keptAccount?: string): Omit<CheckedUser, 'organizeId' | 'positionId'> {
  const account = text(input.account);
  const realName = text(input.realName);
  if (!account) throw AppError.validation('account', 'validation.required');
  checkLength('account', account, ACCOUNT_MAX_LENGTH);
  if (account !== keptAccount && !ACCOUNT_PATTERN.test(account)) throw AppError.badRequest('users.accountPattern');
  if (!realName) throw AppError.validation('realName', 'validation.required');
  checkLength('realName', realName, NAME_MAX_LENGTH);
  const mobile = text(input.mobilePhone) || null;
  if (mobile && !rules.mobile.test(mobile)) throw AppError.badRequest('users.mobilePattern');
  const email = text(input.email) || null;
  if (email) {
    checkLength('email', email, EMAIL_MAX_LENGTH);
    if (!rules.email.test(email)) throw AppError.badRequest('users.emailPattern');
  }
  const description = text(input.description) || null;
  if (description) checkLength('description', description, DESCRIPTION_MAX_LENGTH);
  const gender = input.gender === undefined || input.gender === null || input.gender === '' ? 3 : Number(input.gender);
  if (![1, 2, 3].includes(gender)) throw AppError.validation('gender', 'validation.enum', { values: '1, 2, 3' });
  const sortCode = input.sortCode === undefined || input.sortCode === null || input.sortCode === '' ? 0 : Number(input.sortCode);
  if (!Number.isInteger(sortCode) || sortCode < SORT_CODE_MIN || sortCode > SORT_CODE_MAX) throw AppError.badRequest('record.sortOutOfRange');
  const enabledMark = input.enabledMark === undefined ? 1 : input.enabledMark;
  if (enabledMark !== 0 && enabledMark !== 1) throw AppError.validation('enabledMark', 'validation.enum', { values: '0, 1' });
  const headIcon = text(input.headIcon) || null;
  if (headIcon) checkLength('headIcon', headIcon, 200);
  const organizeIds = idList(input.organizeId);
  if (organizeIds.length === 0) throw AppError.badRequest('users.organizeRequired');
  return {
    account,
    realName,
    gender,
    mobile,
    email,
    description,
    sortCode,
    enabledMark,
    headIcon,
    organizeIds,
    positionIds: idList(input.positionId),
    roleIds: idList(input.roleId),
    groupIds: idList(input.groupId),
    managerId: text(input.managerId) || null,
  };
}

async function assertAllExist(db: Db, table: 'base_organize' | 'base_position' | 'base_role' | 'base_group', ids: string[], key: 'users.unknownOrganize' | 'users.unknownPosition' | 'users.unknownRole' | 'users.unknownGroup') {
  if (ids.length === 0) return;
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw AppError.badRequest(key, { ids: missing.join(', ') });
}

/** The rules that read the database: ids that exist, positions of the user's organisations, a free account, a manager. */
export async function checkUser(db: Db, input: UserInput, selfId?: string): Promise<CheckedUser> {
  const kept = selfId ? (await db.selectFrom('base_user').select('account').where('id', '=', selfId).executeTakeFirst())?.account : undefined;
  const fields = checkUserFields(input, kept);
  await assertAllExist(db, 'base_organize', fields.organizeIds, 'users.unknownOrganize');
  await assertAllExist(db, 'base_position', fields.positionIds, 'users.unknownPosition');
  await assertAllExist(db, 'base_role', fields.roleIds, 'users.unknownRole');
  await assertAllExist(db, 'base_group', fields.groupIds, 'users.unknownGroup');
  if (fields.positionIds.length) {
    const outside = await db.selectFrom('base_position').select('full_name').where('id', 'in', fields.positionIds).where('organize_id', 'not in', fields.organizeIds).execute();
    if (outside.length) throw AppError.badRequest('users.positionOutside', { names: outside.map((p) => p.full_name).join('、') });
  }
  let duplicate = db.selectFrom('base_user').select('id').where((eb) => eb(eb.fn('lower', ['account']), '=', fields.account.toLowerCase())).where('parent_user_id', 'is', null);
  if (selfId) duplicate = duplicate.where('id', '<>', selfId);
  if (await duplicate.executeTakeFirst()) throw AppError.badRequest('users.accountTaken', { account: fields.account });
  if (fields.managerId) {
    if (fields.managerId === selfId) throw AppError.badRequest('users.managerSelf');
    if (!(await db.selectFrom('base_user').select('id').where('id', '=', fields.managerId).executeTakeFirst())) throw AppError.badRequest('users.unknownManager');
    if (selfId && (await managedBy(db, fields.managerId, selfId))) throw AppError.badRequest('users.managerLoop');
  }
  const organizeId = input.majorOrganizeId && fields.organizeIds.includes(input.majorOrganizeId) ? input.majorOrganizeId : fields.organizeIds[0];
  const positionId = input.majorPositionId && fields.positionIds.includes(input.majorPositionId) ? input.majorPositionId : (fields.positionIds[0] ?? null);
  return { ...fields, organizeId, positionId };
}

/** Whether `userId` is below `managerId` along manager links (a loop in old data ends the walk). */
export async function managedBy(db: Db, userId: string, managerId: string): Promise<boolean> {
  const seen = new Set<string>();
  let current: string | null = userId;
  while (current && !seen.has(current)) {
    if (current === managerId) return true;
    seen.add(current);
    const row: { manager_id: string | null } | undefined = await db.selectFrom('base_user').select('manager_id').where('id', '=', current).executeTakeFirst();
    current = row?.manager_id ?? null;
  }
  return false;
}
