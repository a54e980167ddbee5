import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { Infrastructure } from '../../../kernel/server/infra/infrastructure.js';
import { pageOf } from '../../../kernel/server/crud/listQuery.js';
import { applyDataScope } from '../../../kernel/server/crud/dataScope.js';
import { idParams } from '../../../kernel/server/crud/requestSchemas.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { findUser } from './userService.js';
import { pickerUserColumns, sharedOrganizeIndex, pickerUsersByIds, subtreeCondition, toPickerUser, type OrganizeIndex, type OrganizeNode } from './userDirectory.js';
import { anyOfCondition, directMembers, groupRefs, keywordCondition, labelRefs, memberCondition, parseRefs } from './userObjects.js';
import { USER_MENU, USERS_BASE, userScopeColumns } from './userRoutes.js';

/**
 * The calls the user pickers make from any form (spec 001 §2–3): they need a session, not the user page. Pickers
 * list enabled users; label lookups (getUserList, getSelectedList) also name disabled ones, so a stored value
 * keeps its label.
 */
const pageProperties = {
  keyword: { type: ['string', 'null'], maxLength: 100 },
  currentPage: { type: ['integer', 'string', 'null'] },
  pageSize: { type: ['integer', 'string', 'null'] },
} as const;
const idArray = { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 120 } } as const;
const idsBody = { type: ['object', 'null'], properties: { ...pageProperties, userId: idArray, ids: idArray } } as const;
type PageBody = { keyword?: string | null; currentPage?: number | string | null; pageSize?: number | string | null } | null;

const ORGANIZE_ICON = { company: 'icon-ym icon-ym-tree-organization3', department: 'icon-ym icon-ym-tree-department1' } as Record<string, string>;

function organizeNode(node: OrganizeNode, organizes: OrganizeIndex) {
  return {
    id: node.id,
    parentId: node.parentId,
    fullName: node.fullName,
    type: node.category,
    icon: ORGANIZE_ICON[node.category] ?? ORGANIZE_ICON.department,
    organize: organizes.pathText(node.id),
    organizeIds: node.path,
    hasChildren: true,
    isLeaf: false,
    disabled: node.enabledMark !== 1,
  };
}

