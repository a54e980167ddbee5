import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { pageOf } from '../../../../kernel/server/crud/listQuery.js';
import { applyDataScope } from '../../../../kernel/server/crud/dataScope.js';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { findUser } from '../userService.js';
import { subtreeCondition, toPickerUser } from '../userDirectory.js';
import { anyOfCondition, directMembers, groupRefs, keywordCondition, memberCondition, parseRefs } from '../userObjects.js';
import { USER_MENU, userScopeColumns } from '../userRoutes.js';
import { callerId, type ConditionBody, type OrganizeFilter, type PageBody, type PositionFilter, type RoleFilter, type StoredIdsBody } from './pickerRequests.js';
import type { PickerReads } from './pickerReads.js';

/** The members of organisations, positions, roles and groups, for the picker's tabs and for limited pickers. */
export function memberHandlers(app: FastifyInstance, { db, loadOrganizeIndex, enabledUsers, pageUsers }: PickerReads) {
  // Users of one organisation, not those below it (organizeId 0 or absent: the caller's main organisation): the picker's "current organisation" tab.
  async function listOrganizationMembers(request: FastifyRequest<{ Querystring: OrganizeFilter }>) {
    let organizeId = request.query.organizeId;
    if (!organizeId || organizeId === '0') organizeId = (await findUser(db, callerId(request))).organize_id;
    const { list } = await pageUsers(directMembers(organizeId), { ...request.query, currentPage: 1, pageSize: 10_000 });
    return ok({ list });
  }

  async function listPositionMembers(request: FastifyRequest<{ Querystring: PositionFilter }>) {
    const { list } = await pageUsers(memberCondition('position', request.query.positionId ? [request.query.positionId] : []), { ...request.query, currentPage: 1, pageSize: 10_000 });
    return ok({ list });
  }

  async function listRoleMembers(request: FastifyRequest<{ Querystring: RoleFilter }>) {
    const { roleId, organizeId } = request.query;
    const byRole = memberCondition('role', roleId ? [roleId] : []);
    const condition = organizeId && organizeId !== '0' ? sql<SqlBool>`(${byRole} and ${memberCondition('organize', [organizeId])})` : byRole;
    const { list } = await pageUsers(condition, { ...request.query, currentPage: 1, pageSize: 10_000 });
    return ok({ list });
  }

  // A picker limited to chosen departments, positions, roles, groups and users: members of any of them.
  async function listChosenMembers(request: FastifyRequest<{ Body: ConditionBody }>) {
    const body = request.body ?? {};
    const strip = (ids?: string[]) => (ids ?? []).map((id) => id.split('--')[0]);
    const condition = anyOfCondition({ organize: strip(body.departIds), position: strip(body.positionIds), role: strip(body.roleIds), group: strip(body.groupIds), user: strip(body.userIds) });
    return ok(await pageUsers(condition, body));
  }

  /** Users of an organisation and below (0: all) that the caller's data scope on the user page lets them see. */
  async function listUsersInMyScope(request: FastifyRequest<{ Params: { id: string }; Body: PageBody }>) {
    const organizes = await loadOrganizeIndex();
    const { currentPage, pageSize } = pageOf({ currentPage: request.body?.currentPage ?? undefined, pageSize: request.body?.pageSize ?? undefined });
    let query = enabledUsers();
    if (request.params.id !== '0' && request.params.id !== '-1') query = query.where(memberCondition('organize', [request.params.id]));
    const keyword = keywordCondition(request.body?.keyword);
    if (keyword) query = query.where(keyword);
    const session = request.session!;
    query = await applyDataScope(query, userScopeColumns, { userId: session.userId, isAdministrator: session.isAdministrator, menu: USER_MENU, resolver: (r) => app.grants.dataScope(r) });
    const { total } = await query.clearSelect().select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
    const rows = await query.orderBy('u.sort_code').orderBy('u.id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    return ok({ list: rows.map((r) => toPickerUser(r, organizes)), pagination: { currentPage, pageSize, total: Number(total) } });
  }

  // The users the stored values stand for (organisations, roles, positions and groups expanded), paged.
  async function listSelectedUsers(request: FastifyRequest<{ Body: StoredIdsBody }>) {
    const refs = parseRefs(request.body?.userId ?? request.body?.ids ?? []);
    return ok(await pageUsers(anyOfCondition(groupRefs(refs)), request.body));
  }

  async function listUsersUnderOrganization(request: FastifyRequest<{ Body: OrganizeFilter }>) {
    const organizeId = request.body?.organizeId;
    const condition = organizeId && organizeId !== '0' ? subtreeCondition('u.organize_id', organizeId) : undefined;
    const { list } = await pageUsers(condition, request.body);
    return ok({ list });
  }

  return { listOrganizationMembers, listPositionMembers, listRoleMembers, listChosenMembers, listUsersInMyScope, listSelectedUsers, listUsersUnderOrganization };
}
