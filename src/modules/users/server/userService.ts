import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import { assertInScope, type RecordScope } from '../../../kernel/server/crud/recordScope.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import type { SignInService } from '../../../kernel/server/sessions.js';
import { hashStoredPassword } from './passwordStore.js';
import { loadMemberships } from './userDirectory.js';
import { checkUser, mergeUpdate, type CheckedUser, type UserInput } from './userInput.js';

/**
 * The administrator's writes on users (spec 000 §7 Users). Each runs in one transaction; the route invalidates the
 * grant cache after it commits, since memberships decide permissions.
 */
type Db = Kysely<DB> | Transaction<DB>;
/** Ending sessions and forgetting failed sign-ins are sign-in's (ModuleContext.signIn); users only asks. */
type SignIn = Pick<SignInService, 'endSessions' | 'forgetFailedSignIns'>;

export async function findUser(db: Db, id: string) {
  const user = await db.selectFrom('base_user').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw new AppError(ResultCode.notFound, 'users.notFound');
  return user;
}

async function writeMemberships(trx: Transaction<DB>, userId: string, user: CheckedUser): Promise<void> {
  await trx.deleteFrom('base_user_relation').where('user_id', '=', userId).execute();
  const rows = [
    ...user.organizeIds.map((id) => ({ object_type: 'Organize', object_id: id })),
    ...user.positionIds.map((id) => ({ object_type: 'Position', object_id: id })),
    ...user.roleIds.map((id) => ({ object_type: 'Role', object_id: id })),
    ...user.groupIds.map((id) => ({ object_type: 'Group', object_id: id })),
  ];
  if (rows.length) await trx.insertInto('base_user_relation').values(rows.map((r) => ({ id: newId(), user_id: userId, ...r }))).execute();
}

/**
 * After a create or an edit, in its transaction: the account is one the caller's user list shows, so nobody puts
 * an account in a department outside their data scope, nor moves one (their own included) out of it.
 */
const assertKept = (trx: Transaction<DB>, id: string, scope: RecordScope) =>
  assertInScope(trx.selectFrom('base_user as u').select('u.id').where('u.id', '=', id), scope, { outside: 'users.outsideScope' });

/**
 * A new account. Its password is the one the form sends (userPassword, as the MD5 hex clients send passwords);
 * without one the account gets a random password nobody knows, and an administrator's ResetPassword gives it one.
 * Either way changePasswordDate stays empty, so the forced first change applies when the policy asks for it.
 */
export async function createUser(db: Kysely<DB>, input: UserInput & { userPassword?: string }, scope: RecordScope): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const id = await insertUser(trx, input);
    await assertKept(trx, id, scope);
    return id;
  });
}

/** The base_user columns a checked user sets, on create and update alike. */
const userColumns = (user: CheckedUser) => ({
  real_name: user.realName,
  gender: user.gender,
  mobile: user.mobile,
  email: user.email,
  organize_id: user.organizeId,
  position_id: user.positionId,
  manager_id: user.managerId,
  sort_code: user.sortCode,
  enabled_mark: user.enabledMark,
  description: user.description,
  head_icon: user.headIcon,
});

/** createUser inside a transaction the caller holds (the import's one per row). */
export async function insertUser(trx: Transaction<DB>, input: UserInput & { userPassword?: string }): Promise<string> {
  const user = await checkUser(trx, input);
  const id = newId();
  const transportHash = input.userPassword ?? randomBytes(16).toString('hex');
  await trx
    .insertInto('base_user')
    .values({
      id,
      account: user.account,
      ...userColumns(user),
      password_hash: await hashStoredPassword(transportHash.toLowerCase()),
      change_password_date: null,
    })
    .execute();
  await writeMemberships(trx, id, user);
  return id;
}

