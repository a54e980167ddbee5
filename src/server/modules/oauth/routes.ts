import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../plugins/envelope.js';
import * as oauth from './service.js';

/** The session calls of spec 000 §7 under /api/oauth. HTTP only: the logic is in service.ts. */
const clientOf = (request: FastifyRequest): oauth.ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

const loginBody = {
  type: 'object',
  required: ['account', 'password'],
  properties: {
    account: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 64 },
    grant_type: { type: 'string', maxLength: 30, default: 'password' },
    code: { type: 'string', maxLength: 10 },
    timestamp: { type: 'string', maxLength: 64 },
  },
} as const;

const unlockBody = {
  type: 'object',
  required: ['account', 'password'],
  properties: {
    account: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 64 },
  },
} as const;

export async function oauthRoutes(app: FastifyInstance, ctx: oauth.OAuthContext): Promise<void> {
  app.post<{ Body: { account: string; password: string; grant_type: string; code?: string; timestamp?: string } }>(
    '/api/oauth/Login',
    { config: { public: true }, schema: { body: loginBody } },
    async (request) => {
      const { account, password, grant_type: grantType, code, timestamp } = request.body;
      const data = await oauth.login(ctx, { account, password, grantType, code, timestamp }, clientOf(request));
      return ok(data, request.t('login.success'));
    },
  );

  app.get('/api/oauth/CurrentUser', async (request) => ok(await oauth.currentUser(ctx, request.session!)));

  app.get('/api/oauth/Logout', async (request) => {
    await oauth.logout(ctx, request.session!, clientOf(request));
    return ok(null, request.t('logout.success'));
  });

  app.post('/api/oauth/LockScreen', async (request) => {
    await oauth.lockScreen(ctx, request.session!, clientOf(request));
    return ok(null, request.t('lock.success'));
  });

  // The spec does not show the unlock path; this one sits beside LockScreen (docs/api.md).
  app.post<{ Body: { account: string; password: string } }>('/api/oauth/UnlockScreen', { schema: { body: unlockBody } }, async (request) => {
    await oauth.unlockScreen(ctx, request.session!, request.body, clientOf(request));
    return ok(null, request.t('unlock.success'));
  });

  app.get<{ Params: { key: string } }>(
    '/api/oauth/getConfig/:key',
    { config: { public: true }, schema: { params: { type: 'object', properties: { key: { type: 'string', minLength: 1, maxLength: 100 } } } } },
    async (request) => ok(await oauth.loginConfig(ctx, request.params.key)),
  );

  app.post('/api/oauth/updatePasswordMessage', async (request) => ok(await oauth.passwordMessage(ctx, request.session!)));
}
