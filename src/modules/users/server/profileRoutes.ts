import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { NAME_MAX_LENGTH, THEMES } from '../../../shared/constants.js';
import { LANGUAGES } from '../../../shared/language.js';
import { rules } from '../../../shared/validation/rules.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { EventBus } from '../../../kernel/server/infra/infrastructure.js';
import { publishSessionsEnded, type SignInService } from '../../../kernel/server/sessions.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { listQuery, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { listQueryProperties } from '../../../kernel/server/crud/requestSchemas.js';
import { loadAuthority } from '../../permission/server/public.js';
import { changePassword, type PasswordChangeInput } from './passwordChange.js';
import { CURRENT_USER_BASE, currentUserId } from './profile/currentUser.js';
import { membershipRoutes } from './profile/membershipRoutes.js';
import { signatureRoutes } from './profile/signatureRoutes.js';
import { passwordPublicKey } from './passwordKeys.js';

/**
 * The signed-in user's own calls (spec 000 §7, prefix /permission/Users/Current). Each acts on the session's user
 * only. Memberships and reports (profile/membershipRoutes.ts) and signature images (profile/signatureRoutes.ts)
 * have files of their own.
 */
const BASE = CURRENT_USER_BASE;
/** The user's own sign-in log, newest first, filterable by category (1 sign-in … 5 failed sign-in). */
const systemLogListSpec: ListSpec = {
  keywordColumns: ['description', 'ip'],
  defaultOrder: [['created_at', 'desc']],
  filters: { category: { column: 'category', searchType: 1 } },
};

