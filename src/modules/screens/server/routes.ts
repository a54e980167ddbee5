import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { loadAuthority } from '../../permission/server/public.js';
import { fileScreenSource } from './fileScreenSource.js';
import { isReachable } from './screenAccess.js';
import { SCREEN_NAME, type ScreenSource } from './screenSource.js';

/**
 * GET /api/screens/{name} answers a screen document, served when a page opens (not bundled into the client), so a
 * new list screen is one document and a menu entry. A user who is not the administrator gets only the screens
 * their menu reaches: anything else, whether it exists or not, is refused alike, so probing names tells nothing.
 */
export interface ScreenRouteOptions {
  source?: ScreenSource;
  /** The database the menu check reads. */
  db: Kysely<DB>;
}

export async function screenRoutes(app: FastifyInstance, options: ScreenRouteOptions): Promise<void> {
  const source = options.source ?? fileScreenSource();
  const { db } = options;
  app.get<{ Params: { '*': string } }>('/api/screens/*', async (request) => {
    const name = request.params['*'].replace(/\.json$/, '');
    if (!SCREEN_NAME.test(name)) throw new AppError(ResultCode.notFound, 'screen.notFound', { name: name.slice(0, 100) });
    const session = request.session!;
    if (!session.isAdministrator) {
      const { routerList } = await loadAuthority(db, session.userId, false);
      if (!(await isReachable(name, routerList, source))) throw AppError.forbidden();
    }
    const document = await source.get(name);
    if (document === undefined) throw new AppError(ResultCode.notFound, 'screen.notFound', { name });
    return ok(document);
  });
}
