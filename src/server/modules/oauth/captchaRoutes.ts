import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../appError.js';
import type { DB } from '../../db/schema.js';
import { CAPTCHA_ID_PATTERN, captchaAnswerForLog, issueCaptcha } from './captchaStore.js';

/**
 * The captcha image (spec 001 §7). Its path sits under /api/file, as JNPF has it, but the captcha is sign-in's
 * business: the oauth module owns its table. An image, not an envelope: the sign-in page puts it in an <img>.
 */
export async function captchaRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; logCaptchaAnswers?: boolean }): Promise<void> {
  app.get<{ Params: { random: string } }>('/api/file/ImageCode/:random', { config: { public: true } }, async (request, reply) => {
    const { random } = request.params;
    if (!CAPTCHA_ID_PATTERN.test(random)) throw AppError.badRequest('captcha.badId');
    const svg = await issueCaptcha(ctx.db, random);
    if (ctx.logCaptchaAnswers) {
      // Development and end-to-end tests only (LOG_CAPTCHA_ANSWERS=1 on the embedded database): a browser test
      // reads the answer here as a person reads the picture.
      request.log.info(`Captcha ${random}: ${await captchaAnswerForLog(ctx.db, random)}`);
    }
    return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
  });
}
