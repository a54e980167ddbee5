import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { SYS_CONFIG_MENU } from '../../sysConfig/server/public.js';
import { setAdministrators } from './repository.js';

/**
 * Who the administrators are, and choosing them: the administrators tab of the system configuration screen
 * (spec 001 §7), under that screen's paths and menu. The flag is the users module's (base_user.is_administrator),
 * so its calls are served here; the configuration module knows nothing of users.
 */

/** The built-in administrator stays one whatever the list says, so the system can never lose its last. */
const ALWAYS_ADMIN_ACCOUNTS = ['admin'];
const configurationPage = { config: { permission: { menu: SYS_CONFIG_MENU } } };

const adminBody = {
  type: 'object',
  required: ['adminIds'],
  properties: { adminIds: { type: 'array', maxItems: 1000, items: { type: 'string', minLength: 1, maxLength: 50 } } },
} as const;

export async function administratorRoutes(app: FastifyInstance, { db }: { db: Kysely<DB> }): Promise<void> {
  /** GET /api/system/SysConfig/getAdminList: the administrators, in the user list's order. */
  async function listAdministrators() {
    const admins = await db.selectFrom('base_user').select(['id', 'account', 'real_name']).where('is_administrator', '=', 1).orderBy('sort_code').orderBy('account').execute();
    return ok(admins.map((u) => ({ id: u.id, account: u.account, realName: u.real_name, fullName: `${u.real_name}/${u.account}` })));
  }

  /**
   * PUT /api/system/SysConfig/setAdminList: an administrator's alone. Every id must name an enabled user, or nothing
   * changes; the users whose flag changed lose their cached grants.
   */
  async function chooseAdministrators(request: FastifyRequest<{ Body: { adminIds: string[] } }>) {
    if (!request.session!.isAdministrator) throw new AppError(ResultCode.forbidden, 'users.adminOnly');
    const ids = [...new Set(request.body.adminIds)];
    const changed = await db.transaction().execute(async (trx) => {
      const found = ids.length ? await trx.selectFrom('base_user').select('id').where('id', 'in', ids).where('enabled_mark', '=', 1).execute() : [];
      if (found.length !== ids.length) throw AppError.badRequest('users.adminUnknown');
      return setAdministrators(trx, ids, ALWAYS_ADMIN_ACCOUNTS);
    });
    for (const id of changed) await app.grants.invalidate(id);
    return ok(null, request.t('common.updated'));
  }

  app.get('/api/system/SysConfig/getAdminList', configurationPage, listAdministrators);
  app.put<{ Body: { adminIds: string[] } }>('/api/system/SysConfig/setAdminList', { schema: { body: adminBody }, ...configurationPage }, chooseAdministrators);
}
