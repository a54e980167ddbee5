import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Authenticate, SessionUser } from '../sessions.js';
import { isApiRequest } from './apiPath.js';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../appError.js';

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionUser;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a session: sign-in, its configuration, the captcha, the health check. */
    public?: boolean;
    /**
     * Routes a user whose initial password must be changed first may still call: the change itself, what its form
     * needs (session info, policy, the sealing key), sign-out and the lock screen. Every other call answers 605.
     */
    whilePasswordChangeDue?: boolean;
  }
}

/**
 * Every /api call needs a live session unless its route is marked public. Unknown /api paths need one too, so an
 * anonymous caller cannot map the API by probing. The check runs before the body is read, so a refused call
 * does nothing.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { authenticate: Authenticate }) => {
  app.decorateRequest('session', undefined);
  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request)) return;
    if (request.routeOptions.config?.public) return;
    request.session = await options.authenticate(request.headers.authorization);
    if (request.session.passwordChangeDue && !request.routeOptions.config?.whilePasswordChangeDue) {
      throw new AppError(ResultCode.passwordChangeRequired, 'session.passwordChangeRequired');
    }
  });
});
