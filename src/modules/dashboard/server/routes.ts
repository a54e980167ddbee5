import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DASHBOARD_CARDS, MAX_QUICK_LINKS } from '../../../shared/dashboardLayout.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { listMessages, MessageType } from '../../message/server/public.js';
import { unreadMail } from '../../email/server/public.js';
import { getLayout, resetLayout, saveLayout, type DashboardLayoutInput } from './layout.js';

/**
 * The portal's calls under JNPF's /api/visualdev/Dashboard: the notices and unread mail of its cards (JNPF's
 * Notice and Email), and the caller's own layout (Layout: not in JNPF, whose portals are designed by an
 * administrator; here each user orders and hides the fixed cards). Open to every signed-in user, about themselves.
 * The to-do card reads the workflow's own list (/api/workflow/Engine/FlowBefore/List/1).
 */
const BASE = '/api/visualdev/Dashboard';
const layoutBody = {
  type: 'object',
  properties: {
    cards: {
      type: 'array',
      maxItems: DASHBOARD_CARDS.length * 2,
      items: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 50 }, visible: { type: ['boolean', 'integer'] } } },
    },
    quickLinks: { type: 'array', maxItems: MAX_QUICK_LINKS * 4, items: { type: 'string', maxLength: 200 } },
  },
} as const;
const noticeBody = { type: ['object', 'null'], properties: { typeList: { type: ['array', 'null'], maxItems: 20, items: { type: ['string', 'integer'], maxLength: 20 } } } } as const;

export async function dashboardRoutes(app: FastifyInstance, db: Kysely<DB>): Promise<void> {
  const me = (request: FastifyRequest) => request.session!.userId;

  app.get(`${BASE}/Layout`, async (request) => ok(await getLayout(db, me(request))));
  app.put<{ Body: DashboardLayoutInput }>(`${BASE}/Layout`, { schema: { body: layoutBody } }, async (request) => ok(await saveLayout(db, me(request), request.body ?? {}), request.t('dashboard.saved')));
  app.delete(`${BASE}/Layout`, async (request) => {
    await resetLayout(db, me(request));
    return ok(await getLayout(db, me(request)), request.t('dashboard.reset'));
  });

  // JNPF 3.x clients GET it, 5.x POST it with typeList (notice categories); the caller's own notices either way.
  const notices = async (request: FastifyRequest) => {
    const { list } = await listMessages(db, me(request), { type: MessageType.notice, currentPage: 1, pageSize: 10 });
    return ok({ list: list.map((m) => ({ id: m.id, fullName: m.title, title: m.title, isRead: m.isRead, releaseUser: m.releaseUser, releaseTime: m.releaseTime, creatorTime: m.releaseTime })) });
  };
  app.get(`${BASE}/Notice`, notices);
  app.post(`${BASE}/Notice`, { schema: { body: noticeBody } }, notices);
  app.get(`${BASE}/Email`, async (request) => ok({ list: await unreadMail(db, me(request)) }));
}
