import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { Infrastructure } from '../../../kernel/server/infra/infrastructure.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { idParams, listQueryProperties, namedRecordProperties } from '../../../kernel/server/crud/requestSchemas.js';
import * as organize from './organizeService.js';
import { organizationsChanged } from './organizeTableCache.js';
import * as position from './positionService.js';
import * as group from './groupService.js';

/**
 * The organisation calls of spec 000 §7 (Organize, Department, Position, Group). Writes need the menu page's
 * button; a menu page's list needs the page and is narrowed by data scope, and so is every call of the page by id
 * and every create (the services check records against the same scope, recordScope.ts); pickers (Selector,
 * SelectorByAuth, All, the custom ranges) need only a session, since any form may show one.
 */
export const ORGANIZE_MENU = 'permission.organize';
export const DEPARTMENT_MENU = 'permission.department';
export const POSITION_MENU = 'permission.position';
export const GROUP_MENU = 'permission.group';
export const ORGANIZE_BUTTONS = ['btn_add', 'btn_edit', 'btn_remove'] as const;

const BASE = '/api/permission/Organize';
const DEPARTMENT = `${BASE}/Department`;
const POSITION = '/api/permission/Position';
const GROUP = '/api/permission/Group';

const id = idParams;
const selectorId = { type: 'object', properties: { id: { type: 'string', maxLength: 50 } } } as const;
const nullableId = { type: ['string', 'null'], maxLength: 50 } as const;
const organizeBody = {
  type: 'object',
  properties: { ...namedRecordProperties, parentId: nullableId, category: { type: ['string', 'null'], maxLength: 20 }, managerId: nullableId, manager: nullableId },
} as const;
const positionBody = { type: 'object', properties: { ...namedRecordProperties, organizeId: { type: 'string', maxLength: 50 }, type: { type: ['string', 'null'], maxLength: 50 } } } as const;
const groupBody = { type: 'object', properties: { ...namedRecordProperties, type: { type: ['string', 'null'], maxLength: 50 } } } as const;
// JNPF's lists send enabledMark= (empty) for "any state": a string, so it is not coerced to 0.
const enabledFilter = { type: 'string', enum: ['', '0', '1'] } as const;
const treeQuery = { type: 'object', properties: { keyword: { type: 'string', maxLength: 100 }, enabledMark: enabledFilter, type: { type: 'string', maxLength: 20 } } } as const;
const selectorQuery = { type: 'object', properties: { keyword: { type: 'string', maxLength: 100 }, category: { type: 'string', maxLength: 20 } } } as const;
const pagedQuery = { type: 'object', properties: { ...listQueryProperties, enabledMark: enabledFilter, type: { type: 'string', maxLength: 50 }, organizeId: { type: 'string', maxLength: 50 } } } as const;
const idList = { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 100 } } as const;
const conditionBody = { type: 'object', properties: { departIds: idList, positionIds: idList, ids: idList, keyword: { type: 'string', maxLength: 100 } } } as const;

type SelectorRequest = { Params: { id?: string }; Querystring: { keyword?: string; category?: string } };

