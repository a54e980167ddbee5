import type { Kysely } from 'kysely';
import { DEFAULT_THEME } from '../../../shared/constants.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { consumeCaptcha } from './captchaStore.js';
import {
  SysLogCategory,
  decoyPasswordHash,
  hashStoredPassword,
  markUserLocked,
  needsNewHash,
  recordSignIn,
  replacePasswordHash,
  transportHashOf,
  verifyStoredPassword,
  writeSysLog,
} from '../../users/server/public.js';
import { loadAuthority } from '../../permission/server/public.js';
import { PASSWORD_POLICY_KEYS, SYS_CONFIG_INFO_KEYS, passwordPolicyOf, readSysConfig } from '../../sysConfig/server/public.js';
import { ACCOUNT_LOCK_FAILURES, assertNotThrottled, captchaRequired, recentAccountFailures, recordAttempt, type AccountFailures } from './loginAttempts.js';
import { createSession, revokeSession, setSessionLocked, type SessionUser } from './sessionStore.js';
import { consumeSmsCode, mainAccountByMobile } from './smsCodes.js';
import { consumeTicket } from './loginTickets.js';
import type { Sso } from './sso.js';

export interface OAuthContext {
  db: Kysely<DB>;
  idleMinutes: number;
  sso?: Sso;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export interface LoginInput {
  account?: string;
  password?: string;
  grantType: string;
  /** password (default), sms or scan for the password grant; sso with the keycloak grant. */
  origin?: string;
  code?: string;
  timestamp?: string;
  ticket?: string;
  /** scan: the secret the requesting page was given with the ticket */
  ticketSecret?: string;
}

type LoginAnswer = { token: string; theme: string };

/** Finds a main account by name, or a sub-account written mobile@account (spec 000 §2). */
async function findAccount(db: Kysely<DB>, account: string) {
  const at = account.lastIndexOf('@');
  const base = db.selectFrom('base_user').select(['id', 'account', 'password_hash', 'enabled_mark', 'lock_mark', 'theme']);
  if (at > 0) {
    const mobile = account.slice(0, at);
    const mainAccount = account.slice(at + 1).toLowerCase();
    return base
      .where('mobile', '=', mobile)
      .where('parent_user_id', 'in', (qb) => qb.selectFrom('base_user').select('id').where((eb) => eb.fn('lower', ['account']), '=', mainAccount).where('parent_user_id', 'is', null))
      .executeTakeFirst();
  }
  return base.where((eb) => eb.fn('lower', ['account']), '=', account.toLowerCase()).where('parent_user_id', 'is', null).executeTakeFirst();
}

/**
 * POST /api/oauth/Login for every sign-in mode of spec 000 §2 and §7. The grant type is password or keycloak;
 * for the password grant the origin field says what proves the user: the password, an SMS code, or a confirmed
 * scan ticket. The keycloak grant takes the one-time ticket the OpenID Connect callback issued.
 */
export async function login(ctx: OAuthContext, input: LoginInput, client: ClientInfo): Promise<LoginAnswer> {
  if (input.grantType === 'keycloak') return loginByTicket(ctx, input.ticket, 'sso', client);
  if (input.grantType !== 'password') throw AppError.badRequest('login.unsupportedGrant', { grantType: input.grantType });
  switch (input.origin || 'password') {
    case 'password':
      return loginByPassword(ctx, input, client);
    case 'sms':
      return loginBySms(ctx, input, client);
    case 'scan':
      return loginByTicket(ctx, input.ticket, 'scan', client, input.ticketSecret);
    default:
      throw AppError.badRequest('login.unsupportedGrant', { grantType: `${input.grantType}/${input.origin}` });
  }
}

async function loginByPassword(ctx: OAuthContext, input: LoginInput, client: ClientInfo): Promise<LoginAnswer> {
  const { db } = ctx;
  const account = (input.account ?? '').trim();
  if (!account) throw AppError.badRequest('login.accountRequired');
  if (!input.password) throw AppError.badRequest('login.passwordRequired');
  const password = transportHashOf(input.password);
  if (!password) throw AppError.badRequest('login.passwordNotHashed');

  const failures = await recentAccountFailures(db, account);
  await assertNotThrottled(db, failures, client.ip);
  if (captchaRequired(failures)) {
    if (!input.code) throw AppError.badRequest('login.captchaRequired', {}, { captchaRequired: true });
    if (!(await consumeCaptcha(db, input.timestamp, input.code))) {
      await recordFailure(db, account, client.ip, failures, () => findAccount(db, account));
      throw AppError.badRequest('login.captchaWrong', {}, { captchaRequired: true });
    }
  }

  const user = await findAccount(db, account);
  const passwordOk = await verifyStoredPassword(user?.password_hash ?? (await decoyPasswordHash()), password);
  if (!user || !passwordOk) {
    await recordFailure(db, account, client.ip, failures, async () => user);
    await writeSysLog(db, { userId: user?.id ?? null, account, category: SysLogCategory.failedSignIn, ip: client.ip, userAgent: client.userAgent, description: 'wrong account or password' });
    const after = { count: failures.count + 1 };
    throw AppError.badRequest('login.wrongCredentials', {}, { captchaRequired: captchaRequired(after) });
  }
  assertMaySignIn(user);
  // A hash made with older parameters is made anew now that the password is known (users' passwordStore.ts).
  if (needsNewHash(user.password_hash)) {
    await replacePasswordHash(db, user.id, user.password_hash, await hashStoredPassword(password));
  }
  return openSession(ctx, user, account, client, 'password');
}

/** The account field carries the mobile number and code the SMS code; failures count like wrong passwords. */
async function loginBySms(ctx: OAuthContext, input: LoginInput, client: ClientInfo): Promise<LoginAnswer> {
  const { db } = ctx;
  const mobile = (input.account ?? '').trim();
  if (!mobile) throw AppError.badRequest('sms.mobileRequired');
  if (!input.code?.trim()) throw AppError.badRequest('sms.codeRequired');
  const failures = await recentAccountFailures(db, mobile);
  await assertNotThrottled(db, failures, client.ip);
  const user = (await consumeSmsCode(db, mobile, input.code)) ? await mainAccountByMobile(db, mobile) : undefined;
  if (!user) {
    await recordFailure(db, mobile, client.ip, failures, () => mainAccountByMobile(db, mobile).catch(() => undefined));
    throw AppError.badRequest('sms.codeWrong');
  }
  assertMaySignIn(user);
  return openSession(ctx, user, mobile, client, 'sms code');
}

async function loginByTicket(ctx: OAuthContext, ticket: string | undefined, kind: 'scan' | 'sso', client: ClientInfo, secret?: string): Promise<LoginAnswer> {
  const { db } = ctx;
  if (kind === 'sso' && !ctx.sso) throw AppError.badRequest('login.ssoNotConfigured');
  const userId = ticket ? await consumeTicket(db, ticket, kind, secret) : null;
  if (!userId) throw AppError.badRequest(kind === 'scan' ? 'scan.ticketInvalid' : 'sso.ticketInvalid');
  const user = await db.selectFrom('base_user').select(['id', 'account', 'password_hash', 'enabled_mark', 'lock_mark', 'theme']).where('id', '=', userId).executeTakeFirstOrThrow();
  assertMaySignIn(user);
  return openSession(ctx, user, user.account, client, kind === 'scan' ? 'app scan' : 'single sign-on');
}

/** Checked only once the user is proven, so the answer tells nothing about an account to someone guessing. */
function assertMaySignIn(user: { enabled_mark: number; lock_mark: number | null }): void {
  if (user.enabled_mark !== 1) throw AppError.badRequest('login.accountDisabled');
  if (user.lock_mark === 1) throw AppError.badRequest('login.userLocked');
}

/**
 * A failed attempt. The one that starts the account's timed lock also sets the user's lock mark (JNPF's
 * 账号已被锁定), which stays until an administrator unlocks the user.
 */
async function recordFailure(
  db: Kysely<DB>,
  key: string,
  ip: string,
  before: AccountFailures,
  userOf: () => Promise<{ id: string } | undefined>,
): Promise<void> {
  await recordAttempt(db, key, ip, false);
  if (before.count + 1 < ACCOUNT_LOCK_FAILURES) return;
  const user = await userOf();
  if (user) await markUserLocked(db, user.id);
}

/** The sign-in itself, whatever proved the user: session, login times, the attempt and the log, in one transaction. */
async function openSession(
  ctx: OAuthContext,
  user: { id: string; account: string; theme: string | null },
  attemptKey: string,
  client: ClientInfo,
  method: string,
): Promise<LoginAnswer> {
  const token = await ctx.db.transaction().execute(async (trx) => {
    await recordAttempt(trx, attemptKey, client.ip, true);
    const sessionToken = await createSession(trx, user.id, ctx.idleMinutes, client);
    await recordSignIn(trx, user.id, client.ip);
    await writeSysLog(trx, { userId: user.id, account: user.account, category: SysLogCategory.signIn, ip: client.ip, userAgent: client.userAgent, description: `signed in by ${method}` });
    return sessionToken;
  });
  return { token: `bearer ${token}`, theme: user.theme || DEFAULT_THEME };
}

/** The session info of spec 000 §3: menuList, userInfo, permissionList, routerList, sysConfigInfo. */
export async function currentUser(ctx: OAuthContext, session: SessionUser) {
  const { db } = ctx;
  const user = await db
    .selectFrom('base_user as u')
    .leftJoin('base_organize as d', 'd.id', 'u.organize_id')
    .leftJoin('base_organize as c', 'c.id', 'd.parent_id')
    .leftJoin('base_position as p', 'p.id', 'u.position_id')
    .select([
      'u.id', 'u.account', 'u.real_name', 'u.mobile', 'u.email', 'u.head_icon', 'u.organize_id', 'u.position_id', 'u.theme', 'u.language',
      'u.signature', 'u.fill_project', 'u.change_password_date', 'u.prev_login_time', 'u.prev_login_ip', 'u.is_administrator',
      'd.full_name as department_name', 'd.category as organize_category', 'c.id as company_id', 'c.full_name as company_name', 'p.full_name as position_name',
    ])
    .where('u.id', '=', session.userId)
    .executeTakeFirstOrThrow();
  const roles = await db
    .selectFrom('base_user_relation as r')
    .innerJoin('base_role as role', 'role.id', 'r.object_id')
    .select(['role.id', 'role.full_name'])
    .where('r.user_id', '=', user.id)
    .where('r.object_type', '=', 'Role')
    .execute();
  const groupIds = await db
    .selectFrom('base_user_relation')
    .select('object_id')
    .where('user_id', '=', user.id)
    .where('object_type', '=', 'Group')
    .execute();
  const authority = await loadAuthority(db, session.userId, session.isAdministrator);
  const config = await readSysConfig(db, [...SYS_CONFIG_INFO_KEYS, ...PASSWORD_POLICY_KEYS]);
  const isCompany = user.organize_category === 'company';
  const companyId = isCompany ? user.organize_id : user.company_id ?? user.organize_id;
  const organizeName = [isCompany ? null : user.company_name, user.department_name].filter(Boolean).join('/');
  const sysName = config.sysName ?? 'LabCode';

  return {
    menuList: authority.menuList,
    routerList: authority.routerList,
    permissionList: authority.permissionList,
    userInfo: {
      userId: user.id,
      userAccount: user.account,
      userName: user.real_name,
      realName: user.real_name,
      headIcon: user.head_icon ?? '/api/file/Image/userAvatar/default.png',
      mobilePhone: user.mobile,
      email: user.email,
      organizeId: user.organize_id,
      organizeName,
      departmentId: user.organize_id,
      departmentName: user.department_name,
      companyId,
      positionIds: user.position_id ? [{ id: user.position_id }] : [],
      positionName: user.position_name,
      roleIds: roles.map((r) => r.id),
      roleName: roles.map((r) => r.full_name).join(','),
      isAdministrator: user.is_administrator === 1,
      theme: user.theme,
      language: user.language,
      signImg: user.signature,
      portalId: null,
      defAddrId: null,
      defProjectId: null,
      fillProject: user.fill_project,
      // One application: JNPF clients offer a system switch only when there are several, and send systemId on
      // their websocket greeting.
      systemIds: [{ id: LABCODE_SYSTEM_ID, name: sysName, currentSystem: true }],
      systemId: LABCODE_SYSTEM_ID,
      // Root first, the user's own organisation last: JNPF's organisation pickers default to this path.
      organizeIdList: user.organize_id ? await organizePath(db, user.organize_id) : [],
      groupIds: groupIds.map((g) => g.object_id),
      changePasswordDate: user.change_password_date,
      prevLogin: user.prev_login_time ? 1 : 0,
      prevLoginTime: user.prev_login_time,
      prevLoginIPAddress: user.prev_login_ip,
      prevLoginIPAddressName: user.prev_login_ip ? ipPlaceName(user.prev_login_ip) : null,
      locked: session.locked,
    },
    sysConfigInfo: {
      sysName,
      title: config.title || sysName,
      workLogoIcon: config.workLogoIcon ?? '',
      jnpfDomain: config.jnpfDomain ?? '',
      sysVersion: config.sysVersion ?? '',
      logoIcon: config.logoIcon ?? '',
      navigationIcon: config.navigationIcon ?? '',
      loginIcon: config.loginIcon ?? '',
      copyright: config.copyright ?? '',
      provider: config.provider ?? '',
      ...passwordPolicyOf(config),
    },
  };
}

const LABCODE_SYSTEM_ID = 'labcode';

/** The ids from the top organisation down to `organizeId`; a broken parent chain stops the walk. */
async function organizePath(db: Kysely<DB>, organizeId: string): Promise<string[]> {
  const rows = await db.selectFrom('base_organize').select(['id', 'parent_id']).execute();
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
  const path: string[] = [];
  for (let id: string | undefined = organizeId; id !== undefined && parentOf.has(id) && !path.includes(id); id = parentOf.get(id)) path.unshift(id);
  return path;
}

/** No address database ships with the product, so only loopback and private ranges get a place name. */
function ipPlaceName(ip: string): string {
  if (/^(127\.|::1$|::ffff:127\.)/.test(ip)) return '本机';
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(ip)) return '局域网';
  return '未知';
}

