import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { NAME_MAX_LENGTH, THEMES } from '../../../shared/constants.js';
import { LANGUAGES } from '../../../shared/language.js';
import { SIGN_IMAGE_MAX_BYTES, SIGN_IMAGES_PER_USER } from '../../../shared/profileLimits.js';
import { rules } from '../../../shared/validation/rules.js';
import { fileSize } from '../../../shared/format/sizes.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { EventBus } from '../../../kernel/server/infra/infrastructure.js';
import { publishSessionsEnded } from '../../oauth/server/public.js';
import { newId } from '../../../kernel/server/db/id.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { listQuery, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { listQueryProperties } from '../../../kernel/server/crud/requestSchemas.js';
import { sniffImageType } from './userImages.js';
import { loadAuthority } from '../../permission/server/public.js';
import { changePassword, type PasswordChangeInput } from './passwordChange.js';
import { passwordPublicKey } from './passwordKeys.js';
import { loadOrganizeIndex } from './userDirectory.js';

/** The signed-in user's own calls (spec 000 §7, prefix /permission/Users/Current). Each acts on the session's user only. */
const BASE = '/api/permission/Users/Current';
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } as const;
/** The user's own sign-in log, newest first, filterable by category (1 sign-in … 5 failed sign-in). */
const systemLogListSpec: ListSpec = {
  keywordColumns: ['description', 'ip'],
  defaultOrder: [['created_at', 'desc']],
  filters: { category: { column: 'category', searchType: 1 } },
};
const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

