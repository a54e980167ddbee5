import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { buttonsOf } from '../../../kernel/server/plugins/permission.js';
import { idParams } from '../../../kernel/server/crud/requestSchemas.js';
import { storeFile } from '../../file/server/public.js';
import { BILL_RULE_MENU, billRules, billRuleSelector, nextBillNumber } from './service.js';

/**
 * The bill-rule calls of spec 001 §7: the six of a declared entity (service.ts), and beside them the picker, the
 * number issue (open to every signed-in user) and the export.
 */
const can = buttonsOf(BILL_RULE_MENU);
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const selectorQuery = {
  type: 'object',
  properties: { keyword: text(100), categoryId: text(50), currentPage: { type: 'integer', minimum: 1 }, pageSize: { type: 'integer', minimum: 1 }, sort: text(10), sidx: text(50) },
} as const;
const code = { type: 'object', properties: { code: { type: 'string', minLength: 1, maxLength: 50 } } } as const;

export async function billRuleRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  const { db } = ctx;
  billRules.routes(app, { db });
  app.get<{ Querystring: Record<string, string> }>('/api/system/BillRule/Selector', { schema: { querystring: selectorQuery } }, async (request) => ok(await billRuleSelector(db, request.query)));
  app.get<{ Params: { code: string } }>('/api/system/BillRule/BillNumber/:code', { schema: { params: code } }, async (request) => ok(await nextBillNumber(db, request.params.code)));
  // Export: the rule as a JSON file, without its counter (a copy elsewhere starts its own sequence). The spec
  // writes Action/Export; JNPF 3.6 clients call Actions/Export.
  for (const path of ['/api/system/BillRule/:id/Action/Export', '/api/system/BillRule/:id/Actions/Export']) {
    app.get<{ Params: { id: string } }>(path, { schema: { params: idParams }, ...can('btn_export') }, async (request) => {
      const rule = await billRules.get(db, request.params.id);
      const { fullName, enCode, category, prefix, dateFormat, digit, startNumber, sortCode, enabledMark, description } = rule;
      const content = new TextEncoder().encode(JSON.stringify({ format: 'labcode.billRule.v1', rule: { fullName, enCode, category, prefix, dateFormat, digit, startNumber, sortCode, enabledMark, description } }, null, 2));
      const stored = await storeFile(db, { fileName: `${fullName}-${enCode}.json`, contentType: 'application/json', content, userId: request.session!.userId });
      return ok({ url: stored.url, name: stored.name });
    });
  }
}