export async function logout(ctx: OAuthContext, session: SessionUser, client: ClientInfo): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await revokeSession(trx, session.tokenHash, 'logout');
    await writeSysLog(trx, { userId: session.userId, account: session.account, category: SysLogCategory.signOut, ip: client.ip, userAgent: client.userAgent, description: 'signed out' });
  });
}

export async function lockScreen(ctx: OAuthContext, session: SessionUser, client: ClientInfo): Promise<void> {
  await setSessionLocked(ctx.db, session.tokenHash, true);
  await writeSysLog(ctx.db, { userId: session.userId, account: session.account, category: SysLogCategory.lock, ip: client.ip, userAgent: client.userAgent, description: 'screen locked' });
}

/** Unlock counts failures like a sign-in, so the lock screen is no way around the sign-in limits. */
export async function unlockScreen(ctx: OAuthContext, session: SessionUser, input: { account: string; password: string }, client: ClientInfo): Promise<void> {
  const { db } = ctx;
  if (input.account.trim().toLowerCase() !== session.account.toLowerCase()) throw AppError.badRequest('unlock.wrongAccount');
  if (!input.password) throw AppError.badRequest('login.passwordRequired');
  const password = transportHashOf(input.password);
  if (!password) throw AppError.badRequest('login.passwordNotHashed');
  const failures = await recentAccountFailures(db, session.account);
  await assertNotThrottled(db, failures, client.ip);
  const user = await db.selectFrom('base_user').select('password_hash').where('id', '=', session.userId).executeTakeFirstOrThrow();
  if (!(await verifyStoredPassword(user.password_hash, password))) {
    await recordAttempt(db, session.account, client.ip, false);
    throw AppError.badRequest('unlock.wrongPassword');
  }
  await db.transaction().execute(async (trx) => {
    await recordAttempt(trx, session.account, client.ip, true);
    await setSessionLocked(trx, session.tokenHash, false);
    await writeSysLog(trx, { userId: session.userId, account: session.account, category: SysLogCategory.unlock, ip: client.ip, userAgent: client.userAgent, description: 'screen unlocked' });
  });
}