export async function updateUser(db: Kysely<DB>, signIn: SignIn, id: string, input: UserInput, actorId: string, scope: RecordScope): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await findUser(trx, id);
    const member = (await loadMemberships(trx, [id])).get(id)!;
    const current: UserInput = {
      account: existing.account,
      realName: existing.real_name,
      gender: existing.gender,
      mobilePhone: existing.mobile,
      email: existing.email,
      organizeId: [existing.organize_id, ...member.Organize],
      positionId: existing.position_id ? [existing.position_id, ...member.Position] : member.Position,
      roleId: member.Role,
      groupId: member.Group,
      majorOrganizeId: existing.organize_id,
      majorPositionId: existing.position_id,
      managerId: existing.manager_id,
      sortCode: existing.sort_code,
      enabledMark: existing.enabled_mark,
      description: existing.description,
      headIcon: existing.head_icon,
    };
    const user = await checkUser(trx, mergeUpdate(current, input), id);
    if (user.enabledMark === 0 && existing.enabled_mark === 1) assertMayDisable(existing, actorId);
    await trx
      .updateTable('base_user')
      .set({
        account: existing.parent_user_id ? existing.account : user.account,
        ...userColumns(user),
        last_modify_time: new Date(),
      })
      .where('id', '=', id)
      .execute();
    await writeMemberships(trx, id, user);
    await assertKept(trx, id, scope);
    if (user.enabledMark === 0) await signIn.endSessions(trx, id, 'account disabled');
  });
}

function assertMayDisable(user: { id: string; is_administrator: number }, actorId: string): void {
  if (user.is_administrator === 1) throw AppError.badRequest('users.stateAdministrator');
  if (user.id === actorId) throw AppError.badRequest('users.stateSelf');
}

export async function deleteUser(db: Kysely<DB>, id: string, actorId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await findUser(trx, id);
    if (user.is_administrator === 1) throw AppError.badRequest('users.deleteAdministrator');
    if (user.id === actorId) throw AppError.badRequest('users.deleteSelf');
    const headed = await trx.selectFrom('base_organize').select('full_name').where('manager_id', '=', id).execute();
    if (headed.length) throw AppError.badRequest('users.deleteDepartmentHead', { names: headed.map((o) => o.full_name).join('、') });
    if (await trx.selectFrom('base_user').select('id').where('manager_id', '=', id).executeTakeFirst()) throw AppError.badRequest('users.deleteManager');
    if (await trx.selectFrom('base_user').select('id').where('parent_user_id', '=', id).executeTakeFirst()) throw AppError.badRequest('users.deleteHasSubAccounts');
    // Memberships, sessions and images go with the user (their foreign keys cascade); the images are ours anyway.
    await trx.deleteFrom('base_user_image').where('user_id', '=', id).execute();
    await trx.deleteFrom('base_user_relation').where('user_id', '=', id).execute();
    await trx.deleteFrom('base_user').where('id', '=', id).execute();
  });
}

/** Enables or disables (JNPF toggles when no state is given); a disabled user is signed out everywhere at once. */
export async function setUserState(db: Kysely<DB>, signIn: SignIn, id: string, actorId: string, enabledMark?: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const user = await findUser(trx, id);
    const next = enabledMark ?? (user.enabled_mark === 1 ? 0 : 1);
    if (next === 0) assertMayDisable(user, actorId);
    await trx.updateTable('base_user').set({ enabled_mark: next, last_modify_time: new Date() }).where('id', '=', id).execute();
    if (next === 0) await signIn.endSessions(trx, id, 'account disabled');
    return next;
  });
}

/** Lifts a lock: the lock mark, and the failed sign-ins (sign-in's rows, forgotten through it) that lock an account for 15 minutes. */
export async function unlockUser(db: Kysely<DB>, signIn: SignIn, id: string): Promise<void> {
  const user = await findUser(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('base_user').set({ lock_mark: 0, last_modify_time: new Date() }).where('id', '=', id).execute();
    await signIn.forgetFailedSignIns(trx, [user.account, user.mobile]);
  });
}

/**
 * ResetPassword: both fields carry the new password as clients send passwords (the MD5 hex, or JNPF 3.6's wrapped
 * form, already turned into the hex by the route). The user is signed out everywhere and must change the password
 * at the next sign-in when the policy forces first changes (changePasswordDate is cleared).
 */
export async function resetPassword(db: Kysely<DB>, signIn: SignIn, id: string, transportHash: string): Promise<void> {
  await findUser(db, id);
  const hash = await hashStoredPassword(transportHash.toLowerCase());
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('base_user').set({ password_hash: hash, change_password_date: null, last_modify_time: new Date() }).where('id', '=', id).execute();
    await signIn.endSessions(trx, id, 'password reset');
  });
}
