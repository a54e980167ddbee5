import type { GenerationModel } from '../model.js';
import { commentText, literal } from '../names.js';
import { importFrom, type Layout } from './layout.js';

/**
 * The generated routes.ts: JNPF's generated-controller calls (getList, create, update, info, delete,
 * batchRemove) under /api/<area>/<Class>, each declaring its permission on the design's menu.
 */
export function routesFile(model: GenerationModel, layout: Layout): string {
  const from = (file: string) => literal(importFrom(layout.moduleDir, file));
  return `import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ListParams } from ${from('src/kernel/server/crud/listQuery')};
import { idParams, listQueryProperties } from ${from('src/kernel/server/crud/requestSchemas')};
import type { DB } from ${from('src/kernel/server/db/schema')};
import { ok } from ${from('src/kernel/server/plugins/envelope')};
import { createRecord, deleteRecord, deleteRecords, getRecord, listRecords, updateRecord } from './service.js';

/**
 * ${commentText(model.title)}: the calls of the generated page. The menu is the one the page is released to; give
 * roles its buttons (btn_add, btn_edit, btn_remove) to let them write.
 */
export const MENU = ${literal(model.menu)};
export const BUTTONS = ['btn_add', 'btn_edit', 'btn_remove'] as const;
const BASE = ${literal(`/api/${model.apiPath}`)};

// Filters are the list design's search fields: any value a query string or body may carry, checked by the service.
const listBody = { type: ['object', 'null'], properties: { ...listQueryProperties } } as const;
const idsBody = {
  anyOf: [
    { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 50 } },
    { type: 'object', properties: { ids: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 50 } } } },
  ],
} as const;

export async function ${model.moduleName}Routes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  const { db } = ctx;
  // Every call on records carries the menu's data scope: by id, as in the list, a record outside it is not found.
  const scoped = { config: { permission: { menu: MENU, dataScope: true as const } } };
  const can = (button: (typeof BUTTONS)[number]) => ({ config: { permission: { menu: MENU, button, dataScope: true as const } } });

  app.post<{ Body: ListParams | null }>(\`\${BASE}/getList\`, { schema: { body: listBody }, ...scoped }, async (request) =>
    ok(await listRecords(db, request.body ?? {}, request.dataScope)),
  );

  app.post<{ Body: unknown }>(BASE, { ...can('btn_add') }, async (request) => {
    const created = await createRecord(db, { userId: request.session!.userId, language: request.language }, request.body);
    return ok(created, request.t('common.success'));
  });

  app.put<{ Params: { id: string }; Body: unknown }>(\`\${BASE}/:id\`, { schema: { params: idParams }, ...can('btn_edit') }, async (request) => {
    await updateRecord(db, { userId: request.session!.userId, language: request.language }, request.params.id, request.body, request.dataScope);
    return ok(null, request.t('common.success'));
  });

  app.get<{ Params: { id: string } }>(\`\${BASE}/:id\`, { schema: { params: idParams }, ...scoped }, async (request) => ok(await getRecord(db, request.params.id, request.dataScope)));

  app.delete<{ Body: string[] | { ids?: string[] } }>(\`\${BASE}/batchRemove\`, { schema: { body: idsBody }, ...can('btn_remove') }, async (request) => {
    const ids = Array.isArray(request.body) ? request.body : (request.body.ids ?? []);
    return ok({ deleted: await deleteRecords(db, ids, request.dataScope) }, request.t('common.success'));
  });

  app.delete<{ Params: { id: string } }>(\`\${BASE}/:id\`, { schema: { params: idParams }, ...can('btn_remove') }, async (request) => {
    await deleteRecord(db, request.params.id, request.dataScope);
    return ok(null, request.t('common.success'));
  });
}
`;
}