/** Sign-in configuration for an account, asked when the account is typed: whether the captcha is needed. */
export async function loginConfig(ctx: OAuthContext, account: string) {
  const failures = await recentAccountFailures(ctx.db, account);
  return { enableVerificationCode: captchaRequired(failures), verificationCodeNumber: 4 };
}

/**
 * Whether the user must change the password now: the initial password was never changed while the policy
 * forces it (spec 001 §4, "forced password change"). The client opens the reset dialog when it is true.
 */
export async function passwordMessage(ctx: OAuthContext, session: SessionUser) {
  const user = await ctx.db.selectFrom('base_user').select('change_password_date').where('id', '=', session.userId).executeTakeFirstOrThrow();
  const config = await readSysConfig(ctx.db, ['mandatoryModificationOfInitialPassword']);
  const mandatory = config.mandatoryModificationOfInitialPassword === '1';
  return { changePasswordDate: user.change_password_date, mustChangePassword: mandatory && !user.change_password_date };
}


/**
 * GET /api/oauth/getLoginConfig, JNPF's sign-in page configuration. redirect stays false even when OpenID Connect
 * is configured: JNPF's redirect flow polls ticket calls (getTicket, getTicketStatus) we do not serve, and with
 * redirect true its page would hide the password form. No third-party sign-in, no tenants.
 */
export function jnpfLoginConfig() {
  return { redirect: false, url: null, ticketParams: null, socialsList: [], isTenant: false, isSaas: false };
}
