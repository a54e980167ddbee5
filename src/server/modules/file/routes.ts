import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../appError.js';
import type { DB } from '../../db/schema.js';
import { CAPTCHA_ID_PATTERN, issueCaptcha } from './captchaStore.js';
import { readFile } from './fileBlobs.js';

export async function fileRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; logCaptchaAnswers?: boolean }): Promise<void> {
  /** The captcha image (spec 001 §7). An image, not an envelope: the sign-in page puts it in an <img>. */
  app.get<{ Params: { random: string } }>('/api/file/ImageCode/:random', { config: { public: true } }, async (request, reply) => {
    const { random } = request.params;
    if (!CAPTCHA_ID_PATTERN.test(random)) throw AppError.badRequest('captcha.badId');
    const svg = await issueCaptcha(ctx.db, random);
    if (ctx.logCaptchaAnswers) {
      // Development and end-to-end tests only (LOG_CAPTCHA_ANSWERS=1 on the embedded database): a browser test
      // reads the answer here as a person reads the picture.
      const row = await ctx.db.selectFrom('auth_captcha').select('answer').where('id', '=', random).executeTakeFirst();
      request.log.info(`Captcha ${random}: ${row?.answer ?? ''}`);
    }
    return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
  });

  /** Downloads a file made for this user (an export): GET /api/file/Download/{type}/{id} (spec 000 §7). */
  app.get<{ Params: { type: string; id: string } }>('/api/file/Download/:type/:id', async (request, reply) => {
    if (request.params.type !== 'export' || !/^[0-9a-f]{32}$/.test(request.params.id)) throw new AppError(404, 'file.notFound');
    const file = await readFile(ctx.db, request.params.id, request.session!.userId);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.file_name)}`)
      .type(file.content_type)
      .send(Buffer.from(file.content));
  });
}
