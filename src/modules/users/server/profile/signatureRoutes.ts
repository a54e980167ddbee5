import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { SIGN_IMAGE_MAX_BYTES, SIGN_IMAGES_PER_USER } from '../../../../shared/profileLimits.js';
import { fileSize } from '../../../../shared/format/sizes.js';
import { AppError } from '../../../../kernel/server/appError.js';
import type { DB } from '../../../../kernel/server/db/schema.js';
import { newId } from '../../../../kernel/server/db/id.js';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { sniffImageType } from '../userImages.js';
import { CURRENT_USER_BASE, currentUserId, idParams } from './currentUser.js';

/**
 * The signed-in user's signature images (spec 000 §7, Users/Current/SignImg): listed as data addresses, added as
 * one (an image, at most SIGN_IMAGE_MAX_BYTES, at most SIGN_IMAGES_PER_USER of them, the first one the default),
 * one made the default, one removed. Each call acts on the session's own images only.
 */
const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/]+={0,2})$/;
const addBody = { type: 'object', required: ['signImg'], properties: { signImg: { type: 'string', maxLength: Math.ceil((SIGN_IMAGE_MAX_BYTES * 4) / 3) + 64 } } } as const;
type ById = FastifyRequest<{ Params: { id: string } }>;

export async function signatureRoutes(app: FastifyInstance, { db }: { db: Kysely<DB> }): Promise<void> {
  const mySignatures = (request: FastifyRequest) => db.selectFrom('base_user_image').where('user_id', '=', currentUserId(request)).where('kind', '=', 'sign');

  async function listSignatures(request: FastifyRequest) {
    const rows = await mySignatures(request).select(['id', 'content_type', 'content', 'is_default']).orderBy('created_at').execute();
    return ok(rows.map((r) => ({ id: r.id, signImg: `data:${r.content_type};base64,${Buffer.from(r.content).toString('base64')}`, isDefault: r.is_default })));
  }

  async function addSignature(request: FastifyRequest<{ Body: { signImg: string } }>) {
    const match = DATA_URL.exec(request.body.signImg);
    const content = match ? Buffer.from(match[2], 'base64') : null;
    const contentType = content ? sniffImageType(content) : undefined;
    if (!content || !contentType) throw AppError.badRequest('upload.notImage');
    if (content.length > SIGN_IMAGE_MAX_BYTES) throw AppError.badRequest('upload.tooLarge', { limit: fileSize(SIGN_IMAGE_MAX_BYTES) });
    const existing = await mySignatures(request).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    if (Number(existing.n) >= SIGN_IMAGES_PER_USER) throw AppError.badRequest('profile.tooManySigns', { n: SIGN_IMAGES_PER_USER });
    await db
      .insertInto('base_user_image')
      .values({ id: newId(), user_id: currentUserId(request), kind: 'sign', content_type: contentType, content, is_default: Number(existing.n) === 0 ? 1 : 0 })
      .execute();
    return ok(null, request.t('common.created'));
  }

  async function makeDefaultSignature(request: ById) {
    const userId = currentUserId(request);
    await db.transaction().execute(async (trx) => {
      const mine = await trx.selectFrom('base_user_image').select('id').where('id', '=', request.params.id).where('user_id', '=', userId).where('kind', '=', 'sign').executeTakeFirst();
      if (!mine) throw AppError.badRequest('upload.notFound');
      await trx.updateTable('base_user_image').set({ is_default: 0 }).where('user_id', '=', userId).where('kind', '=', 'sign').execute();
      await trx.updateTable('base_user_image').set({ is_default: 1 }).where('id', '=', mine.id).execute();
    });
    return ok(null, request.t('common.updated'));
  }

  async function removeSignature(request: ById) {
    const removed = await db.deleteFrom('base_user_image').where('id', '=', request.params.id).where('user_id', '=', currentUserId(request)).where('kind', '=', 'sign').executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) throw AppError.badRequest('upload.notFound');
    return ok(null, request.t('common.deleted'));
  }

  app.get(`${CURRENT_USER_BASE}/SignImg`, listSignatures);
  app.post<{ Body: { signImg: string } }>(`${CURRENT_USER_BASE}/SignImg`, { schema: { body: addBody } }, addSignature);
  app.put<{ Params: { id: string } }>(`${CURRENT_USER_BASE}/:id/SignImg`, { schema: { params: idParams } }, makeDefaultSignature);
  app.delete<{ Params: { id: string } }>(`${CURRENT_USER_BASE}/:id/SignImg`, { schema: { params: idParams } }, removeSignature);
}
