import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { passwordProblems, readPasswordPolicy } from '../../../shared/passwordPolicy.js';
import { AppError } from '../../../kernel/server/appError.js';
import { assertInScope, recordScope, type RecordScope } from '../../../kernel/server/crud/recordScope.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { EventBus, Infrastructure } from '../../../kernel/server/infra/infrastructure.js';
import { publishSessionsEnded, type SignInService } from '../../../kernel/server/sessions.js';
import { listQuery, listScopeColumns, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { idParams, listQueryProperties } from '../../../kernel/server/crud/requestSchemas.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { PASSWORD_POLICY_KEYS, readSysConfig } from '../../sysConfig/server/public.js';
import { unsealPassword } from './passwordKeys.js';
import { transportHashOf } from './transportPassword.js';
import { loadMemberships, sharedOrganizeIndex, subtreeCondition } from './userDirectory.js';
import type { UserInput } from './userInput.js';
import { describeUsers, userListColumns } from './userRows.js';
import { createUser, deleteUser, findUser, resetPassword, setUserState, unlockUser, updateUser } from './userService.js';

/** The user administration calls of spec 000 §7 (prefix /permission/Users): list, record, writes and actions. */
export const USERS_BASE = '/api/permission/Users';
export const USER_MENU = 'permission.user';
/** A button's call, with the caller's data scope on the page on the request (request.dataScope) for its record. */
const can = (button: string, extra: Record<string, unknown> = {}) => ({ config: { permission: { menu: USER_MENU, button, dataScope: true as const, ...extra } } });

/**
 * Users have no creator: "own records" on the user list means one's own account, so the scope's owner column is
 * the user's id; organisation scopes filter by the main organisation.
 */
export const userListSpec: ListSpec = {
  keywordColumns: ['u.account', 'u.real_name', 'u.mobile', 'u.email'],
  sortable: { account: 'u.account', realName: 'u.real_name', gender: 'u.gender', creatorTime: 'u.created_at', sortCode: 'u.sort_code', enabledMark: 'u.enabled_mark' },
  defaultOrder: [['u.sort_code', 'asc'], ['u.created_at', 'desc']],
  filters: { enabledMark: { column: 'u.enabled_mark', searchType: 1 }, gender: { column: 'u.gender', searchType: 1 } },
  dataScope: { organizeColumn: 'u.organize_id', creatorColumn: 'u.id' },
  tieBreaker: 'u.id',
};
/** What the list's scope tests, and so every call by id and every write (recordScope.ts). */
export const userScopeColumns = listScopeColumns(userListSpec);

export const userListQuery = {
  type: 'object',
  properties: {
    ...listQueryProperties,
    organizeId: { type: 'string', maxLength: 50 },
    enabledMark: { type: 'integer', enum: [0, 1] },
    gender: { type: 'integer', enum: [1, 2, 3] },
  },
} as const;

/** The list's query: users whose main organisation or any organisation they belong to is the one asked or below it. */
export function userListBase(db: Kysely<DB>, organizeId: string | undefined) {
  let query = db.selectFrom('base_user as u').select(userListColumns);
  if (organizeId && organizeId !== '0' && organizeId !== '-1') {
    query = query.where((eb) =>
      eb.or([
        subtreeCondition('u.organize_id', organizeId),
        eb.exists(eb.selectFrom('base_user_relation as r').select('r.id').whereRef('r.user_id', '=', 'u.id').where('r.object_type', '=', 'Organize').where(subtreeCondition('r.object_id', organizeId))),
      ]),
    );
  }
  return query;
}

const userBody = {
  type: 'object',
  properties: {
    account: { type: 'string', maxLength: 200 },
    realName: { type: 'string', maxLength: 200 },
    gender: { type: ['integer', 'string', 'null'] },
    mobilePhone: { type: ['string', 'null'], maxLength: 50 },
    email: { type: ['string', 'null'], maxLength: 200 },
    organizeId: { type: ['string', 'array'], maxLength: 2000, maxItems: 100 },
    positionId: { type: ['string', 'array', 'null'], maxLength: 2000, maxItems: 100 },
    roleId: { type: ['string', 'array', 'null'], maxLength: 2000, maxItems: 100 },
    groupId: { type: ['string', 'array', 'null'], maxLength: 2000, maxItems: 100 },
    majorOrganizeId: { type: ['string', 'null'], maxLength: 50 },
    majorPositionId: { type: ['string', 'null'], maxLength: 50 },
    managerId: { type: ['string', 'null'], maxLength: 50 },
    sortCode: { type: ['integer', 'string', 'null'] },
    enabledMark: { type: 'integer', enum: [0, 1] },
    description: { type: ['string', 'null'], maxLength: 2000 },
    headIcon: { type: ['string', 'null'], maxLength: 500 },
    userPassword: { type: 'string', maxLength: 200 },
  },
} as const;

const passwordBody = {
  type: 'object',
  required: ['userPassword', 'validatePassword'],
  properties: { userPassword: { type: 'string', maxLength: 200 }, validatePassword: { type: 'string', maxLength: 200 }, passwordCipher: { type: 'string', maxLength: 1024 } },
} as const;

export async function userRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; events?: EventBus; infra: Infrastructure; signIn: SignInService }): Promise<void> {
  // Sockets of the user re-check their session when it may have ended (decision 167).
  const sessionsEnded = async (id: string) => {
    if (ctx.events) await publishSessionsEnded(ctx.events, [id]);
  };
  const { db, signIn } = ctx;
  const me = (request: FastifyRequest) => request.session!.userId;
  // Memberships decide permissions: after a change commits, every process reloads that user's grants.
  const grantsChanged = (userId?: string) => app.grants.invalidate(userId);
  /** The caller's data scope on the user page, as its list applies it: every record call and write tests it. */
  const scopeOf = (request: FastifyRequest) => recordScope(request.dataScope, userScopeColumns);
  /**
   * A record read or written by id must be one the caller's list shows (recordScope.ts): outside their data scope
   * on the user page it answers as an unknown id, so nobody reads or resets an account they cannot list. With no
   * scheme granted on a page that has schemes, that is every account but one's own.
   */
  async function assertReachable(request: FastifyRequest, id: string, scope: RecordScope, change = true): Promise<void> {
    const session = request.session!;
    // One's own account is always one's own record (deleting or disabling it is refused further on).
    if (session.isAdministrator || id === session.userId) return;
    await assertInScope(db.selectFrom('base_user as u').select('u.id').where('u.id', '=', id), scope, { notFound: 'users.notFound' });
    // The administrator's account is changed by an administrator only: a manager whose scope reaches it may read
    // it, but not edit, lock out or reset the password of the account that holds everything.
    if (change) {
      const target = await db.selectFrom('base_user').select('is_administrator').where('id', '=', id).executeTakeFirst();
      if (target?.is_administrator) throw AppError.forbidden();
    }
  }

  app.get<{ Querystring: ListParams & { organizeId?: string } }>(
    USERS_BASE,
    { schema: { querystring: userListQuery }, config: { permission: { menu: USER_MENU, dataScope: true, columns: true, aliases: { realName: ['fullName'], account: ['fullName'], organize: ['organizeId'] } } } },
    async (request) => {
      const { list, pagination } = await listQuery(userListBase(db, request.query.organizeId), request.query, userListSpec, request.dataScope);
      return ok({ list: await describeUsers(db, list, await sharedOrganizeIndex(db, ctx.infra)), pagination });
    },
  );

  app.post<{ Body: UserInput & { userPassword?: string } }>(USERS_BASE, { schema: { body: userBody }, ...can('btn_add', { form: 'write' }) }, async (request) => {
    const { userPassword, ...input } = request.body;
    let transportHash: string | undefined;
    if (userPassword) {
      transportHash = transportHashOf(userPassword);
      if (!transportHash) throw AppError.badRequest('password.notHashed');
    }
    const id = await createUser(db, { ...input, userPassword: transportHash }, await scopeOf(request));
    await grantsChanged(id);
    return ok({ id }, request.t('common.created'));
  });

  app.get<{ Params: { id: string } }>(`${USERS_BASE}/:id`, { schema: { params: idParams }, config: { permission: { menu: USER_MENU, form: 'read', dataScope: true, aliases: { organizeId: ['organizeIdTree', 'organize', 'majorOrganizeId'], positionId: ['majorPositionId'] } } } }, async (request) => {
    await assertReachable(request, request.params.id, await scopeOf(request), false);
    const user = await findUser(db, request.params.id);
    const organizes = await sharedOrganizeIndex(db, ctx.infra);
    const member = (await loadMemberships(db, [user.id])).get(user.id)!;
    const organizeIds = [user.organize_id, ...member.Organize.filter((id) => id !== user.organize_id)];
    const positionIds = user.position_id ? [user.position_id, ...member.Position.filter((id) => id !== user.position_id)] : member.Position;
    return ok({
      id: user.id,
      account: user.account,
      realName: user.real_name,
      gender: user.gender,
      mobilePhone: user.mobile ?? '',
      email: user.email ?? '',
      organizeId: organizeIds.join(','),
      organizeIdTree: organizeIds.map((id) => organizes.get(id)?.path ?? [id]),
      organize: organizes.pathText(user.organize_id),
      majorOrganizeId: user.organize_id,
      positionId: positionIds.join(','),
      majorPositionId: user.position_id ?? '',
      roleId: member.Role.join(','),
      groupId: member.Group.join(','),
      managerId: user.manager_id ?? '',
      sortCode: user.sort_code,
      enabledMark: user.enabled_mark,
      lockMark: user.lock_mark,
      isAdministrator: user.is_administrator,
      description: user.description ?? '',
      headIcon: user.head_icon ?? '',
      creatorTime: user.created_at,
      lastModifyTime: user.last_modify_time,
    });
  });

  app.put<{ Params: { id: string }; Body: UserInput }>(`${USERS_BASE}/:id`, { schema: { params: idParams, body: userBody }, ...can('btn_edit', { form: 'write' }) }, async (request) => {
    const scope = await scopeOf(request);
    await assertReachable(request, request.params.id, scope);
    await updateUser(db, signIn, request.params.id, request.body, me(request), scope);
    await sessionsEnded(request.params.id);
    await grantsChanged(request.params.id);
    return ok(null, request.t('common.updated'));
  });

  app.delete<{ Params: { id: string } }>(`${USERS_BASE}/:id`, { schema: { params: idParams }, ...can('btn_remove') }, async (request) => {
    await assertReachable(request, request.params.id, await scopeOf(request));
    await deleteUser(db, request.params.id, me(request));
    await sessionsEnded(request.params.id);
    await grantsChanged(request.params.id);
    return ok(null, request.t('common.deleted'));
  });

  app.put<{ Params: { id: string }; Body: { enabledMark?: number } | null }>(
    `${USERS_BASE}/:id/Actions/State`,
    { schema: { params: idParams, body: { type: ['object', 'null'], properties: { enabledMark: { type: 'integer', enum: [0, 1] } } } }, ...can('btn_edit') },
    async (request) => {
      await assertReachable(request, request.params.id, await scopeOf(request));
      const enabledMark = await setUserState(db, signIn, request.params.id, me(request), request.body?.enabledMark);
      if (enabledMark === 0) await sessionsEnded(request.params.id);
      await grantsChanged(request.params.id);
      return ok({ enabledMark }, request.t('common.stateChanged'));
    },
  );

  app.put<{ Params: { id: string } }>(`${USERS_BASE}/:id/Actions/unlock`, { schema: { params: idParams }, ...can('btn_edit') }, async (request) => {
    await assertReachable(request, request.params.id, await scopeOf(request));
    await unlockUser(db, signIn, request.params.id);
    return ok(null, request.t('users.unlocked'));
  });

  app.post<{ Params: { id: string }; Body: { userPassword: string; validatePassword: string; passwordCipher?: string } }>(
    `${USERS_BASE}/:id/Actions/ResetPassword`,
    { schema: { params: idParams, body: passwordBody }, ...can('btn_resetPassword') },
    async (request) => {
      await assertReachable(request, request.params.id, await scopeOf(request));
      const { userPassword, validatePassword, passwordCipher } = request.body;
      const hash = transportHashOf(userPassword);
      const again = transportHashOf(validatePassword);
      if (!hash || !again) throw AppError.badRequest('password.notHashed');
      if (hash.toLowerCase() !== again.toLowerCase()) throw AppError.badRequest('users.passwordMismatch');
      // Our client also seals the password itself, so the policy is checked on it; JNPF's clients send hashes only.
      if (passwordCipher) {
        const plain = await unsealPassword(db, passwordCipher);
        if (plain === null) throw AppError.badRequest('password.sealMissing');
        if (createHash('md5').update(plain).digest('hex') !== hash.toLowerCase()) throw AppError.badRequest('password.sealMismatch');
        const [problem] = passwordProblems(plain, readPasswordPolicy(await readSysConfig(db, PASSWORD_POLICY_KEYS)));
        if (problem) throw AppError.badRequest(problem.key, problem.values);
      }
      await resetPassword(db, signIn, request.params.id, hash);
      await sessionsEnded(request.params.id);
      return ok(null, request.t('users.passwordReset'));
    },
  );
}
