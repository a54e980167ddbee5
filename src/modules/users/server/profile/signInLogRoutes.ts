import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../kernel/server/db/schema.js';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { listQuery, type ListSpec } from '../../../../kernel/server/crud/listQuery.js';
import { listQueryProperties } from '../../../../kernel/server/crud/requestSchemas.js';
import { sysLogRow } from '../sysLogRows.js';
import { CURRENT_USER_BASE, currentUserId } from './currentUser.js';

/** The user's own sign-in log, newest first, filterable by category (1 sign-in … 5 failed sign-in). */
const systemLogListSpec: ListSpec = {
  keywordColumns: ['description', 'ip'],
  defaultOrder: [['created_at', 'desc']],
  filters: { category: { column: 'category', searchType: 1 } },
};
type SystemLogQuery = { currentPage?: number; pageSize?: number; category?: number; keyword?: string };
const systemLogQuery = { type: 'object', properties: { ...listQueryProperties, category: { type: 'integer', minimum: 0, maximum: 100 } } };

export async function signInLogRoutes(app: FastifyInstance, { db }: { db: Kysely<DB> }): Promise<void> {
  async function listMySignInLog(request: FastifyRequest<{ Querystring: SystemLogQuery }>) {
    const base = db.selectFrom('base_sys_log').select(['id', 'account', 'category', 'ip', 'description', 'created_at', 'user_agent']).where('user_id', '=', currentUserId(request));
    const { list, pagination } = await listQuery(base, request.query, systemLogListSpec);
    return ok({ list: list.map(sysLogRow), pagination });
  }

  app.get<{ Querystring: SystemLogQuery }>(`${CURRENT_USER_BASE}/SystemLog`, { schema: { querystring: systemLogQuery } }, listMySignInLog);
}
