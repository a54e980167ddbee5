import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { fileSize } from '../../../shared/format/sizes.js';
import { AVATAR_MAX_BYTES } from '../../../shared/profileLimits.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';

/** The image kinds a user may upload, recognised by their first bytes rather than by what the browser claims. */
export function sniffImageType(content: Buffer): string | null {
  if (content.length >= 8 && content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'image/jpeg';
  if (content.length >= 6 && ['GIF87a', 'GIF89a'].includes(content.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (content.length >= 12 && content.subarray(0, 4).toString('latin1') === 'RIFF' && content.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

const AVATAR_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
const EXTENSION: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/**
 * Avatars (spec 000 §7: the default avatar lies under /api/file/Image/userAvatar). An upload is stored under a
 * random name; PUT /permission/Users/Current/Avatar/{name} then makes it the user's. Images are served without a
 * session (an <img> sends no Authorization header); the 128-bit random name is what keeps them private.
 */
export async function userImageRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  const { db } = ctx;

  app.post('/api/file/Uploader/userAvatar', async (request) => {
    if (!request.isMultipart()) throw AppError.badRequest('upload.required');
    const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 }, throwFileSizeLimit: false });
    if (!part) throw AppError.badRequest('upload.required');
    const content = await part.toBuffer();
    if (part.file.truncated) throw new AppError(ResultCode.payloadTooLarge, 'upload.tooLarge', { limit: fileSize(AVATAR_MAX_BYTES) });
    const type = sniffImageType(content);
    if (!type) throw AppError.badRequest('upload.notImage');
    const name = `${randomBytes(16).toString('hex')}.${EXTENSION[type]}`;
    await db.insertInto('base_user_image').values({ id: name, user_id: request.session!.userId, kind: 'avatar', content_type: type, content }).execute();
    return ok({ name, url: `/api/file/Image/userAvatar/${name}` }, request.t('common.uploaded'));
  });

  app.get<{ Params: { name: string } }>('/api/file/Image/userAvatar/:name', { config: { public: true } }, async (request, reply) => {
    const { name } = request.params;
    if (name === 'default.png') return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(DEFAULT_AVATAR_SVG);
    const row = AVATAR_NAME.test(name) ? await db.selectFrom('base_user_image').select(['content_type', 'content']).where('id', '=', name).where('kind', '=', 'avatar').executeTakeFirst() : undefined;
    if (!row) return reply.status(404).type('image/svg+xml').send(DEFAULT_AVATAR_SVG);
    return reply.type(row.content_type).header('cache-control', 'public, max-age=31536000, immutable').send(row.content);
  });
}

/** A neutral silhouette for users without an avatar; drawn here so no binary asset ships. */
const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e6f0fb"/><circle cx="32" cy="25" r="12" fill="#9bbbe0"/><path d="M10 58c2-12 11-18 22-18s20 6 22 18z" fill="#9bbbe0"/></svg>`;
