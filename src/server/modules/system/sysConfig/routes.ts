import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { ok } from '../../../plugins/envelope.js';
import { PASSWORD_POLICY_KEYS, SYS_CONFIG_INFO_KEYS, passwordPolicyOf, readSysConfig } from './store.js';

/**
 * GET /api/system/SysConfig, readable by every signed-in user: JNPF clients read the password policy from it on
 * the password-change form and the forced first change. Only the settings CurrentUser already shows are answered
 * (contact details and internal markers stay out). Writes will be the administrator's alone.
 */
export async function sysConfigRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  app.get('/api/system/SysConfig', async () => {
    const config = await readSysConfig(ctx.db, [...SYS_CONFIG_INFO_KEYS, ...PASSWORD_POLICY_KEYS]);
    return ok({
      ...Object.fromEntries(SYS_CONFIG_INFO_KEYS.map((key) => [key, config[key] ?? ''])),
      ...passwordPolicyOf(config),
    });
  });
}
