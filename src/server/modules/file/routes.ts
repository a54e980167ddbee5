import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../appError.js';
import type { DB } from '../../db/schema.js';
import { readFile } from './fileBlobs.js';

export async function fileRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
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