export async function organizeRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; infra: Infrastructure }): Promise<void> {
  const { db } = ctx;
  /** A write's answer, once every process has dropped what it read of the table before (organizeTableCache.ts). */
  const changed = async <T>(write: Promise<T>): Promise<T> => {
    const result = await write;
    await organizationsChanged(ctx.infra);
    return result;
  };
  const listOf = (menu: string) => ({ config: { permission: { menu, dataScope: true as const, columns: true as const } } });
  const recordOf = (menu: string) => ({ config: { permission: { menu, dataScope: true as const } } });
  const writesOf = (menu: string) => (button: (typeof ORGANIZE_BUTTONS)[number]) => ({ config: { permission: { menu, button, dataScope: true as const } } });
  const canOrganize = writesOf(ORGANIZE_MENU);
  const canDepartment = writesOf(DEPARTMENT_MENU);

  // Organisations (companies and departments, one tree).
  app.get<{ Querystring: organize.OrganizeListQuery }>(BASE, { schema: { querystring: treeQuery }, ...listOf(ORGANIZE_MENU) }, async (request) =>
    ok({ list: await organize.organizeList(db, request.query, request.dataScope) }),
  );
  app.get(`${BASE}/Tree`, async () => ok({ list: await organize.companyTree(db) }));
  const selector = (byAuth: boolean) => async (request: { params: { id?: string }; query: { keyword?: string; category?: string }; session?: { userId: string; isAdministrator: boolean } | null }) => {
    const options = { excludeId: request.params.id, keyword: request.query.keyword, category: request.query.category };
    return ok({ list: byAuth ? await organize.organizeSelectorByAuth(db, request.session!, options) : await organize.organizeSelector(db, options) });
  };
  for (const prefix of [BASE, DEPARTMENT]) {
    for (const suffix of ['', '/:id']) {
      app.get<SelectorRequest>(`${prefix}/Selector${suffix}`, { schema: { params: selectorId, querystring: selectorQuery } }, selector(false));
      app.get<SelectorRequest>(`${prefix}/SelectorByAuth${suffix}`, { schema: { params: selectorId, querystring: selectorQuery } }, selector(true));
    }
  }
  app.post<{ Body: { departIds?: string[]; ids?: string[]; keyword?: string } }>(`${BASE}/OrganizeCondition`, { schema: { body: conditionBody } }, async (request) =>
    ok({ list: await organize.organizeCondition(db, request.body ?? {}) }),
  );
  app.post(`${BASE}/getAllOrg`, async () => ok({ list: await organize.allOrganizations(db) }));

  app.post<{ Body: organize.OrganizeInput }>(BASE, { schema: { body: organizeBody }, ...canOrganize('btn_add') }, async (request) => {
    const category = organize.categoryOf(request.body.category, 'company');
    return ok({ id: await changed(organize.createOrganize(db, request.body, category, request.dataScope)) }, request.t('common.created'));
  });
  app.get<{ Params: { id: string } }>(`${BASE}/:id`, { schema: { params: id }, ...recordOf(ORGANIZE_MENU) }, async (request) =>
    ok(await organize.getOrganize(db, request.params.id, undefined, request.dataScope)),
  );
  app.put<{ Params: { id: string }; Body: organize.OrganizeInput }>(`${BASE}/:id`, { schema: { params: id, body: organizeBody }, ...canOrganize('btn_edit') }, async (request) => {
    await changed(organize.updateOrganize(db, request.params.id, request.body, undefined, request.dataScope));
    return ok(null, request.t('common.updated'));
  });
  app.delete<{ Params: { id: string } }>(`${BASE}/:id`, { schema: { params: id }, ...canOrganize('btn_remove') }, async (request) => {
    await changed(organize.deleteOrganize(db, request.params.id, undefined, request.dataScope));
    return ok(null, request.t('common.deleted'));
  });
  app.put<{ Params: { id: string } }>(`${BASE}/:id/Actions/State`, { schema: { params: id }, ...canOrganize('btn_edit') }, async (request) =>
    ok({ enabledMark: await changed(organize.toggleOrganize(db, request.params.id, undefined, request.dataScope)) }, request.t('common.stateChanged')),
  );

  // Departments: the same tree, through the department page's own calls and buttons.
  app.get<{ Querystring: organize.OrganizeListQuery }>(DEPARTMENT, { schema: { querystring: treeQuery }, ...listOf(DEPARTMENT_MENU) }, async (request) =>
    ok({ list: await organize.organizeList(db, { ...request.query, type: 'department' }, request.dataScope) }),
  );
  app.post<{ Body: organize.OrganizeInput }>(DEPARTMENT, { schema: { body: organizeBody }, ...canDepartment('btn_add') }, async (request) =>
    ok({ id: await changed(organize.createOrganize(db, request.body, 'department', request.dataScope)) }, request.t('common.created')),
  );
  app.get<{ Params: { id: string } }>(`${DEPARTMENT}/:id`, { schema: { params: id }, ...recordOf(DEPARTMENT_MENU) }, async (request) =>
    ok(await organize.getOrganize(db, request.params.id, 'department', request.dataScope)),
  );
  app.put<{ Params: { id: string }; Body: organize.OrganizeInput }>(`${DEPARTMENT}/:id`, { schema: { params: id, body: organizeBody }, ...canDepartment('btn_edit') }, async (request) => {
    await changed(organize.updateOrganize(db, request.params.id, request.body, 'department', request.dataScope));
    return ok(null, request.t('common.updated'));
  });
  app.delete<{ Params: { id: string } }>(`${DEPARTMENT}/:id`, { schema: { params: id }, ...canDepartment('btn_remove') }, async (request) => {
    await changed(organize.deleteOrganize(db, request.params.id, 'department', request.dataScope));
    return ok(null, request.t('common.deleted'));
  });
  app.put<{ Params: { id: string } }>(`${DEPARTMENT}/:id/Actions/State`, { schema: { params: id }, ...canDepartment('btn_edit') }, async (request) =>
    ok({ enabledMark: await changed(organize.toggleOrganize(db, request.params.id, 'department', request.dataScope)) }, request.t('common.stateChanged')),
  );

  // Positions and groups: their enabled state, and their deletion, change what their members may do, so every
  // write ends by dropping the cached grants (after the commit: the services commit before they return).
  // Positions.
  const canPosition = writesOf(POSITION_MENU);
  app.get<{ Querystring: Record<string, unknown> & { organizeId?: string } }>(POSITION, { schema: { querystring: pagedQuery }, ...listOf(POSITION_MENU) }, async (request) =>
    ok(await position.listPositions(db, request.query, request.dataScope)),
  );
  app.get(`${POSITION}/Selector`, async () => ok({ list: await position.positionSelector(db) }));
  app.get(`${POSITION}/All`, async () => ok({ list: await position.allPositions(db) }));
  app.post<{ Body: { organizeIds?: string[] } }>(`${POSITION}/getListByOrgIds`, { schema: { body: { type: 'object', properties: { organizeIds: idList } } } }, async (request) =>
    ok({ list: await position.positionsByOrganizations(db, request.body?.organizeIds) }),
  );
  app.post<{ Body: { departIds?: string[]; positionIds?: string[]; ids?: string[]; keyword?: string } }>(`${POSITION}/PositionCondition`, { schema: { body: conditionBody } }, async (request) =>
    ok({ list: await position.positionCondition(db, request.body ?? {}) }),
  );
  app.post<{ Body: position.PositionInput }>(POSITION, { schema: { body: positionBody }, ...canPosition('btn_add') }, async (request) =>
    ok({ id: await position.createPosition(db, request.body, request.dataScope) }, request.t('common.created')),
  );
  app.get<{ Params: { id: string } }>(`${POSITION}/:id`, { schema: { params: id }, ...recordOf(POSITION_MENU) }, async (request) =>
    ok(await position.getPosition(db, request.params.id, request.dataScope)),
  );
  app.put<{ Params: { id: string }; Body: position.PositionInput }>(`${POSITION}/:id`, { schema: { params: id, body: positionBody }, ...canPosition('btn_edit') }, async (request) => {
    await position.updatePosition(db, request.params.id, request.body, request.dataScope);
    await app.grants.invalidate();
    return ok(null, request.t('common.updated'));
  });
  app.delete<{ Params: { id: string } }>(`${POSITION}/:id`, { schema: { params: id }, ...canPosition('btn_remove') }, async (request) => {
    await position.deletePosition(db, request.params.id, request.dataScope);
    await app.grants.invalidate();
    return ok(null, request.t('common.deleted'));
  });
  app.put<{ Params: { id: string } }>(`${POSITION}/:id/Actions/State`, { schema: { params: id }, ...canPosition('btn_edit') }, async (request) => {
    const enabledMark = await position.togglePosition(db, request.params.id, request.dataScope);
    await app.grants.invalidate();
    return ok({ enabledMark }, request.t('common.stateChanged'));
  });

  // Groups (分组管理).
  const canGroup = writesOf(GROUP_MENU);
  app.get<{ Querystring: Record<string, unknown> }>(GROUP, { schema: { querystring: pagedQuery }, ...listOf(GROUP_MENU) }, async (request) => ok(await group.listGroups(db, request.query, request.dataScope)));
  app.get(`${GROUP}/Selector`, async (request) => ok(await group.groupSelector(db, request.t('organize.groupUntyped'))));
  app.post<{ Body: group.GroupInput }>(GROUP, { schema: { body: groupBody }, ...canGroup('btn_add') }, async (request) =>
    ok({ id: await group.createGroup(db, request.body, request.dataScope) }, request.t('common.created')),
  );
  app.get<{ Params: { id: string } }>(`${GROUP}/:id`, { schema: { params: id }, ...recordOf(GROUP_MENU) }, async (request) =>
    ok(await group.getGroup(db, request.params.id, request.dataScope)),
  );
  app.put<{ Params: { id: string }; Body: group.GroupInput }>(`${GROUP}/:id`, { schema: { params: id, body: groupBody }, ...canGroup('btn_edit') }, async (request) => {
    await group.updateGroup(db, request.params.id, request.body, request.dataScope);
    await app.grants.invalidate();
    return ok(null, request.t('common.updated'));
  });
  app.delete<{ Params: { id: string } }>(`${GROUP}/:id`, { schema: { params: id }, ...canGroup('btn_remove') }, async (request) => {
    await group.deleteGroup(db, request.params.id, request.dataScope);
    await app.grants.invalidate();
    return ok(null, request.t('common.deleted'));
  });
  app.put<{ Params: { id: string } }>(`${GROUP}/:id/Actions/State`, { schema: { params: id }, ...canGroup('btn_edit') }, async (request) => {
    const enabledMark = await group.toggleGroup(db, request.params.id, request.dataScope);
    await app.grants.invalidate();
    return ok({ enabledMark }, request.t('common.stateChanged'));
  });
}
