import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import * as oauth from './service.js';
import { safeRedirect } from '../../../shared/shell/safeRedirect.js';
import { confirmScanTicket, createScanTicket, markScanTicketScanned, scanTicketStatus } from './loginTickets.js';
import { issueSmsCode } from './smsCodes.js';
import { countAddressRequest } from './addressLimits.js';
import type { SmsSender } from './smsSender.js';
import type { Sso } from './sso.js';
import type { EventBus } from '../../../kernel/server/infra/infrastructure.js';
import { publishSessionsEnded } from '../../../kernel/server/sessions.js';


/** The origin the browser used, for the OpenID Connect redirect URI when PUBLIC_URL is not set. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The session calls of spec 000 §7 under /api/oauth. HTTP only: the logic is in service.ts. */
const clientOf = (request: FastifyRequest): oauth.ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** Which fields a mode needs is the service's business (account and password, mobile and code, or a ticket). */
const loginBody = {
  type: 'object',
  properties: {
    account: { type: 'string', maxLength: 100 },
    // 96 hex digits when a JNPF 3.6 client wraps the MD5 hex (users' transportPassword.ts).
    password: { type: 'string', maxLength: 128 },
    grant_type: { type: 'string', maxLength: 30, default: 'password' },
    origin: { type: 'string', maxLength: 20 },
    code: { type: 'string', maxLength: 10 },
    timestamp: { type: 'string', maxLength: 64 },
    ticket: { type: 'string', maxLength: 100 },
    ticket_secret: { type: 'string', maxLength: 100 },
  },
} as const;

const ticketParams = { type: 'object', required: ['ticket'], properties: { ticket: { type: 'string', minLength: 1, maxLength: 100 } } } as const;

const unlockProperties = {
  account: { type: 'string', minLength: 1, maxLength: 100 },
  password: { type: 'string', minLength: 1, maxLength: 128 },
} as const;
const unlockBody = { type: 'object', required: ['account', 'password'], properties: unlockProperties } as const;
/** Our client locks with an empty POST; JNPF's locks on its own and posts the credentials here to unlock. */
const lockBody = { type: ['object', 'null'], properties: unlockProperties } as const;
/** Calls the forced password change needs (plugins/session.ts). */
const passwordChangeDue = { config: { whilePasswordChangeDue: true } };

export interface OAuthRouteOptions extends oauth.OAuthContext {
  smsSender: SmsSender;
  sso?: Sso;
  /** The sign-in page's footer: company and contact (spec 000 §2 labels). */
  loginSettings: () => Promise<{ sysName: string; company: string; contact: string }>;
  /** Session ends are announced here, so the sockets of the session close on every process (decision 167). */
  events?: EventBus;
}

