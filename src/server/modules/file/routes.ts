import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../appError.js';
import type { DB } from '../../db/schema.js';
import { CAPTCHA_ID_PATTERN, issueCaptcha } from './captchaStore.js';

export async function fileRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  /** The captcha image (spec 001 §7). An image, not an envelope: the sign-in page puts it in an <img>. */
  app.get<{ Params: { random: string } }>('/api/file/ImageCode/:random', { config: { public: true } }, async (request, reply) => {
    const { random } = request.params;
    if (!CAPTCHA_ID_PATTERN.test(random)) throw AppError.badRequest('captcha.badId');
    const svg = await issueCaptcha(ctx.db, random);
    return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
  });
}
