import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { listQuery, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { listQueryProperties } from '../../../kernel/server/crud/requestSchemas.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';

/**
 * The system log page (系统日志, GET /api/system/Log): everyone's sign-in history as sign-in writes it into the
 * users module's account log (users/server/sysLog.ts: 1 sign-in, 2 sign-out, 3 lock, 4 unlock, 5 failed sign-in, 6 password change), read here for
 * the administrator. Filters: category, a keyword on the account, address or description, and a time range.
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

export async function sysLogRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  app.get<{ Querystring: Record<string, unknown> & { startTime?: number; endTime?: number; category?: number } }>(
    '/api/system/Log',
    { schema: { querystring: query }, config: { permission: { menu: SYS_LOG_MENU } } },
    async (request) => {
      const { startTime, endTime, category, ...rest } = request.query;
      let base = ctx.db
        .selectFrom('base_sys_log as l')
        .leftJoin('base_user as u', 'u.id', 'l.user_id')
        .select(['l.id', 'l.account', 'l.category', 'l.ip', 'l.description', 'l.created_at', 'u.real_name']);
      // The range is epoch milliseconds (JNPF's), checked as integers by the schema.
      if (startTime) base = base.where('l.created_at', '>=', new Date(startTime));
      if (endTime) base = base.where('l.created_at', '<=', new Date(endTime));
      // category 0 (or none) is every kind, as the page's "all" tab asks.
      const { list, pagination } = await listQuery(base, { ...rest, ...(category ? { category } : {}) }, spec);
      return ok({
        list: list.map((r) => ({
          id: String(r.id),
          userName: r.real_name ? `${r.real_name}/${r.account}` : r.account,
          category: r.category,
          ipaddress: r.ip ?? '',
          abstracts: r.description,
          creatorTime: new Date(r.created_at).getTime(),
        })),
        pagination,
      });
    },
  );
}