export async function oauthRoutes(app: FastifyInstance, ctx: OAuthRouteOptions): Promise<void> {
  app.post<{ Body: { account?: string; password?: string; grant_type: string; origin?: string; code?: string; timestamp?: string; ticket?: string; ticket_secret?: string } }>(
    '/api/oauth/Login',
    { config: { public: true }, schema: { body: loginBody } },
    async (request) => {
      const { account, password, grant_type: grantType, origin, code, timestamp, ticket, ticket_secret: ticketSecret } = request.body;
      const data = await oauth.login(ctx, { account, password, grantType, origin, code, timestamp, ticket, ticketSecret }, clientOf(request));
      return ok(data, request.t('login.success'));
    },
  );

  app.get('/api/oauth/LoginSettings', { config: { public: true } }, async () => ok({ ...(await ctx.loginSettings()), ssoEnabled: Boolean(ctx.sso) }));
  app.get('/api/oauth/getLoginConfig', { config: { public: true } }, async () => ok(oauth.jnpfLoginConfig()));

  // Mobile verification code (spec 000 §2): the code goes through the pluggable sender.
  app.post<{ Body: { mobile: string } }>(
    '/api/oauth/SmsCode',
    { config: { public: true }, schema: { body: { type: 'object', required: ['mobile'], properties: { mobile: { type: 'string', minLength: 1, maxLength: 20 } } } } },
    async (request) => ok(await issueSmsCode(ctx.db, ctx.smsSender, request.body.mobile.trim(), request.ip, request.log), request.t('sms.sent')),
  );

  // App scan: the page asks for a ticket and polls it; the mobile app, signed in, scans and confirms it.
  app.post('/api/oauth/ScanTicket', { config: { public: true } }, async (request) => {
    await countAddressRequest(ctx.db, 'scanTicket', request.ip);
    return ok(await createScanTicket(ctx.db));
  });
  app.get<{ Params: { ticket: string } }>('/api/oauth/ScanTicket/:ticket', { config: { public: true }, schema: { params: ticketParams } }, async (request) =>
    ok(await scanTicketStatus(ctx.db, request.params.ticket)),
  );
  app.post<{ Params: { ticket: string } }>('/api/oauth/ScanTicket/:ticket/Scan', { schema: { params: ticketParams } }, async (request) => {
    await markScanTicketScanned(ctx.db, request.params.ticket);
    return ok(null);
  });
  app.post<{ Params: { ticket: string } }>('/api/oauth/ScanTicket/:ticket/Confirm', { schema: { params: ticketParams } }, async (request) => {
    await confirmScanTicket(ctx.db, request.params.ticket, request.session!.userId);
    return ok(null, request.t('scan.confirmed'));
  });

  // Single sign-on: /sso sends the browser here, the provider sends it back to the callback, the callback to /sso.
  app.get<{ Querystring: { redirect?: string } }>('/api/oauth/sso/authorize', { config: { public: true } }, async (request, reply) => {
    const redirect = safeRedirect(request.query.redirect);
    if (!ctx.sso) return reply.redirect(`/sso?error=notConfigured&redirect=${encodeURIComponent(redirect)}`);
    try {
      return reply.redirect(await ctx.sso.authorizationUrl(originOf(request), redirect));
    } catch (error) {
      request.log.warn({ err: error }, 'SSO provider unreachable');
      return reply.redirect(`/sso?error=provider&redirect=${encodeURIComponent(redirect)}`);
    }
  });
  app.get('/api/oauth/sso/callback', { config: { public: true } }, async (request, reply) => {
    if (!ctx.sso) return reply.redirect('/sso?error=notConfigured');
    const outcome = await ctx.sso.callback(request.url, originOf(request), request.log);
    const redirect = `redirect=${encodeURIComponent(outcome.redirect)}`;
    return reply.redirect('ticket' in outcome ? `/sso?ticket=${outcome.ticket}&${redirect}` : `/sso?error=${outcome.error}&${redirect}`);
  });

  app.get('/api/oauth/CurrentUser', passwordChangeDue, async (request) => ok(await oauth.currentUser(ctx, request.session!)));

  app.get('/api/oauth/Logout', passwordChangeDue, async (request) => {
    await oauth.logout(ctx, request.session!, clientOf(request));
    if (ctx.events) await publishSessionsEnded(ctx.events, [request.session!.userId]);
    return ok(null, request.t('logout.success'));
  });

  app.post<{ Body: { account?: string; password?: string } | null }>('/api/oauth/LockScreen', { schema: { body: lockBody }, ...passwordChangeDue }, async (request) => {
    const { account, password } = request.body ?? {};
    if (account === undefined && password === undefined) {
      await oauth.lockScreen(ctx, request.session!, clientOf(request));
      return ok(null, request.t('lock.success'));
    }
    await oauth.unlockScreen(ctx, request.session!, { account: account ?? '', password: password ?? '' }, clientOf(request));
    return ok(null, request.t('unlock.success'));
  });

  // The spec does not show the unlock path; this one sits beside LockScreen (docs/api.md).
  app.post<{ Body: { account: string; password: string } }>('/api/oauth/UnlockScreen', { schema: { body: unlockBody }, ...passwordChangeDue }, async (request) => {
    await oauth.unlockScreen(ctx, request.session!, request.body, clientOf(request));
    return ok(null, request.t('unlock.success'));
  });

  app.get<{ Params: { key: string } }>(
    '/api/oauth/getConfig/:key',
    { config: { public: true }, schema: { params: { type: 'object', properties: { key: { type: 'string', minLength: 1, maxLength: 100 } } } } },
    async (request) => ok(await oauth.loginConfig(ctx, request.params.key)),
  );

  app.post('/api/oauth/updatePasswordMessage', passwordChangeDue, async (request) => ok(await oauth.passwordMessage(ctx, request.session!)));
}
