import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { MESSAGE_SENDING } from '../../../kernel/server/infra/rateLimit.js';
import { rateLimited } from '../../../kernel/server/plugins/rateLimit.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { buttonsOf } from '../../../kernel/server/plugins/permission.js';
import { enabledMarkFilter, idParams, listQueryProperties } from '../../../kernel/server/crud/requestSchemas.js';
import { dataTypeList } from './dataTypes.js';
import * as inbox from './inbox.js';
import * as notices from './notices.js';
import { copyTemplate, templates, TEMPLATE_MENU } from './templates.js';

/**
 * The message calls of spec 000 §7 (Messages) and 001 §7 (Message templates). The spec's paths are JNPF 3.x's
 * (notices at /api/message and /api/message/{id}); JNPF 5 clients call the same under /api/message/Notice, so both
 * are served. A user's own message list is open to every signed-in user; notices and templates are the
 * administration pages' (msgCenter.notice, msgCenter.msgTemplate).
 */
export const NOTICE_MENU = 'msgCenter.notice';
export const NOTICE_BUTTONS = ['btn_add', 'btn_edit', 'btn_remove', 'btn_release'] as const;
export const TEMPLATE_BUTTONS = ['btn_add', 'btn_edit', 'btn_remove'] as const;
const notice = buttonsOf(NOTICE_MENU);
const template = buttonsOf(TEMPLATE_MENU);

const inboxQuery = {
  type: 'object',
  properties: { ...listQueryProperties, type: { type: 'integer', minimum: 1, maximum: 9 }, isRead: { type: 'integer', enum: [0, 1] } },
} as const;
const noticeQuery = {
  type: 'object',
  properties: { ...listQueryProperties, category: { type: 'string', maxLength: 20 }, enabledMark: enabledMarkFilter },
} as const;
/** JNPF 3.6's NoticeList: multiple-choice filters as lists, time ranges as [from, to] in epoch milliseconds. */
const choices = (item: object) => ({ type: ['string', 'array'], maxLength: 50, maxItems: 100, items: item });
const timeRange = { type: 'array', maxItems: 2, items: { type: ['integer', 'string', 'null'], maxLength: 20 } };
const noticeListBody = {
  type: ['object', 'null'],
  properties: {
    ...listQueryProperties,
    category: { type: 'string', maxLength: 20 },
    enabledMark: choices({ type: 'string', enum: ['', '0', '1', '2'] }),
    type: choices({ type: 'string', maxLength: 20 }),
    releaseUser: choices({ type: 'string', maxLength: 50 }),
    creatorUser: choices({ type: 'string', maxLength: 50 }),
    expirationTime: timeRange,
    releaseTime: timeRange,
    creatorTime: timeRange,
  },
} as const;
const noticeBody = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: 1000 },
    bodyText: { type: ['string', 'null'], maxLength: 500_000 },
    category: { type: ['string', 'integer', 'null'], maxLength: 20 },
    excerpt: { type: ['string', 'null'], maxLength: 2000 },
    coverImage: { type: ['string', 'null'], maxLength: 2000 },
    files: { type: ['array', 'string', 'null'], maxItems: 100, maxLength: 100_000 },
    toUserIds: { type: ['array', 'string', 'null'], maxItems: 10_000, maxLength: 600_000, items: { type: 'string', maxLength: 50 } },
    expirationTime: { type: ['integer', 'string', 'null'], maxLength: 40 },
  },
} as const;
const recordBody = {
  type: 'object',
  required: ['ids'],
  properties: { ids: { type: ['string', 'array'], maxLength: 60_000, maxItems: 1000, items: { type: 'string', maxLength: 50 } } },
} as const;
const readAllBody = { type: ['object', 'null'], properties: { type: { type: ['integer', 'null'], minimum: 1, maximum: 9 } } } as const;
const typeParams = { type: 'object', properties: { type: { type: 'string', minLength: 1, maxLength: 20 } } } as const;

export interface MessageRouteContext {
  db: Kysely<DB>;
  /** Tells the recipients' open sockets that their unread counts changed. */
  notifyUsers: (userIds: readonly string[]) => Promise<void>;
}

