import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { buttonsOf } from '../../../kernel/server/plugins/permission.js';
import { idParams, namedRecordProperties } from '../../../kernel/server/crud/requestSchemas.js';
import * as area from './service.js';

/** The area calls of spec 000 §7. Reading is open (region pickers); writing needs the area menu's buttons. */
export const AREA_MENU = 'systemData.area';
const can = buttonsOf(AREA_MENU);
const id = idParams;
const body = {
  type: 'object',
  required: ['fullName', 'enCode'],
  properties: {
    ...namedRecordProperties,
    parentId: { type: 'string', maxLength: 50 },
  },
} as const;

export async function areaRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  const { db } = ctx;

  app.post<{ Body: { idsList: unknown[] } }>(
    '/api/system/Area/GetAreaByIds',
    // Each path is a province, city and district at most: the inner lists are capped too, so one request cannot
    // ask for tens of thousands of ids.
    { schema: { body: { type: 'object', required: ['idsList'], properties: { idsList: { type: 'array', maxItems: 1000, items: { anyOf: [{ type: 'string', maxLength: 50 }, { type: 'array', maxItems: 10, items: { type: ['string', 'number'], maxLength: 50 } }] } } } } } },
    async (request) => ok(await area.namesByIds(db, request.body.idsList)),
  );
  app.get<{ Params: { id: string }; Querystring: { keyword?: string } }>(
    '/api/system/Area/:id',
    { schema: { params: id, querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 50 } } } } },
    async (request) => ok({ list: await area.children(db, request.params.id, request.query.keyword) }),
  );
  app.get<{ Params: { id: string; exclude: string } }>('/api/system/Area/:id/Selector/:exclude', async (request) => ok({ list: await area.selector(db, request.params.id, request.params.exclude) }));
  app.get<{ Params: { id: string } }>('/api/system/Area/:id/Info', { schema: { params: id } }, async (request) => ok(await area.infoWithParentName(db, request.params.id)));
  app.post<{ Body: area.AreaInput }>('/api/system/Area', { schema: { body }, ...can('btn_add') }, async (request) => ok({ id: await area.create(db, request.body) }, request.t('common.created')));
  app.put<{ Params: { id: string }; Body: area.AreaInput }>('/api/system/Area/:id', { schema: { params: id, body }, ...can('btn_edit') }, async (request) => {
    await area.update(db, request.params.id, request.body);
    return ok(null, request.t('common.updated'));
  });
  app.delete<{ Params: { id: string } }>('/api/system/Area/:id', { schema: { params: id }, ...can('btn_remove') }, async (request) => {
    await area.remove(db, request.params.id);
    return ok(null, request.t('common.deleted'));
  });
  app.put<{ Params: { id: string } }>('/api/system/Area/:id/Actions/State', { schema: { params: id }, ...can('btn_edit') }, async (request) => ok({ enabledMark: await area.toggle(db, request.params.id) }, request.t('common.stateChanged')));
}
