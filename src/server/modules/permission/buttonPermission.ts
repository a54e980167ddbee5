import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../appError.js';
import type { DB } from '../../db/schema.js';

/**
 * Button permissions enforced on the server (spec 000 §6): a write behind a menu's button (btn_add, btn_edit,
 * btn_remove, ...) needs that button granted to one of the user's enabled roles. The administrator has them all.
 * The client hides the button; this makes hiding it more than cosmetic.
 */
export async function hasButton(db: Kysely<DB>, userId: string, isAdministrator: boolean, moduleCode: string, button: string): Promise<boolean> {
  if (isAdministrator) return true;
  const row = await db
    .selectFrom('base_module_button as b')
    .innerJoin('base_module as m', 'm.id', 'b.module_id')
    .innerJoin('base_authorize as a', (join) => join.onRef('a.item_id', '=', 'b.id').on('a.item_type', '=', 'button'))
    .innerJoin('base_user_relation as r', (join) => join.onRef('r.object_id', '=', 'a.object_id').onRef('r.object_type', '=', 'a.object_type'))
    .innerJoin('base_role as role', 'role.id', 'a.object_id')
    .select('b.id')
    .where('m.en_code', '=', moduleCode)
    .where('m.enabled_mark', '=', 1)
    .where('b.en_code', '=', button)
    .where('r.user_id', '=', userId)
    .where('role.enabled_mark', '=', 1)
    .executeTakeFirst();
  return Boolean(row);
}

/** A preHandler refusing the call (403, nothing done) unless the signed-in user has the button. */
export function requireButton(db: Kysely<DB>, moduleCode: string, button: string) {
  return async (request: FastifyRequest) => {
    const session = request.session!;
    if (!(await hasButton(db, session.userId, session.isAdministrator, moduleCode, button))) throw AppError.forbidden();
  };
}
