import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { REQUISITION_ROWS_MAX } from '../../../shared/requisitionRules.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { idParams, listQueryProperties } from '../../../kernel/server/crud/requestSchemas.js';
import type { ListParams } from '../../../kernel/server/crud/listQuery.js';
import { getMatApply, listMatApply, openApplicationCount, saveMatApply, voidMatApply, type MatApplyInput } from './matApplyService.js';
import { projectsOfUser } from './projects.js';
import { openReturnedMats } from './returnedMats.js';

/**
 * The requisition calls of spec 001 §7 (bizProject, BizReturnedMats, BizMatApply). The list and a record are the
 * requisition page's (matApply.list), filtered by the caller's data scope there (staff their own, procurement
 * everyone's); submitting and voiding need the page. A user's projects, the caller's own returned reagents and
 * the caller's badge count need only a session: the drawer and the top bar use them from any page.
 */
export const MAT_APPLY_MENU = 'matApply.list';

const APPLY = '/api/example/BizMatApply';

// Loose types on purpose: the §5 rules read values as the drawer holds them (a count as text, an empty string),
// and answer with the spec's messages rather than a schema error. Lengths only bound what is read at all.
const loose = (maxLength: number) => ({ type: ['string', 'number', 'null'], maxLength }) as const;
const spareRow = {
  type: ['object', 'null'],
  properties: { productId: loose(50), productCount: {}, customerUndertake: {}, cas: loose(100), spec: loose(500), model: loose(500), productNumber: loose(100), brand: loose(500), unit: loose(100) },
} as const;
const returnedRow = { type: ['object', 'null'], properties: { returnedMatId: loose(50), cas: loose(100), productCount: {}, spec: loose(500), brand: loose(500), unit: loose(100) } } as const;
const saveBody = {
  type: 'object',
  properties: {
    id: loose(50),
    applicationUser: loose(100),
    applicationDate: {},
    projectId: loose(50),
    needOrg: loose(50),
    companyId: loose(50),
    needUser: loose(50),
    needDate: {},
    address: loose(2000),
    approvalStatus: {},
    voidStatus: {},
    remarks: loose(5000),
    matApplyDetail: { type: ['array', 'null'], maxItems: REQUISITION_ROWS_MAX, items: spareRow },
    returnedMatApplyDetail: { type: ['array', 'null'], maxItems: REQUISITION_ROWS_MAX, items: returnedRow },
  },
} as const;
const pageBody = { type: ['object', 'null'], properties: { ...listQueryProperties } } as const;
const listBody = {
  type: ['object', 'null'],
  properties: { ...listQueryProperties, type: { type: ['string', 'integer', 'null'], maxLength: 20 }, isRead: { type: ['string', 'integer', 'boolean', 'null'], maxLength: 10 } },
} as const;

export async function matApplyRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  const { db } = ctx;
  const page = { config: { permission: { menu: MAT_APPLY_MENU } } };
  const scoped = { config: { permission: { menu: MAT_APPLY_MENU, dataScope: true as const } } };

  app.get<{ Params: { id: string } }>('/api/bizProject/getProjectByUserId/:id', { schema: { params: idParams } }, async (request) =>
    ok({ list: await projectsOfUser(db, request.params.id) }),
  );

  app.post<{ Body: ListParams | null }>('/api/example/BizReturnedMats/selectReturnedMats', { schema: { body: pageBody } }, async (request) =>
    ok(await openReturnedMats(db, request.session!.userId, request.body ?? {})),
  );

  app.post<{ Body: MatApplyInput }>(`${APPLY}/saveMatApply`, { schema: { body: saveBody }, ...page }, async (request) =>
    ok(await saveMatApply(db, { userId: request.session!.userId }, request.body), request.t('matApply.submitted')),
  );

  app.post<{ Body: (ListParams & { type?: unknown; isRead?: unknown }) | null }>(`${APPLY}/getList`, { schema: { body: listBody }, ...scoped }, async (request) =>
    ok(await listMatApply(db, request.body ?? {}, request.dataScope, request.language)),
  );

  app.get(`${APPLY}/getApplyNum`, async (request) => ok(await openApplicationCount(db, request.session!.userId)));

  app.get<{ Params: { id: string } }>(`${APPLY}/:id`, { schema: { params: idParams }, ...scoped }, async (request) =>
    ok(await getMatApply(db, request.params.id, request.dataScope, request.language)),
  );

  app.put<{ Params: { id: string } }>(`${APPLY}/:id/Actions/Void`, { schema: { params: idParams }, ...page }, async (request) => {
    await voidMatApply(db, request.params.id, { userId: request.session!.userId });
    return ok(null, request.t('matApply.voided'));
  });
}
