import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { FLOW_LIMITS, FlowStatus } from '../../../shared/workflow/flowStatus.js';
import { AppError } from '../../../kernel/server/appError.js';
import { idParams, listQueryProperties } from '../../../kernel/server/crud/requestSchemas.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { buttonsOf, holdsButton, opensMenu } from '../../../kernel/server/plugins/permission.js';
import { loadOnlineModel } from '../../onlineData/server/public.js';
import { chainOfDesign, saveChain, type ChainInput } from './chain.js';
import * as words from './commonWords.js';
import * as engine from './engine.js';
import { doneList, flowDetail, launchList, todoList } from './lists.js';

/**
 * The workflow calls at JNPF's paths (jnpf-java-boot's FlowBefore, FlowLaunch, FlowTask and CommonWords
 * controllers): every signed-in user reads their own to-dos, handled items and launched flows and acts where the
 * flow waits for them; the chain of a design is the 功能设计 page's (onlineDev.webDesign); system common words are
 * the commonWords page's.
 */
export const DESIGN_MENU = 'onlineDev.webDesign';
export const WORDS_MENU = 'commonWords';
export const WORDS_BUTTONS = ['btn_add', 'btn_edit', 'btn_remove'] as const;
const BASE = '/api/workflow/Engine';

const flowListQuery = {
  type: 'object',
  properties: { ...listQueryProperties, keyword: { type: 'string', maxLength: 200 }, flowUrgent: { type: ['integer', 'string'], maxLength: 2 }, status: { type: ['integer', 'string'], maxLength: 2 }, formId: { type: 'string', maxLength: 50 } },
} as const;
// Opinions are measured after trimming (the 500-character rule answers a translated message); the schema only
// stops bodies far past it.
const opinion = { type: ['string', 'null'], maxLength: 10_000 } as const;
const actionBody = { type: ['object', 'null'], properties: { handleOpinion: opinion, signImg: { type: ['string', 'null'], maxLength: 200_000 } } } as const;
const transferBody = { type: 'object', properties: { handleOpinion: opinion, freeApproverUserId: { type: ['string', 'null'], maxLength: 50 } } } as const;
const chainBody = {
  type: 'object',
  properties: {
    enabledMark: { type: 'integer', enum: [0, 1] },
    flowUrgent: { type: ['integer', 'string', 'null'], maxLength: 2 },
    steps: {
      type: 'array',
      maxItems: FLOW_LIMITS.steps * 5,
      items: { type: 'object', properties: { nodeName: { type: 'string', maxLength: 500 }, approverType: { type: 'string', maxLength: 20 }, approverIds: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 200 } } } },
    },
  },
} as const;
const taskBody = { type: 'object', required: ['formId', 'recordId'], properties: { formId: { type: 'string', minLength: 1, maxLength: 50 }, recordId: { type: 'string', minLength: 1, maxLength: 50 }, flowUrgent: { type: ['integer', 'string', 'null'], maxLength: 2 } } } as const;
const wordsBody = {
  type: 'object',
  properties: { commonWordsText: { type: 'string', maxLength: 5000 }, commonWordsType: { type: ['integer', 'string'], maxLength: 2 }, sortCode: { type: ['integer', 'string', 'null'], maxLength: 20 }, enabledMark: { type: 'integer', enum: [0, 1] } },
} as const;
const wordsQuery = { type: 'object', properties: { ...listQueryProperties, type: { type: 'string', maxLength: 20 } } } as const;

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

