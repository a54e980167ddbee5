import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { NAME_MAX_LENGTH } from '../../../../shared/constants.js';
import { rules } from '../../../../shared/validation/rules.js';
import { AppError } from '../../../../kernel/server/appError.js';
import type { DB } from '../../../../kernel/server/db/schema.js';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import type { Infrastructure } from '../../../../kernel/server/infra/infrastructure.js';
import { DEFAULT_HEAD_ICON, sharedOrganizeIndex } from '../userDirectory.js';
import { CURRENT_USER_BASE, currentUserId } from './currentUser.js';

/**
 * The signed-in user's own details (spec 000 §7, Users/Current/BaseInfo): read with their organisation, position
 * and roles, edited (name, gender, phone, e-mail, personal signature), and the avatar chosen from the images they
 * uploaded.
 */
interface DetailsInput {
  realName: string;
  gender?: number;
  mobilePhone?: string | null;
  email?: string | null;
  signature?: string | null;
}
const detailsBody = {
  type: 'object',
  required: ['realName'],
  properties: {
    realName: { type: 'string', minLength: 1, maxLength: NAME_MAX_LENGTH },
    gender: { type: 'integer', enum: [1, 2, 3] },
    mobilePhone: { type: ['string', 'null'], maxLength: 20 },
    email: { type: ['string', 'null'], maxLength: 100 },
    signature: { type: ['string', 'null'], maxLength: 500 },
  },
};
const avatarParams = { type: 'object', properties: { name: { type: 'string', maxLength: 64 } } };

export async function detailsRoutes(app: FastifyInstance, { db, infra }: { db: Kysely<DB>; infra: Infrastructure }): Promise<void> {
  async function readMyDetails(request: FastifyRequest) {
    const user = await db
      .selectFrom('base_user as u')
      .leftJoin('base_organize as d', 'd.id', 'u.organize_id')
      .leftJoin('base_position as p', 'p.id', 'u.position_id')
      .leftJoin('base_user as m', 'm.id', 'u.manager_id')
      .select(['u.account', 'u.real_name', 'u.gender', 'u.mobile', 'u.email', 'u.signature', 'u.head_icon', 'u.theme', 'u.language', 'u.change_password_date', 'u.created_at', 'u.prev_login_time', 'u.organize_id', 'd.full_name as organize_name', 'p.full_name as position_name', 'm.real_name as manager_name', 'm.account as manager_account'])
      .where('u.id', '=', currentUserId(request))
      .executeTakeFirstOrThrow();
    const roles = await db
      .selectFrom('base_user_relation as r')
      .innerJoin('base_role as role', 'role.id', 'r.object_id')
      .select('role.full_name')
      .where('r.user_id', '=', currentUserId(request))
      .where('r.object_type', '=', 'Role')
      .execute();
    // The organisation index every user list shares, kept until the organisations change.
    const organisations = await sharedOrganizeIndex(db, infra);
    const headIcon = user.head_icon ?? DEFAULT_HEAD_ICON;
    const roleNames = roles.map((r) => r.full_name).join(',');
    return ok({
      account: user.account,
      realName: user.real_name,
      gender: user.gender,
      mobilePhone: user.mobile,
      email: user.email,
      signature: user.signature,
      headIcon,
      organizeName: user.organize_name ?? '',
      positionName: user.position_name,
      roleName: roleNames,
      // What JNPF's profile shows as text: the organisation's path, the manager, the position, the roles (3.6
      // reads them as organize, manager, position, ranks, roleId), and times in epoch milliseconds.
      avatar: headIcon,
      organize: organisations.pathText(user.organize_id) ?? '',
      manager: user.manager_name ? `${user.manager_name}/${user.manager_account}` : '',
      position: user.position_name ?? '',
      ranks: '',
      roleId: roleNames,
      prevLogTime: user.prev_login_time ? new Date(user.prev_login_time).getTime() : null,
      // LabCode keeps no entry date.
      entryDate: null,
      theme: user.theme,
      language: user.language,
      changePasswordDate: user.change_password_date,
      creatorTime: user.created_at,
      prevLoginTime: user.prev_login_time,
    });
  }

  async function saveMyDetails(request: FastifyRequest<{ Body: DetailsInput }>) {
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
      .where('id', '=', currentUserId(request))
      .execute();
    return ok(null, request.t('common.updated'));
  }

  async function chooseAvatar(request: FastifyRequest<{ Params: { name: string } }>) {
    const image = await db.selectFrom('base_user_image').select('id').where('id', '=', request.params.name).where('user_id', '=', currentUserId(request)).where('kind', '=', 'avatar').executeTakeFirst();
    if (!image) throw AppError.badRequest('upload.notFound');
    await db.updateTable('base_user').set({ head_icon: `/api/file/Image/userAvatar/${image.id}` }).where('id', '=', currentUserId(request)).execute();
    return ok(null, request.t('common.updated'));
  }

  app.get(`${CURRENT_USER_BASE}/BaseInfo`, readMyDetails);
  app.put<{ Body: DetailsInput }>(`${CURRENT_USER_BASE}/BaseInfo`, { schema: { body: detailsBody } }, saveMyDetails);
  app.put<{ Params: { name: string } }>(`${CURRENT_USER_BASE}/Avatar/:name`, { schema: { params: avatarParams } }, chooseAvatar);
}