export async function profileRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; events?: EventBus; signIn: SignInService }): Promise<void> {
  const { db } = ctx;
  const me = currentUserId;

  // Language and layout: one enumerated column each, saved the same way.
  const saveChoice = (path: string, field: 'language' | 'theme', allowed: readonly string[]) =>
    app.put<{ Body: Record<string, string> }>(
      `${BASE}/${path}`,
      { schema: { body: { type: 'object', required: [field], properties: { [field]: { type: 'string', enum: [...allowed] } } } } },
      async (request) => {
        await db.updateTable('base_user').set({ [field]: request.body[field] }).where('id', '=', me(request)).execute();
        return ok(null, request.t('common.updated'));
      },
    );
  saveChoice('SystemLanguage', 'language', LANGUAGES);
  saveChoice('SystemTheme', 'theme', THEMES);

  app.get(`${BASE}/BaseInfo`, async (request) => {
    const user = await db
      .selectFrom('base_user as u')
      .leftJoin('base_organize as d', 'd.id', 'u.organize_id')
      .leftJoin('base_position as p', 'p.id', 'u.position_id')
      .select(['u.account', 'u.real_name', 'u.gender', 'u.mobile', 'u.email', 'u.signature', 'u.head_icon', 'u.theme', 'u.language', 'u.change_password_date', 'u.created_at', 'u.prev_login_time', 'd.full_name as organize_name', 'p.full_name as position_name'])
      .where('u.id', '=', me(request))
      .executeTakeFirstOrThrow();
    const roles = await db
      .selectFrom('base_user_relation as r')
      .innerJoin('base_role as role', 'role.id', 'r.object_id')
      .select('role.full_name')
      .where('r.user_id', '=', me(request))
      .where('r.object_type', '=', 'Role')
      .execute();
    return ok({
      account: user.account,
      realName: user.real_name,
      gender: user.gender,
      mobilePhone: user.mobile,
      email: user.email,
      signature: user.signature,
      headIcon: user.head_icon ?? '/api/file/Image/userAvatar/default.png',
      organizeName: user.organize_name ?? '',
      positionName: user.position_name,
      roleName: roles.map((r) => r.full_name).join(','),
      theme: user.theme,
      language: user.language,
      changePasswordDate: user.change_password_date,
      creatorTime: user.created_at,
      prevLoginTime: user.prev_login_time,
    });
  });

  app.put<{ Body: { realName: string; gender?: number; mobilePhone?: string | null; email?: string | null; signature?: string | null } }>(
    `${BASE}/BaseInfo`,
    {
      schema: {
        body: {
          type: 'object',
          required: ['realName'],
          properties: {
            realName: { type: 'string', minLength: 1, maxLength: NAME_MAX_LENGTH },
            gender: { type: 'integer', enum: [1, 2, 3] },
            mobilePhone: { type: ['string', 'null'], maxLength: 20 },
            email: { type: ['string', 'null'], maxLength: 100 },
            signature: { type: ['string', 'null'], maxLength: 500 },
          },
        },
      },
    },
    async (request) => {
      const { realName, gender, mobilePhone, email, signature } = request.body;
      if (!realName.trim()) throw AppError.validation('realName', 'validation.required');
      if (mobilePhone && !rules.mobile.test(mobilePhone)) throw AppError.validation('mobilePhone', 'validation.pattern');
      if (email && !rules.email.test(email)) throw AppError.validation('email', 'validation.pattern');
      // Only what the call carries changes: a client that sends the name alone must not clear the rest.
      await db
        .updateTable('base_user')
        .set({
          real_name: realName.trim(),
          ...(gender !== undefined ? { gender } : {}),
          ...(mobilePhone !== undefined ? { mobile: mobilePhone || null } : {}),
          ...(email !== undefined ? { email: email || null } : {}),
          ...(signature !== undefined ? { signature: signature || null } : {}),
        })
        .where('id', '=', me(request))
        .execute();
      return ok(null, request.t('common.updated'));
    },
  );

  app.put<{ Params: { name: string } }>(`${BASE}/Avatar/:name`, { schema: { params: { type: 'object', properties: { name: { type: 'string', maxLength: 64 } } } } }, async (request) => {
    const image = await db.selectFrom('base_user_image').select('id').where('id', '=', request.params.name).where('user_id', '=', me(request)).where('kind', '=', 'avatar').executeTakeFirst();
    if (!image) throw AppError.badRequest('upload.notFound');
    await db.updateTable('base_user').set({ head_icon: `/api/file/Image/userAvatar/${image.id}` }).where('id', '=', me(request)).execute();
    return ok(null, request.t('common.updated'));
  });

  app.get<{ Querystring: { currentPage?: number; pageSize?: number; category?: number; keyword?: string } }>(
    `${BASE}/SystemLog`,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { ...listQueryProperties, category: { type: 'integer', minimum: 0, maximum: 100 } },
        },
      },
    },
    async (request) => {
      const base = db.selectFrom('base_sys_log').select(['id', 'category', 'ip', 'description', 'created_at']).where('user_id', '=', me(request));
      const { list, pagination } = await listQuery(base, request.query, systemLogListSpec);
      return ok({ list: list.map((r) => ({ id: String(r.id), category: r.category, ipAddress: r.ip ?? '', description: r.description, creatorTime: r.created_at })), pagination });
    },
  );

  // The modules this user may open, as a tree: what the permission screens call the user's authorisation.
  app.get(`${BASE}/Authorize`, async (request) => {
    const authority = await loadAuthority(db, me(request), request.session!.isAdministrator);
    return ok({ module: authority.menuList, button: authority.permissionList.flatMap((p) => p.button), column: authority.permissionList.flatMap((p) => p.column), form: authority.permissionList.flatMap((p) => p.form) });
  });

  await membershipRoutes(app, { db });
  await signatureRoutes(app, { db });

  // The forced password change calls these two (plugins/session.ts, whilePasswordChangeDue).
  app.get(`${BASE}/PasswordKey`, { config: { whilePasswordChangeDue: true } }, async () => ok({ publicKey: await passwordPublicKey(db) }));
  app.post<{ Body: PasswordChangeInput }>(
    `${BASE}/Actions/ModifyPassword`,
    {
      config: { whilePasswordChangeDue: true },
      schema: {
        body: {
          type: 'object',
          properties: {
            oldPassword: { type: 'string', maxLength: 64 },
            password: { type: 'string', maxLength: 64 },
            passwordCipher: { type: 'string', maxLength: 1024 },
            code: { type: 'string', maxLength: 10 },
            timestamp: { type: 'string', maxLength: 64 },
          },
        },
      },
    },
    async (request) => {
      await changePassword(db, ctx.signIn, { userId: me(request), account: request.session!.account, tokenHash: request.session!.tokenHash }, request.body, request.ip);
      // The user's other sessions ended: their sockets hear it (decision 167).
      if (ctx.events) await publishSessionsEnded(ctx.events, [me(request)]);
      return ok(null, request.t('password.changed'));
    },
  );
}
