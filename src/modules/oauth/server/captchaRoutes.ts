import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { countAddressRequest } from './addressLimits.js';
import { CAPTCHA_ID_PATTERN, CAPTCHA_LENGTH, captchaAnswerForLog, issueCaptcha } from './captchaStore.js';

/**
 * The captcha image (spec 001 §7), at two addresses: /api/file/ImageCode/{random} as the spec has it, and
 * /api/oauth/ImageCode/{length}/{random} where JNPF 3.6 sign-in pages ask for it. The captcha is sign-in's
 * business: the oauth module owns its table. An image, not an envelope: the sign-in page puts it in an <img>.
 */
export async function captchaRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; logCaptchaAnswers?: boolean }): Promise<void> {
  const sendCaptcha = async (request: FastifyRequest, reply: FastifyReply, random: string, length: number) => {
    if (!CAPTCHA_ID_PATTERN.test(random)) throw AppError.badRequest('captcha.badId');
    await countAddressRequest(ctx.db, 'captcha', request.ip);
    const svg = await issueCaptcha(ctx.db, random, length);
    if (ctx.logCaptchaAnswers) {
      // Development and end-to-end tests only (LOG_CAPTCHA_ANSWERS=1 on the embedded database): a browser test
      // reads the answer here as a person reads the picture.
      request.log.info(`Captcha ${random}: ${await captchaAnswerForLog(ctx.db, random)}`);
    }
    return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
  };

  app.get<{ Params: { random: string } }>('/api/file/ImageCode/:random', { config: { public: true } }, (request, reply) =>
    sendCaptcha(request, reply, request.params.random, CAPTCHA_LENGTH),
  );
  // A length outside 4..6 is clamped by issueCaptcha rather than refused: the page still gets a picture.
  app.get<{ Params: { length: string; random: string } }>(
    '/api/oauth/ImageCode/:length/:random',
    { config: { public: true }, schema: { params: { type: 'object', properties: { length: { type: 'string', pattern: '^\\d{1,2}$' } } } } },
    (request, reply) => sendCaptcha(request, reply, request.params.random, Number(request.params.length)),
  );
}
