import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../kernel/server/db/schema.js';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { loadAuthority } from '../../../permission/server/public.js';
import { CURRENT_USER_BASE, currentUserId } from './currentUser.js';

export async function authorityRoutes(app: FastifyInstance, { db }: { db: Kysely<DB> }): Promise<void> {
  // The modules this user may open, as a tree: what the permission screens call the user's authorisation.
  async function readMyAuthority(request: FastifyRequest) {
    const authority = await loadAuthority(db, currentUserId(request), request.session!.isAdministrator);
    return ok({ module: authority.menuList, button: authority.permissionList.flatMap((p) => p.button), column: authority.permissionList.flatMap((p) => p.column), form: authority.permissionList.flatMap((p) => p.form) });
  }

  app.get(`${CURRENT_USER_BASE}/Authorize`, readMyAuthority);
}
