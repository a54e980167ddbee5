import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { buttonsOf } from '../../../kernel/server/plugins/permission.js';
import { enabledMarkFilter, idParams, listQueryProperties, namedRecordProperties } from '../../../kernel/server/crud/requestSchemas.js';
import * as billRule from './service.js';
import { storeFile } from '../../file/server/public.js';

/** The bill-rule calls of spec 001 §7. Issuing a number is open to every signed-in user; managing rules is not. */
export const BILL_RULE_MENU = 'system.billRule';
const can = buttonsOf(BILL_RULE_MENU);
const id = idParams;
const body = {
  type: 'object',
  required: ['fullName', 'enCode', 'category', 'prefix', 'dateFormat', 'digit', 'startNumber'],
  properties: {
    ...namedRecordProperties,
    category: { type: 'string', maxLength: 200 },
    prefix: { type: 'string', maxLength: 200 },
    dateFormat: { type: 'string', maxLength: 20 },
    digit: { type: ['integer', 'string'] },
    startNumber: { type: ['string', 'integer'], maxLength: 20 },
  },
} as const;
const listQuery = {
  type: 'object',
  properties: {
    ...listQueryProperties,
    category: { type: 'string', maxLength: 50 },
    categoryId: { type: 'string', maxLength: 50 },
    // JNPF's list sends enabledMark= (empty) for "any state"; an integer schema would coerce that to 0. An empty
    // filter is no filter (listQuery).
    enabledMark: enabledMarkFilter,
  },
} as const;

export async function billRuleRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  const { db } = ctx;

  // JNPF 3.6 clients filter by categoryId (a businessType entry id, or empty for all); ours by category.
  app.get<{ Querystring: Record<string, unknown> & { category?: string; categoryId?: string } }>('/api/system/BillRule', { schema: { querystring: listQuery } }, async (request) => {
    const category = request.query.category || request.query.categoryId;
    return ok(await billRule.listBillRules(db, { ...request.query, category: category ? await billRule.billCategoryCode(db, category) : undefined }));
  });
  app.get('/api/system/BillRule/Selector', async () => ok({ list: await billRule.billRuleSelector(db) }));
  app.get<{ Params: { code: string } }>('/api/system/BillRule/BillNumber/:code', { schema: { params: { type: 'object', properties: { code: { type: 'string', minLength: 1, maxLength: 50 } } } } }, async (request) => ok(await billRule.nextBillNumber(db, request.params.code)));
  app.get<{ Params: { id: string } }>('/api/system/BillRule/:id', { schema: { params: id } }, async (request) => ok(await billRule.getBillRule(db, request.params.id)));
  app.post<{ Body: billRule.BillRuleInput }>('/api/system/BillRule', { schema: { body }, ...can('btn_add') }, async (request) => ok({ id: await billRule.createBillRule(db, request.body, request.session!.userId) }, request.t('common.created')));
  app.put<{ Params: { id: string }; Body: billRule.BillRuleInput }>('/api/system/BillRule/:id', { schema: { params: id, body }, ...can('btn_edit') }, async (request) => {
    await billRule.updateBillRule(db, request.params.id, request.body);
    return ok(null, request.t('common.updated'));
  });
  app.delete<{ Params: { id: string } }>('/api/system/BillRule/:id', { schema: { params: id }, ...can('btn_remove') }, async (request) => {
    await billRule.deleteBillRule(db, request.params.id);
    return ok(null, request.t('common.deleted'));
  });
  // Export: the rule as a JSON file, without its counter (a copy elsewhere starts its own sequence). The spec
  // writes Action/Export; JNPF 3.6 clients call Actions/Export.
  for (const path of ['/api/system/BillRule/:id/Action/Export', '/api/system/BillRule/:id/Actions/Export']) {
    app.get<{ Params: { id: string } }>(path, { schema: { params: id }, ...can('btn_export') }, async (request) => {
      const rule = await billRule.getBillRule(db, request.params.id);
      const { fullName, enCode, category, prefix, dateFormat, digit, startNumber, sortCode, enabledMark, description } = rule;
      const content = new TextEncoder().encode(JSON.stringify({ format: 'labcode.billRule.v1', rule: { fullName, enCode, category, prefix, dateFormat, digit, startNumber, sortCode, enabledMark, description } }, null, 2));
      const stored = await storeFile(db, { fileName: `${fullName}-${enCode}.json`, contentType: 'application/json', content, userId: request.session!.userId });
      return ok({ url: stored.url, name: stored.name });
    });
  }
  app.put<{ Params: { id: string } }>('/api/system/BillRule/:id/Actions/State', { schema: { params: id }, ...can('btn_edit') }, async (request) => ok({ enabledMark: await billRule.toggleBillRule(db, request.params.id) }, request.t('common.stateChanged')));
}
