import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../appError.js';
import { TokenBuckets, type RateLimit } from '../infra/rateLimit.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Bounds how often one user may call this route: routes naming the same `name` share the user's bucket (sending
     * a notice and sending mail are both "messages"). Refused calls answer 429 and change nothing.
     */
    rateLimit?: RateLimit & { name: string };
  }
}

/** Runs after the session check (registered after the session plugin), so the bucket is the signed-in user's. */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const groups = new Map<string, TokenBuckets>();
  app.addHook('onRequest', async (request) => {
    const limit = request.routeOptions.config?.rateLimit;
    if (!limit || !request.session) return;
    let buckets = groups.get(limit.name);
    if (!buckets) groups.set(limit.name, (buckets = new TokenBuckets(limit)));
    if (!buckets.take(request.session.userId)) throw new AppError(ResultCode.tooManyRequests, 'error.tooFast');
  });
});

/** Route options with a rate limit added to their config (a permission config stays as it was). */
export function rateLimited<T extends { config?: object; schema?: object }>(limit: RateLimit & { name: string }, options: T): T & { config: { rateLimit: RateLimit & { name: string } } } {
  return { ...options, config: { ...options.config, rateLimit: limit } };
}