export async function messageRoutes(app: FastifyInstance, ctx: MessageRouteContext): Promise<void> {
  const { db } = ctx;
  const me = (request: FastifyRequest) => request.session!.userId;

  // ---- the caller's own messages (/messageRecord and the navbar) ----
  app.get<{ Querystring: Record<string, unknown> }>('/api/message', { schema: { querystring: inboxQuery } }, async (request) => ok(await inbox.listMessages(db, me(request), request.query)));
  app.get<{ Params: { id: string } }>('/api/message/ReadInfo/:id', { schema: { params: idParams } }, async (request) => {
    const message = await inbox.readMessage(db, me(request), request.params.id);
    await ctx.notifyUsers([me(request)]);
    return ok(message);
  });
  app.delete<{ Body: { ids: string | string[] } }>('/api/message/Record', { schema: { body: recordBody } }, async (request) => {
    await inbox.deleteMessages(db, me(request), request.body.ids);
    await ctx.notifyUsers([me(request)]);
    return ok(null, request.t('common.deleted'));
  });
  app.post<{ Body: { type?: number | null } | null }>('/api/message/Actions/ReadAll', { schema: { body: readAllBody } }, async (request) => {
    const changed = await inbox.readAll(db, me(request), request.body?.type ?? undefined);
    if (changed === 0) return ok(null, request.t('message.noneUnread'));
    await ctx.notifyUsers([me(request)]);
    return ok(null, request.t('message.allRead'));
  });
  app.get('/api/message/getUnReadMsgNum', async (request) => {
    const counts = await inbox.unreadCounts(db, me(request));
    // JNPF answers the counts as strings under these names.
    return ok({
      unReadNotice: String(counts.notice),
      unReadMsg: String(counts.workflow),
      unReadSystemMsg: String(counts.system),
      unReadSchedule: String(counts.schedule),
      unReadNum: String(counts.total),
      latest: await inbox.latestMessages(db, me(request), 5),
    });
  });

  // ---- notices (msgCenter.notice) ----
  const readNotice = { config: { permission: { menu: NOTICE_MENU } } };
  const listNotices = async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>) => ok(await notices.listNotices(db, request.query));
  app.get<{ Querystring: Record<string, unknown> }>('/api/message/Notice', { schema: { querystring: noticeQuery }, ...readNotice }, listNotices);
  app.post<{ Body: Record<string, unknown> }>('/api/message/Notice/List', { schema: { body: noticeListBody }, ...readNotice }, async (request) => ok(await notices.listNotices(db, request.body ?? {})));

  for (const base of ['/api/message', '/api/message/Notice']) {
    app.post<{ Body: notices.NoticeInput }>(base, rateLimited(MESSAGE_SENDING, { schema: { body: noticeBody }, ...notice('btn_add') }), async (request) =>
      ok({ id: await notices.createNotice(db, request.body, me(request)) }, request.t('common.created')),
    );
    app.get<{ Params: { id: string } }>(`${base}/:id`, { schema: { params: idParams }, ...readNotice }, async (request) => ok(await notices.getNotice(db, request.params.id)));
    app.put<{ Params: { id: string }; Body: notices.NoticeInput }>(`${base}/:id`, { schema: { params: idParams, body: noticeBody }, ...notice('btn_edit') }, async (request) => {
      await notices.updateNotice(db, request.params.id, request.body, me(request));
      return ok(null, request.t('common.updated'));
    });
    app.delete<{ Params: { id: string } }>(`${base}/:id`, { schema: { params: idParams }, ...notice('btn_remove') }, async (request) => {
      await notices.deleteNotice(db, request.params.id);
      return ok(null, request.t('common.deleted'));
    });
    app.put<{ Params: { id: string } }>(`${base}/:id/Actions/Release`, rateLimited(MESSAGE_SENDING, { schema: { params: idParams }, ...notice('btn_release') }), async (request) => {
      const reached = await notices.releaseNotice(db, request.params.id, me(request));
      await ctx.notifyUsers(reached);
      return ok(null, request.t('message.released'));
    });
  }

  // ---- message templates (msgCenter.msgTemplate) ----
  const TEMPLATES = '/api/message/MessageTemplateConfig';
  templates.routes(app, { db });
  // JNPF 3.x clients read a template's record at /detail/{id} as well.
  app.get<{ Params: { id: string } }>(`${TEMPLATES}/detail/:id`, { schema: { params: idParams }, config: { permission: { menu: TEMPLATE_MENU } } }, async (request) => ok(await templates.get(db, request.params.id)));
  app.post<{ Params: { id: string } }>(`${TEMPLATES}/copy/:id`, { schema: { params: idParams }, ...template('btn_add') }, async (request) =>
    ok({ id: await copyTemplate(db, request.params.id, me(request)) }, request.t('message.copied')),
  );
  // JNPF's clients call it with GET (3.x) or POST (5.x).
  for (const method of ['GET', 'POST'] as const) {
    app.route<{ Params: { type: string } }>({ method, url: '/api/message/MessageDataType/getTypeList/:type', schema: { params: typeParams }, handler: async (request) => ok(dataTypeList(request.params.type)) });
  }
}