export async function workflowRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  const { db } = ctx;
  const actor = (request: FastifyRequest): engine.Actor => ({ userId: request.session!.userId, isAdministrator: Boolean(request.session!.isAdministrator) });

  // ---- lists ----
  app.get<{ Params: { category: string }; Querystring: Record<string, unknown> }>(
    `${BASE}/FlowBefore/List/:category`,
    { schema: { params: { type: 'object', properties: { category: { type: 'string', enum: ['1', '2'] } } }, querystring: flowListQuery } },
    async (request) => ok(request.params.category === '1' ? await todoList(db, actor(request).userId, request.query) : await doneList(db, actor(request).userId, request.query)),
  );
  app.get<{ Querystring: Record<string, unknown> }>(`${BASE}/FlowLaunch`, { schema: { querystring: flowListQuery } }, async (request) => ok(await launchList(db, actor(request).userId, request.query)));

  // ---- one flow ----
  app.get<{ Params: { id: string } }>(`${BASE}/FlowBefore/:id`, { schema: { params: idParams } }, async (request) => ok(await flowDetail(db, request.params.id, actor(request))));
  // JNPF's launched-flow detail path answers the same.
  app.get<{ Params: { id: string } }>(`${BASE}/FlowLaunch/:id`, { schema: { params: idParams } }, async (request) => ok(await flowDetail(db, request.params.id, actor(request))));

  // ---- actions ----
  app.post<{ Params: { id: string }; Body: engine.ActionInput | null }>(`${BASE}/FlowBefore/Audit/:id`, { schema: { params: idParams, body: actionBody } }, async (request) => {
    const status = await engine.audit(db, request.params.id, actor(request), request.body ?? {});
    return ok({ status }, request.t('workflow.audited'));
  });
  app.post<{ Params: { id: string }; Body: engine.ActionInput | null }>(`${BASE}/FlowBefore/Reject/:id`, { schema: { params: idParams, body: actionBody } }, async (request) => {
    await engine.reject(db, request.params.id, actor(request), request.body ?? {});
    return ok({ status: FlowStatus.reject }, request.t('workflow.rejected'));
  });
  app.post<{ Params: { id: string }; Body: engine.ActionInput & { freeApproverUserId?: string | null } }>(`${BASE}/FlowBefore/Transfer/:id`, { schema: { params: idParams, body: transferBody } }, async (request) => {
    await engine.transfer(db, request.params.id, actor(request), request.body ?? {});
    return ok(null, request.t('workflow.transferred'));
  });
  app.put<{ Params: { id: string }; Body: engine.ActionInput | null }>(`${BASE}/FlowLaunch/:id/Actions/Withdraw`, { schema: { params: idParams, body: actionBody } }, async (request) => {
    await engine.withdraw(db, request.params.id, actor(request), request.body ?? {});
    return ok({ status: FlowStatus.revoke }, request.t('workflow.withdrawn'));
  });
  // JNPF clients send the withdraw as PUT; some as POST.
  app.post<{ Params: { id: string }; Body: engine.ActionInput | null }>(`${BASE}/FlowLaunch/:id/Actions/Withdraw`, { schema: { params: idParams, body: actionBody } }, async (request) => {
    await engine.withdraw(db, request.params.id, actor(request), request.body ?? {});
    return ok({ status: FlowStatus.revoke }, request.t('workflow.withdrawn'));
  });
  app.post<{ Params: { id: string }; Body: engine.ActionInput | null }>(`${BASE}/FlowBefore/Cancel/:id`, { schema: { params: idParams, body: actionBody } }, async (request) => {
    await engine.cancel(db, request.params.id, actor(request), request.body ?? {});
    return ok({ status: FlowStatus.cancel }, request.t('workflow.cancelled'));
  });

  // ---- launching on an existing record (FlowTask): a record saved before its design had a chain, or sent again after a reject or withdraw ----
  app.post<{ Body: { formId: string; recordId: string; flowUrgent?: string | number | null } }>(`${BASE}/FlowTask`, { schema: { body: taskBody } }, async (request) => {
    const { formId, recordId } = request.body;
    const model = await loadOnlineModel(db, formId).catch(() => {
      throw new AppError(ResultCode.notFound, 'workflow.designNotFound');
    });
    const row = (await (db as unknown as Kysely<any>).selectFrom(model.plan.main.name).select(['id', 'f_creator_user_id']).where('id', '=', recordId).executeTakeFirst()) as { f_creator_user_id?: string } | undefined;
    if (!row) throw new AppError(ResultCode.notFound, 'workflow.recordNotFound');
    if (row.f_creator_user_id !== actor(request).userId) throw new AppError(ResultCode.forbidden, 'workflow.notRecordOwner');
    const id = await db.transaction().execute((trx) => engine.launch(trx, { designId: formId, recordId, userId: actor(request).userId, flowUrgent: request.body.flowUrgent }));
    return ok({ id }, request.t('workflow.launched'));
  });

  // ---- a design's chain (功能设计 row action 流程配置) ----
  const design = buttonsOf(DESIGN_MENU);
  app.get<{ Params: { id: string } }>(`${BASE}/FlowChain/:id`, { schema: { params: idParams }, config: { permission: { menu: DESIGN_MENU } } }, async (request) => ok(await chainOfDesign(db, request.params.id)));
  app.put<{ Params: { id: string }; Body: ChainInput }>(`${BASE}/FlowChain/:id`, { schema: { params: idParams, body: chainBody }, ...design('btn_edit') }, async (request) => {
    await saveChain(db, request.params.id, request.body ?? {}, actor(request).userId);
    return ok(null, request.t('common.updated'));
  });

  // ---- 审批常用语 ----
  const caller = async (request: FastifyRequest, button?: string): Promise<words.WordsCaller> => ({
    userId: request.session!.userId,
    managesSystem: button ? await holdsButton(app.grants, request, WORDS_MENU, button) : await opensMenu(app.grants, request, WORDS_MENU),
  });
  const W = '/api/system/CommonWords';
  app.get<{ Querystring: Record<string, unknown> }>(W, { schema: { querystring: wordsQuery } }, async (request) => ok(await words.listWords(db, await caller(request), request.query)));
  app.get<{ Querystring: { type?: string } }>(`${W}/Selector`, { schema: { querystring: wordsQuery } }, async (request) => ok(await words.wordsSelector(db, request.session!.userId)));
  app.get(`${W}/:id`, { schema: { params: idParams } }, async (request: IdRequest) => ok(await words.getWords(db, await caller(request), request.params.id)));
  app.post<{ Body: words.WordsInput }>(W, { schema: { body: wordsBody } }, async (request) => ok({ id: await words.createWords(db, await caller(request, 'btn_add'), request.body ?? {}) }, request.t('common.created')));
  app.put<{ Params: { id: string }; Body: words.WordsInput }>(`${W}/:id`, { schema: { params: idParams, body: wordsBody } }, async (request) => {
    await words.updateWords(db, await caller(request, 'btn_edit'), request.params.id, request.body ?? {});
    return ok(null, request.t('common.updated'));
  });
  app.delete(`${W}/:id`, { schema: { params: idParams } }, async (request: IdRequest) => {
    await words.deleteWords(db, await caller(request, 'btn_remove'), request.params.id);
    return ok(null, request.t('common.deleted'));
  });
}
