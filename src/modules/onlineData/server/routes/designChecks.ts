import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../../shared/envelope.js';
import { AppError } from '../../../../kernel/server/appError.js';
import type { DB } from '../../../../kernel/server/db/schema.js';
import { authorizeDesign, designMenus, type DesignAccess } from '../../../../kernel/server/plugins/dynamicPermission.js';
import { opensMenu } from '../../../../kernel/server/plugins/permission.js';

/** Who may use a released design's records: its own menu and buttons, or, for relation reads, a referring design's menu. */
export type DesignChecks = ReturnType<typeof designChecks>;

const menuIdOf = (request: FastifyRequest) => {
  const body = request.body as { menuId?: unknown } | undefined;
  const query = request.query as { menuId?: unknown } | undefined;
  return body?.menuId ?? query?.menuId;
};

export function designChecks(app: FastifyInstance, db: Kysely<DB>) {
  const access = (request: FastifyRequest, modelId: string, button?: string | readonly string[]) => authorizeDesign(app, db, request, modelId, { button, menuId: menuIdOf(request) });

  /**
   * Relation-form and popup reads of another design's records (spec 001 §7 "Relation and popup data"): allowed to
   * whoever opens that design's menu, or the menu of a released design whose form points at it by modelId.
   */
  const relationAccess = async (request: FastifyRequest, modelId: string): Promise<DesignAccess> => {
    try {
      return await access(request, modelId);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== ResultCode.forbidden) throw error;
      const referring = await db.selectFrom('base_visualdev_online_model').select('design_id').where('form_data', 'like', `%${modelId}%`).execute();
      for (const { design_id } of referring) {
        for (const menu of await designMenus(db, design_id)) {
          // The referring menu's data scope, resolved by this app's grants as the list's is: without the resolver
          // the process default (everything) would apply and a relation picker would show what the list hides.
          if (await opensMenu(app.grants, request, menu.enCode)) {
            return { dataScope: { userId: request.session!.userId, isAdministrator: false, menu: menu.enCode, resolver: (scope) => app.grants.dataScope(scope) } };
          }
        }
      }
      throw error;
    }
  };

  return { access, relationAccess };
}
