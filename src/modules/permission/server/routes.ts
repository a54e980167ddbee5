import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { AppError } from '../../../kernel/server/appError.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { buttonsOf, holdsButton, opensMenu } from '../../../kernel/server/plugins/permission.js';
import { idParams } from '../../../kernel/server/crud/requestSchemas.js';
import { readSysConfig } from '../../sysConfig/server/public.js';
import { columnsFor, saveColumns } from './columnSettings.js';
import { organisationsOf, withDescendants } from './grants.js';
import { permissionGroupRoutes } from './permissionGroups.js';
import { AUTHORIZE_MENU, ROLE_MENU, roles, roleSelector, rolesByOrganisations } from './roles.js';
import * as authorize from './authorize.js';
import * as schemes from './dataSchemes.js';

/** The screen of each kind of grantee, whose btn_authorize opens its "authorize" action. */
const OBJECT_MENU: Record<authorize.ObjectType, string> = { Role: ROLE_MENU, Position: 'permission.position', User: 'permission.user', Group: 'permission.group', PermissionGroup: AUTHORIZE_MENU };

const canAuthorize = buttonsOf(AUTHORIZE_MENU);
const id = idParams;
const idListBody = { type: 'array', maxItems: 5000, items: { type: 'string', maxLength: 50 } } as const;
const authorizeBody = {
  type: 'object',
  required: ['objectType'],
  properties: {
    objectType: { type: 'string', maxLength: 20 },
    systemIds: idListBody,
    module: idListBody,
    button: idListBody,
    column: idListBody,
    form: idListBody,
    resource: idListBody,
  },
} as const;
const batchBody = {
  type: 'object',
  properties: { roleIds: idListBody, positionIds: idListBody, userIds: idListBody, module: idListBody, button: idListBody, column: idListBody, form: idListBody, resource: idListBody },
} as const;
const valuesQuery = { type: 'object', properties: { type: { type: 'string', maxLength: 20 }, moduleIds: { type: 'string', maxLength: 20_000 }, objectType: { type: 'string', maxLength: 20 } } } as const;
const schemeBody = {
  type: 'object',
  properties: {
    moduleId: { type: 'string', maxLength: 50 },
    fullName: { type: 'string', maxLength: 200 },
    enCode: { type: 'string', maxLength: 200 },
    kind: { type: 'string', maxLength: 20 },
    conditionJson: { type: ['string', 'array', 'null'], maxLength: 20_000, maxItems: 20 },
    matchLogic: { type: 'string', enum: ['and', 'or', 'AND', 'OR'] },
    sortCode: { type: ['integer', 'string', 'null'] },
  },
} as const;

const caller = (request: FastifyRequest) => ({ userId: request.session!.userId, isAdministrator: request.session!.isAdministrator });

