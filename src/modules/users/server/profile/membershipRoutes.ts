import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../../../kernel/server/appError.js';
import type { DB } from '../../../../kernel/server/db/schema.js';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { loadOrganizeIndex } from '../userDirectory.js';
import { CURRENT_USER_BASE, currentUserId, idParams } from './currentUser.js';

/**
 * Where the signed-in user stands (spec 000 §7, Users/Current): the organisations and positions they belong to,
 * choosing the main one of each, and their direct reports down the manager line.
 */
type Held = 'Organize' | 'Position';
const majorBody = { type: 'object', required: ['majorId', 'majorType'], properties: { majorId: { type: 'string', maxLength: 50 }, majorType: { type: 'string', enum: ['Organize', 'Position'] } } } as const;

export async function membershipRoutes(app: FastifyInstance, { db }: { db: Kysely<DB> }): Promise<void> {
  /** The organisations or positions a user belongs to (memberships and the main one); the main one is the default. */
  async function heldObjects(userId: string, type: Held) {
    const user = await db.selectFrom('base_user').select(['organize_id', 'position_id']).where('id', '=', userId).executeTakeFirstOrThrow();
    const main = type === 'Organize' ? user.organize_id : user.position_id;
    const related = await db.selectFrom('base_user_relation').select('object_id').where('user_id', '=', userId).where('object_type', '=', type).orderBy('id').execute();
    return { main, ids: [...new Set([...(main ? [main] : []), ...related.map((r) => r.object_id)])] };
  }

  async function listMyOrganizations(request: FastifyRequest) {
    const { main, ids } = await heldObjects(currentUserId(request), 'Organize');
    const organizes = await loadOrganizeIndex(db);
    return ok(ids.filter((id) => organizes.get(id)).map((id) => ({ id, fullName: organizes.pathText(id), isDefault: id === main })));
  }

  async function listMyPositions(request: FastifyRequest) {
    const { main, ids } = await heldObjects(currentUserId(request), 'Position');
    const rows = ids.length ? await db.selectFrom('base_position').select(['id', 'full_name']).where('id', 'in', ids).execute() : [];
    const names = new Map(rows.map((r) => [r.id, r.full_name]));
    return ok(ids.filter((id) => names.has(id)).map((id) => ({ id, fullName: names.get(id)!, isDefault: id === main })));
  }

  /** A user may only make one of their own organisations or positions the main one. */
  async function chooseMain(request: FastifyRequest<{ Body: { majorId: string; majorType: Held } }>) {
    const userId = currentUserId(request);
    const { majorId, majorType } = request.body;
    const { ids } = await heldObjects(userId, majorType);
    if (!ids.includes(majorId)) throw AppError.badRequest('profile.notYours');
    await db.updateTable('base_user').set(majorType === 'Organize' ? { organize_id: majorId } : { position_id: majorId }).where('id', '=', userId).execute();
    // The main organisation decides organisation data scopes.
    await app.grants.invalidate(userId);
    return ok(null, request.t('common.updated'));
  }

  /**
   * Subordinate/{id}: the direct reports of the current user (id 0) or of someone below them, one level at a time
   * as an organisation tree expands. Asking for someone outside one's own line is refused.
   */
  async function listReports(request: FastifyRequest<{ Params: { id: string } }>) {
    const self = currentUserId(request);
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
  }

  app.get(`${CURRENT_USER_BASE}/getUserOrganizes`, listMyOrganizations);
  app.get(`${CURRENT_USER_BASE}/getUserPositions`, listMyPositions);
  app.put<{ Body: { majorId: string; majorType: Held } }>(`${CURRENT_USER_BASE}/major`, { schema: { body: majorBody } }, chooseMain);
  app.get<{ Params: { id: string } }>(`${CURRENT_USER_BASE}/Subordinate/:id`, { schema: { params: idParams } }, listReports);
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
