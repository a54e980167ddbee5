import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { LANGUAGES } from '../../../shared/language.js';
import type { DB } from '../../db/schema.js';
import { ok } from '../../plugins/envelope.js';

/** The signed-in user's own settings (spec 000 §7, /permission/Users/Current): language, for now. */
export async function currentUserRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  app.put<{ Body: { language: string } }>(
    '/api/permission/Users/Current/SystemLanguage',
    { schema: { body: { type: 'object', required: ['language'], properties: { language: { type: 'string', enum: [...LANGUAGES] } } } } },
    async (request) => {
      await ctx.db.updateTable('base_user').set({ language: request.body.language }).where('id', '=', request.session!.userId).execute();
      return ok(null, request.t('common.updated'));
    },
  );
}