export async function permissionRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  const { db } = ctx;

  // Whoever manages permissions: the permission page, or any grantee screen (reads); its buttons (writes).
  const mayReadAuthority = async (request: FastifyRequest) => {
    for (const menu of [AUTHORIZE_MENU, ...Object.values(OBJECT_MENU)]) if (await opensMenu(app.grants, request, menu)) return;
    throw AppError.forbidden();
  };
  const mayGrantTo = async (request: FastifyRequest, objectType: authorize.ObjectType) => {
    if (await holdsButton(app.grants, request, AUTHORIZE_MENU, 'btn_edit')) return;
    if (await holdsButton(app.grants, request, OBJECT_MENU[objectType], 'btn_authorize')) return;
    throw AppError.forbidden();
  };

  // Column settings of the list pages (per user).
  app.get<{ Params: { id: string } }>(
    '/api/permission/Authority/GetColumnsByModuleId/:id',
    { schema: { params: { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 50 } } } } },
    async (request) => ok(await columnsFor(db, request.session!.userId, request.params.id)),
  );
  app.put<{ Body: { moduleId: string; fieldList: unknown } }>(
    '/api/permission/Authority/SetColumnsByModuleId',
    { schema: { body: { type: 'object', required: ['moduleId', 'fieldList'], properties: { moduleId: { type: 'string', minLength: 1, maxLength: 50 }, fieldList: { type: ['string', 'array'] } } } } },
    async (request) => {
      await saveColumns(db, request.session!.userId, request.body.moduleId, request.body.fieldList);
      return ok(null, request.t('common.updated'));
    },
  );

  permissionGroupRoutes(app, { db });

  // Roles: the six calls of the role page (roles.ts); the pickers (Selector, getListByOrgIds) serve every signed-in user's forms.
  roles.routes(app, { db });
  app.get('/api/permission/Role/Selector', async (request) => ok({ list: await roleSelector(db, { withGlobal: true, globalName: request.t('roles.typeGlobal') }) }));
  app.get('/api/permission/Role/SelectorByPermission', async (request) => {
    const session = request.session!;
    if (session.isAdministrator) return ok({ list: await roleSelector(db, { withGlobal: true, globalName: request.t('roles.typeGlobal') }) });
    // Without graded administration, a user manages the roles of their own organisations and those below them.
    const within = new Set(await withDescendants(db, (await organisationsOf(db, session.userId)).all));
    return ok({ list: await roleSelector(db, { withinOrganizeIds: within, withGlobal: false, globalName: request.t('roles.typeGlobal') }) });
  });
  app.post<{ Body: { organizeIds: string[] } }>(
    '/api/permission/Role/getListByOrgIds',
    { schema: { body: { type: 'object', required: ['organizeIds'], properties: { organizeIds: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 50 } } } } } },
    async (request) => ok({ list: await rolesByOrganisations(db, request.body.organizeIds, request.t('roles.typeGlobal')) }),
  );

  // Permission management. JNPF's clients POST the Values query as a body; GET with a query string works too.
  const values = async (request: FastifyRequest<{ Params: { objectId: string } }>, query: Record<string, unknown>) => {
    await mayReadAuthority(request);
    if (!authorize.isItemType(query.type)) throw AppError.badRequest('authority.badType');
    const asked = query.objectType === undefined || query.objectType === '' ? undefined : query.objectType;
    if (asked !== undefined && !authorize.isObjectType(asked)) throw AppError.badRequest('authority.badObjectType');
    const objectType = asked && (await authorize.grantedObjectType(db, asked, request.params.objectId));
    const { sysName } = await readSysConfig(db, ['sysName']);
    return ok(await authorize.authorizeValues(db, caller(request), request.params.objectId, { type: query.type, moduleIds: typeof query.moduleIds === 'string' ? query.moduleIds : undefined, objectType }, sysName || 'LabCode'));
  };
  const objectParams = { type: 'object', properties: { objectId: { type: 'string', minLength: 1, maxLength: 50 } } } as const;
  app.get<{ Params: { objectId: string }; Querystring: Record<string, unknown> }>('/api/permission/Authority/Data/:objectId/Values', { schema: { params: objectParams, querystring: valuesQuery } }, (request) => values(request, request.query));
  app.post<{ Params: { objectId: string }; Body: Record<string, unknown> }>('/api/permission/Authority/Data/:objectId/Values', { schema: { params: objectParams, body: valuesQuery } }, (request) => values(request, request.body ?? {}));
  app.put<{ Params: { objectId: string }; Body: authorize.AuthorizeSaveBody }>('/api/permission/Authority/Data/:objectId', { schema: { params: objectParams, body: authorizeBody } }, async (request) => {
    if (!authorize.isObjectType(request.body.objectType)) throw AppError.badRequest('authority.badObjectType');
    // The object as it is (a permission group's id sent as a Role's), so the right page's buttons are asked for.
    const objectType = await authorize.grantedObjectType(db, request.body.objectType, request.params.objectId);
    await mayGrantTo(request, objectType);
    await authorize.saveAuthorize(db, caller(request), request.params.objectId, { ...request.body, objectType });
    await app.grants.invalidate();
    return ok(null, request.t('common.updated'));
  });
  // JNPF 3.4's batch page: the same items added to several roles (positions, users) at once.
  app.post<{ Body: authorize.AuthorizeSaveBody }>('/api/permission/Authority/Data/Batch', { schema: { body: batchBody } }, async (request) => {
    for (const [field, objectType] of Object.entries(authorize.BATCH_OBJECTS)) {
      if (Array.isArray(request.body[field]) && (request.body[field] as unknown[]).length) await mayGrantTo(request, objectType);
    }
    await authorize.saveBatchAuthorize(db, caller(request), request.body);
    await app.grants.invalidate();
    return ok(null, request.t('common.updated'));
  });
  const modelParams = { type: 'object', properties: { itemId: { type: 'string', minLength: 1, maxLength: 50 }, objectType: { type: 'string', maxLength: 20 } } } as const;
  app.get<{ Params: { itemId: string; objectType: string } }>('/api/permission/Authority/Model/:itemId/:objectType', { schema: { params: modelParams } }, async (request) => {
    await mayReadAuthority(request);
    if (!authorize.isObjectType(request.params.objectType)) throw AppError.badRequest('authority.badObjectType');
    return ok(await authorize.itemHolders(db, request.params.itemId, request.params.objectType));
  });
  app.put<{ Params: { itemId: string }; Body: { objectType: string; objectId: string[] } }>(
    '/api/permission/Authority/Model/:itemId',
    { schema: { params: modelParams, body: { type: 'object', required: ['objectType', 'objectId'], properties: { objectType: { type: 'string', maxLength: 20 }, objectId: idListBody } } } },
    async (request) => {
      if (!authorize.isObjectType(request.body.objectType)) throw AppError.badRequest('authority.badObjectType');
      // Handing one item to many objects at once is the permission page's, and the administrator's alone: it
      // cannot be narrowed to what the caller holds item by item.
      if (!request.session!.isAdministrator) throw AppError.forbidden();
      await authorize.saveItemHolders(db, request.params.itemId, request.body.objectType, request.body.objectId);
      await app.grants.invalidate();
      return ok(null, request.t('common.updated'));
    },
  );

  // Data schemes of a menu page.
  const moduleParams = { type: 'object', properties: { moduleId: { type: 'string', minLength: 1, maxLength: 50 } } } as const;
  const readSchemes = { config: { permission: { menu: AUTHORIZE_MENU } } };
  app.get<{ Params: { moduleId: string } }>('/api/system/ModuleDataAuthorizeScheme/:moduleId/List', { schema: { params: moduleParams }, ...readSchemes }, async (request) => ok(await schemes.listSchemes(db, request.params.moduleId)));
  app.get<{ Params: { id: string } }>('/api/system/ModuleDataAuthorizeScheme/:id', { schema: { params: id }, ...readSchemes }, async (request) => ok(await schemes.getScheme(db, request.params.id)));
  app.post<{ Body: schemes.SchemeInput }>('/api/system/ModuleDataAuthorizeScheme', { schema: { body: schemeBody }, ...canAuthorize('btn_add') }, async (request) => {
    const schemeId = await schemes.createScheme(db, request.body);
    await app.grants.invalidate();
    return ok({ id: schemeId }, request.t('common.created'));
  });
  app.put<{ Params: { id: string }; Body: schemes.SchemeInput }>('/api/system/ModuleDataAuthorizeScheme/:id', { schema: { params: id, body: schemeBody }, ...canAuthorize('btn_edit') }, async (request) => {
    await schemes.updateScheme(db, request.params.id, request.body);
    await app.grants.invalidate();
    return ok(null, request.t('common.updated'));
  });
  app.delete<{ Params: { id: string } }>('/api/system/ModuleDataAuthorizeScheme/:id', { schema: { params: id }, ...canAuthorize('btn_remove') }, async (request) => {
    await schemes.deleteScheme(db, request.params.id);
    await app.grants.invalidate();
    return ok(null, request.t('common.deleted'));
  });
}
