import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { authenticate, type SessionUser } from '../modules/oauth/sessionStore.js';
import { isApiRequest } from './apiPath.js';

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionUser;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a session: sign-in, its configuration, the captcha, the health check. */
    public?: boolean;
  }
}

/**
 * Every /api call needs a live session unless its route is marked public. Unknown /api paths need one too, so an
 * anonymous caller cannot map the API by probing. The check runs before the body is read, so a refused call
 * does nothing.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { db: Kysely<DB>; idleMinutes: number }) => {
  app.decorateRequest('session', undefined);
  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request)) return;
    if (request.routeOptions.config?.public) return;
    request.session = await authenticate(options.db, request.headers.authorization, options.idleMinutes);
  });
});
