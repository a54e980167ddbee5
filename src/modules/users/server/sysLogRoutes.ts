import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { listQuery, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { listQueryProperties } from '../../../kernel/server/crud/requestSchemas.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { sysLogRow } from './sysLogRows.js';

/**
 * The system log page (系统日志, GET /api/system/Log, and JNPF 3.4's /api/system/Log/{category}): everyone's entries
 * in the account log (sysLog.ts: 1 sign-in, 2 sign-out, 3 lock, 4 unlock, 5 failed sign-in, 6 password change),
 * read for the administrator. Filters: category, a keyword on the account, address or description, and a time range.
 */
export const SYS_LOG_MENU = 'system.sysLog';

const spec: ListSpec = {
  keywordColumns: ['l.account', 'l.ip', 'l.description'],
  sortable: { creatorTime: 'l.created_at', userName: 'l.account', category: 'l.category' },
  defaultOrder: [['l.created_at', 'desc']],
  filters: { category: { column: 'l.category', searchType: 1 } },
  tieBreaker: 'l.id',
};

const query = {
  type: 'object',
  properties: {
    ...listQueryProperties,
    category: { type: 'integer', minimum: 0, maximum: 100 },
    startTime: { type: 'integer', minimum: 0 },
    endTime: { type: 'integer', minimum: 0 },
  },
} as const;

type LogQuery = { Querystring: Record<string, unknown> & { startTime?: number; endTime?: number; category?: number }; Params: { category?: number } };

export async function sysLogRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  async function listLog(request: FastifyRequest<LogQuery>) {
    const { startTime, endTime, category: queried, ...rest } = request.query;
    const category = request.params.category ?? queried;
    let base = ctx.db
      .selectFrom('base_sys_log as l')
      .leftJoin('base_user as u', 'u.id', 'l.user_id')
      .select(['l.id', 'l.account', 'l.category', 'l.ip', 'l.description', 'l.created_at', 'l.user_agent', 'u.real_name']);
    // The range is epoch milliseconds (JNPF's), checked as integers by the schema.
    if (startTime) base = base.where('l.created_at', '>=', new Date(startTime));
    if (endTime) base = base.where('l.created_at', '<=', new Date(endTime));
    // category 0 (or none) is every kind, as the page's "all" tab asks.
    const { list, pagination } = await listQuery(base, { ...rest, ...(category ? { category } : {}) }, spec);
    return ok({ list: list.map(sysLogRow), pagination });
  }

  const permission = { permission: { menu: SYS_LOG_MENU } };
  app.get<LogQuery>('/api/system/Log', { schema: { querystring: query }, config: permission }, listLog);
  // JNPF 3.4's log page names the category in the path.
  app.get<LogQuery>('/api/system/Log/:category', { schema: { querystring: query, params: { type: 'object', properties: { category: { type: 'integer', minimum: 0, maximum: 100 } } } }, config: permission }, listLog);
}