export async function profileRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; events?: EventBus }): Promise<void> {
  const { db } = ctx;
  const me = (request: { session?: { userId: string } | null }) => request.session!.userId;

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

  // The organisations and positions the user belongs to (memberships and the main ones); the main one is the default.
  const heldObjects = async (userId: string, type: 'Organize' | 'Position') => {
    const user = await db.selectFrom('base_user').select(['organize_id', 'position_id']).where('id', '=', userId).executeTakeFirstOrThrow();
    const main = type === 'Organize' ? user.organize_id : user.position_id;
    const related = await db.selectFrom('base_user_relation').select('object_id').where('user_id', '=', userId).where('object_type', '=', type).orderBy('id').execute();
    return { main, ids: [...new Set([...(main ? [main] : []), ...related.map((r) => r.object_id)])] };
  };
  app.get(`${BASE}/getUserOrganizes`, async (request) => {
    const { main, ids } = await heldObjects(me(request), 'Organize');
    const organizes = await loadOrganizeIndex(db);
    return ok(ids.filter((id) => organizes.get(id)).map((id) => ({ id, fullName: organizes.pathText(id), isDefault: id === main })));
  });
  app.get(`${BASE}/getUserPositions`, async (request) => {
    const { main, ids } = await heldObjects(me(request), 'Position');
    const rows = ids.length ? await db.selectFrom('base_position').select(['id', 'full_name']).where('id', 'in', ids).execute() : [];
    const names = new Map(rows.map((r) => [r.id, r.full_name]));
    return ok(ids.filter((id) => names.has(id)).map((id) => ({ id, fullName: names.get(id)!, isDefault: id === main })));
  });
  app.put<{ Body: { majorId: string; majorType: 'Organize' | 'Position' } }>(
    `${BASE}/major`,
    { schema: { body: { type: 'object', required: ['majorId', 'majorType'], properties: { majorId: { type: 'string', maxLength: 50 }, majorType: { type: 'string', enum: ['Organize', 'Position'] } } } } },
    async (request) => {
      // A user may only make one of their own organisations or positions the main one.
      const { majorId, majorType } = request.body;
      const { ids } = await heldObjects(me(request), majorType);
      if (!ids.includes(majorId)) throw AppError.badRequest('profile.notYours');
      await db.updateTable('base_user').set(majorType === 'Organize' ? { organize_id: majorId } : { position_id: majorId }).where('id', '=', me(request)).execute();
      // The main organisation decides organisation data scopes.
      await app.grants.invalidate(me(request));
      return ok(null, request.t('common.updated'));
    },
  );

  /**
   * Subordinate/{id}: the direct reports of the current user (id 0) or of someone below them, one level at a time
   * as an organisation tree expands. Asking for someone outside one's own line is refused.
   */
  app.get<{ Params: { id: string } }>(`${BASE}/Subordinate/:id`, { schema: { params: idParams } }, async (request) => {
    const self = me(request);
    const target = request.params.id === '0' ? self : request.params.id;
    if (target !== self && !(await reportsTo(db, target, self))) throw AppError.forbidden();
    const rows = await db
      .selectFrom('base_user as u')
      .leftJoin('base_organize as d', 'd.id', 'u.organize_id')
      .leftJoin('base_position as p', 'p.id', 'u.position_id')
      .select((eb) => [
        'u.id', 'u.account', 'u.real_name', 'u.head_icon', 'd.full_name as department', 'p.full_name as position',
        eb.exists(eb.selectFrom('base_user as r').select('r.id').whereRef('r.manager_id', '=', 'u.id').where('r.enabled_mark', '=', 1)).as('has_reports'),
      ])
      .where('u.manager_id', '=', target)
      .where('u.enabled_mark', '=', 1)
      .orderBy('u.sort_code')
      .execute();
    return ok(
      rows.map((r) => ({
        id: r.id,
        fullName: `${r.real_name}/${r.account}`,
        account: r.account,
        realName: r.real_name,
        headIcon: r.head_icon ?? '/api/file/Image/userAvatar/default.png',
        department: r.department ?? '',
        position: r.position ?? '',
        type: 'user',
        isLeaf: !r.has_reports,
      })),
    );
  });

  app.get(`${BASE}/SignImg`, async (request) => {
    const rows = await db.selectFrom('base_user_image').select(['id', 'content_type', 'content', 'is_default']).where('user_id', '=', me(request)).where('kind', '=', 'sign').orderBy('created_at').execute();
    return ok(rows.map((r) => ({ id: r.id, signImg: `data:${r.content_type};base64,${Buffer.from(r.content).toString('base64')}`, isDefault: r.is_default })));
  });
  app.post<{ Body: { signImg: string } }>(
    `${BASE}/SignImg`,
    { schema: { body: { type: 'object', required: ['signImg'], properties: { signImg: { type: 'string', maxLength: Math.ceil((SIGN_IMAGE_MAX_BYTES * 4) / 3) + 64 } } } } },
    async (request) => {
      const match = DATA_URL.exec(request.body.signImg);
      const content = match ? Buffer.from(match[2], 'base64') : null;
      if (!content || !sniffImageType(content)) throw AppError.badRequest('upload.notImage');
      if (content.length > SIGN_IMAGE_MAX_BYTES) throw AppError.badRequest('upload.tooLarge', { limit: fileSize(SIGN_IMAGE_MAX_BYTES) });
      const existing = await db.selectFrom('base_user_image').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', me(request)).where('kind', '=', 'sign').executeTakeFirstOrThrow();
      if (Number(existing.n) >= SIGN_IMAGES_PER_USER) throw AppError.badRequest('profile.tooManySigns', { n: SIGN_IMAGES_PER_USER });
      await db
        .insertInto('base_user_image')
        .values({ id: newId(), user_id: me(request), kind: 'sign', content_type: sniffImageType(content)!, content, is_default: Number(existing.n) === 0 ? 1 : 0 })
        .execute();
      return ok(null, request.t('common.created'));
    },
  );
  app.put<{ Params: { id: string } }>(`${BASE}/:id/SignImg`, { schema: { params: idParams } }, async (request) => {
    await db.transaction().execute(async (trx) => {
      const mine = await trx.selectFrom('base_user_image').select('id').where('id', '=', request.params.id).where('user_id', '=', me(request)).where('kind', '=', 'sign').executeTakeFirst();
      if (!mine) throw AppError.badRequest('upload.notFound');
      await trx.updateTable('base_user_image').set({ is_default: 0 }).where('user_id', '=', me(request)).where('kind', '=', 'sign').execute();
      await trx.updateTable('base_user_image').set({ is_default: 1 }).where('id', '=', mine.id).execute();
    });
    return ok(null, request.t('common.updated'));
  });
  app.delete<{ Params: { id: string } }>(`${BASE}/:id/SignImg`, { schema: { params: idParams } }, async (request) => {
    const removed = await db.deleteFrom('base_user_image').where('id', '=', request.params.id).where('user_id', '=', me(request)).where('kind', '=', 'sign').executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) throw AppError.badRequest('upload.notFound');
    return ok(null, request.t('common.deleted'));
  });

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
      await changePassword(db, { userId: me(request), account: request.session!.account, tokenHash: request.session!.tokenHash }, request.body, request.ip);
      // The user's other sessions ended: their sockets hear it (decision 167).
      if (ctx.events) await publishSessionsEnded(ctx.events, [me(request)]);
      return ok(null, request.t('password.changed'));
    },
  );
}

/** Whether someone is below a manager, following manager links upward (a loop in bad data ends the walk). */
async function reportsTo(db: Kysely<DB>, userId: string, managerId: string): Promise<boolean> {
  const seen = new Set<string>();
  let current: string | null = userId;
  while (current && !seen.has(current)) {
    seen.add(current);
    const row: { manager_id: string | null } | undefined = await db.selectFrom('base_user').select('manager_id').where('id', '=', current).executeTakeFirst();
    current = row?.manager_id ?? null;
    if (current === managerId) return true;
  }
  return false;
}