export async function userPickerRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; infra: Infrastructure }): Promise<void> {
  const { db } = ctx;
  // Pickers only read: the process's shared index, read anew after each change of the organisations.
  const loadOrganizeIndex = () => sharedOrganizeIndex(db, ctx.infra);
  const me = (request: FastifyRequest) => request.session!.userId;
  const enabledUsers = () => db.selectFrom('base_user as u').select(pickerUserColumns).where('u.enabled_mark', '=', 1);

  /** A page of picker users matching a condition (and the keyword), in the user list's order. */
  async function pageUsers(condition: ReturnType<typeof sql<SqlBool>> | undefined, body: PageBody, organizes?: OrganizeIndex) {
    const index = organizes ?? (await loadOrganizeIndex());
    const { currentPage, pageSize } = pageOf({ currentPage: body?.currentPage ?? undefined, pageSize: body?.pageSize ?? undefined });
    let query = enabledUsers();
    if (condition) query = query.where(condition);
    const keyword = keywordCondition(body?.keyword);
    if (keyword) query = query.where(keyword);
    const { total } = await query.clearSelect().select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
    const rows = await query.orderBy('u.sort_code').orderBy('u.id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    return { list: rows.map((r) => toPickerUser(r, index)), pagination: { currentPage, pageSize, total: Number(total) } };
  }

  app.get(`${USERS_BASE}/All`, async () => {
    const organizes = await loadOrganizeIndex();
    const rows = await enabledUsers().orderBy('u.sort_code').orderBy('u.id').execute();
    return ok({ list: rows.map((r) => toPickerUser(r, organizes)) });
  });

  // The whole organisation tree with each organisation's users under its sub-organisations.
  app.get(`${USERS_BASE}/Selector`, async () => {
    const organizes = await loadOrganizeIndex();
    const users = await enabledUsers().orderBy('u.sort_code').orderBy('u.id').execute();
    type Node = ReturnType<typeof organizeNode> & { children: unknown[] };
    const nodes = new Map<string, Node>(organizes.all().map((o) => [o.id, { ...organizeNode(o, organizes), children: [] }]));
    const roots: Node[] = [];
    for (const node of nodes.values()) (nodes.get(node.parentId)?.children ?? roots).push(node);
    for (const user of users) nodes.get(user.organize_id)?.children.push({ ...toPickerUser(user, organizes), parentId: user.organize_id });
    for (const node of nodes.values()) node.hasChildren = node.children.length > 0;
    return ok({ list: roots });
  });

  app.get<{ Querystring: PageBody }>(`${USERS_BASE}/ImUser`, { schema: { querystring: { type: 'object', properties: pageProperties } } }, async (request) => {
    const page = await pageUsers(sql<SqlBool>`u.id <> ${me(request)}`, request.query);
    return ok({ list: page.list.map((u) => ({ ...u, department: u.organize })), pagination: page.pagination });
  });

  /**
   * Children of a picker tree node: the organisation's sub-organisations, then its users (main organisation or
   * member), paged together. Node 0 or -1 is the top. With a keyword, the search runs over all users instead.
   */
  app.post<{ Params: { id: string }; Body: PageBody }>(
    `${USERS_BASE}/ImUser/Selector/:id`,
    { schema: { params: idParams, body: { type: ['object', 'null'], properties: pageProperties } } },
    async (request) => {
      const organizes = await loadOrganizeIndex();
      if (keywordCondition(request.body?.keyword)) return ok(await pageUsers(undefined, request.body, organizes));
      const nodeId = request.params.id === '0' ? '-1' : request.params.id;
      const children = organizes.all().filter((o) => o.parentId === nodeId).map((o) => organizeNode(o, organizes));
      const { currentPage, pageSize } = pageOf({ currentPage: request.body?.currentPage ?? undefined, pageSize: request.body?.pageSize ?? undefined });
      const start = (currentPage - 1) * pageSize;
      const orgPart = children.slice(start, start + pageSize);
      if (nodeId === '-1') return ok({ list: orgPart, pagination: { currentPage, pageSize, total: children.length } });
      const query = enabledUsers().where(directMembers(nodeId));
      const { total } = await query.clearSelect().select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
      const userLimit = pageSize - orgPart.length;
      const rows = userLimit > 0 ? await query.orderBy('u.sort_code').orderBy('u.id').limit(userLimit).offset(Math.max(0, start - children.length)).execute() : [];
      return ok({ list: [...orgPart, ...rows.map((r) => toPickerUser(r, organizes))], pagination: { currentPage, pageSize, total: children.length + Number(total) } });
    },
  );

  app.post<{ Body: { userId?: string[] } | null }>(`${USERS_BASE}/getUserList`, { schema: { body: { type: ['object', 'null'], properties: { userId: idArray } } } }, async (request) =>
    ok({ list: await pickerUsersByIds(db, request.body?.userId ?? []) }),
  );

  app.post<{ Body: PageBody }>(`${USERS_BASE}/getSubordinates`, { schema: { body: { type: ['object', 'null'], properties: pageProperties } } }, async (request) => {
    const { list } = await pageUsers(sql<SqlBool>`u.manager_id = ${me(request)}`, { ...request.body, currentPage: 1, pageSize: 10_000 });
    return ok({ list });
  });

  // Users of one organisation, not those below it (organizeId 0 or absent: the caller's main organisation): the picker's "current organisation" tab.
  app.get<{ Querystring: PageBody & { organizeId?: string } }>(
    `${USERS_BASE}/getOrganization`,
    { schema: { querystring: { type: 'object', properties: { ...pageProperties, organizeId: { type: 'string', maxLength: 50 } } } } },
    async (request) => {
      let organizeId = request.query.organizeId;
      if (!organizeId || organizeId === '0') organizeId = (await findUser(db, me(request))).organize_id;
      const { list } = await pageUsers(directMembers(organizeId), { ...request.query, currentPage: 1, pageSize: 10_000 });
      return ok({ list });
    },
  );

  app.get<{ Querystring: PageBody & { positionId?: string } }>(
    `${USERS_BASE}/GetUsersByPositionId`,
    { schema: { querystring: { type: 'object', properties: { ...pageProperties, positionId: { type: 'string', maxLength: 50 } } } } },
    async (request) => {
      const { list } = await pageUsers(memberCondition('position', request.query.positionId ? [request.query.positionId] : []), { ...request.query, currentPage: 1, pageSize: 10_000 });
      return ok({ list });
    },
  );

  app.get<{ Querystring: PageBody & { roleId?: string; organizeId?: string } }>(
    `${USERS_BASE}/GetUsersByRoleOrgId`,
    { schema: { querystring: { type: 'object', properties: { ...pageProperties, roleId: { type: 'string', maxLength: 50 }, organizeId: { type: 'string', maxLength: 50 } } } } },
    async (request) => {
      const { roleId, organizeId } = request.query;
      const byRole = memberCondition('role', roleId ? [roleId] : []);
      const condition = organizeId && organizeId !== '0' ? sql<SqlBool>`(${byRole} and ${memberCondition('organize', [organizeId])})` : byRole;
      const { list } = await pageUsers(condition, { ...request.query, currentPage: 1, pageSize: 10_000 });
      return ok({ list });
    },
  );

  // A picker limited to chosen departments, positions, roles, groups and users: members of any of them.
  app.post<{ Body: PageBody & { departIds?: string[]; positionIds?: string[]; roleIds?: string[]; groupIds?: string[]; userIds?: string[] } }>(
    `${USERS_BASE}/UserCondition`,
    { schema: { body: { type: ['object', 'null'], properties: { ...pageProperties, departIds: idArray, positionIds: idArray, roleIds: idArray, groupIds: idArray, userIds: idArray } } } },
    async (request) => {
      const body = request.body ?? {};
      const strip = (ids?: string[]) => (ids ?? []).map((id) => id.split('--')[0]);
      const condition = anyOfCondition({ organize: strip(body.departIds), position: strip(body.positionIds), role: strip(body.roleIds), group: strip(body.groupIds), user: strip(body.userIds) });
      return ok(await pageUsers(condition, body));
    },
  );

  /** Users of an organisation and below (0: all) that the caller's data scope on the user page lets them see. */
  app.post<{ Params: { id: string }; Body: PageBody }>(
    `${USERS_BASE}/GetListByAuthorize/:id`,
    { schema: { params: idParams, body: { type: ['object', 'null'], properties: pageProperties } } },
    async (request) => {
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
    },
  );

  app.post<{ Body: { userId?: string[]; ids?: string[] } | null }>(`${USERS_BASE}/getSelectedList`, { schema: { body: idsBody } }, async (request) =>
    ok({ list: await labelRefs(db, parseRefs(request.body?.userId ?? request.body?.ids ?? [])) }),
  );

  // The users the stored values stand for (organisations, roles, positions and groups expanded), paged.
  app.post<{ Body: PageBody & { userId?: string[]; ids?: string[] } }>(`${USERS_BASE}/getSelectedUserList`, { schema: { body: idsBody } }, async (request) => {
    const refs = parseRefs(request.body?.userId ?? request.body?.ids ?? []);
    return ok(await pageUsers(anyOfCondition(groupRefs(refs)), request.body));
  });

  app.post<{ Body: PageBody & { organizeId?: string } }>(
    `${USERS_BASE}/getListByParam`,
    { schema: { body: { type: ['object', 'null'], properties: { ...pageProperties, organizeId: { type: 'string', maxLength: 50 } } } } },
    async (request) => {
      const organizeId = request.body?.organizeId;
      const condition = organizeId && organizeId !== '0' ? subtreeCondition('u.organize_id', organizeId) : undefined;
      const { list } = await pageUsers(condition, request.body);
      return ok({ list });
    },
  );

  // What a requisition form takes from its need user: organisation, company above it, and the project flag.
  app.get<{ Params: { id: string } }>(`${USERS_BASE}/getUserById/:id`, { schema: { params: idParams } }, async (request) => {
    const user = await findUser(db, request.params.id);
    const organizes = await loadOrganizeIndex();
    return ok({
      id: user.id,
      account: user.account,
      realName: user.real_name,
      headIcon: user.head_icon ?? '',
      organizeId: user.organize_id,
      department: organizes.get(user.organize_id)?.fullName ?? '',
      organize: organizes.pathText(user.organize_id),
      companyId: organizes.companyOf(user.organize_id) ?? '',
      positionId: user.position_id ?? '',
      fillProject: user.fill_project,
    });
  });
}
