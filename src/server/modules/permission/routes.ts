import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ok } from '../../plugins/envelope.js';
import { columnsFor, saveColumns } from './columnSettings.js';

export async function permissionRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  const { db } = ctx;
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
}
