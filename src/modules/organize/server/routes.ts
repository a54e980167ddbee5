import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { Infrastructure } from '../../../kernel/server/infra/infrastructure.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { enabledMarkFilter, idParams, namedRecordProperties } from '../../../kernel/server/crud/requestSchemas.js';
import * as organize from './organizeService.js';
import { organizationsChanged } from './organizeTableCache.js';
import * as position from './positionService.js';
import * as group from './groupService.js';
import { DEPARTMENT_MENU, ORGANIZE_BUTTONS, ORGANIZE_MENU } from './menus.js';

/**
 * The organisation calls of spec 000 §7 (Organize, Department, Position, Group). Writes need the menu page's
 * button; a menu page's list needs the page and is narrowed by data scope, and so is every call of the page by id
 * and every create (the services check records against the same scope, recordScope.ts); pickers (Selector,
 * SelectorByAuth, All, the custom ranges) need only a session, since any form may show one.
 */
const BASE = '/api/permission/Organize';
const DEPARTMENT = `${BASE}/Department`;
const POSITION = position.positions.path;
const GROUP = group.groups.path;

const id = idParams;
const selectorId = { type: 'object', properties: { id: { type: 'string', maxLength: 50 } } } as const;
const nullableId = { type: ['string', 'null'], maxLength: 50 } as const;
const organizeBody = {
  type: 'object',
  properties: { ...namedRecordProperties, parentId: nullableId, category: { type: ['string', 'null'], maxLength: 20 }, managerId: nullableId, manager: nullableId, propertyJson: { type: ['object', 'string', 'null'], maxLength: 10_000, maxProperties: 100 } },
} as const;
const treeQuery = { type: 'object', properties: { keyword: { type: 'string', maxLength: 100 }, enabledMark: enabledMarkFilter, type: { type: 'string', maxLength: 20 } } } as const;
const selectorQuery = { type: 'object', properties: { keyword: { type: 'string', maxLength: 100 }, category: { type: 'string', maxLength: 20 } } } as const;
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
  app.get<{ Params: { companyId: string }; Querystring: organize.OrganizeListQuery }>(`${BASE}/:companyId/Department`, { schema: { params: { type: 'object', properties: { companyId: { type: 'string', minLength: 1, maxLength: 50 } } }, querystring: treeQuery }, ...listOf(DEPARTMENT_MENU) }, async (request) =>
    ok({ list: await organize.departmentsOfCompany(db, request.params.companyId, request.query, request.dataScope) }),
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

  // Positions and groups: the page's list, record and writes are declared (positionService.ts, groupService.ts);
  // their pickers and ranges, open to any signed-in user, are here.
  position.positions.routes(app, { db });
  app.get(`${POSITION}/Selector`, async () => ok({ list: await position.positionSelector(db) }));
  app.get(`${POSITION}/All`, async () => ok({ list: await position.allPositions(db) }));
  app.post<{ Body: { organizeIds?: string[] } }>(`${POSITION}/getListByOrgIds`, { schema: { body: { type: 'object', properties: { organizeIds: idList } } } }, async (request) =>
    ok({ list: await position.positionsByOrganizations(db, request.body?.organizeIds) }),
  );
  app.post<{ Body: { departIds?: string[]; positionIds?: string[]; ids?: string[]; keyword?: string } }>(`${POSITION}/PositionCondition`, { schema: { body: conditionBody } }, async (request) =>
    ok({ list: await position.positionCondition(db, request.body ?? {}) }),
  );

  // Groups (分组管理).
  group.groups.routes(app, { db });
  app.get(`${GROUP}/Selector`, async (request) => ok(await group.groupSelector(db, request.t('organize.groupUntyped'))));
}
