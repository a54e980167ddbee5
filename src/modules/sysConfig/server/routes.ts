import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { readsConfiguration } from '../../../kernel/server/plugins/permission.js';
import { SYS_CONFIG_MENU } from './menu.js';
import { SECRET_KEYS, THIRD_PARTY_KEYS, settingsToStore, writeSysConfig } from './settings.js';
import { COMPANY_KEYS, PASSWORD_POLICY_KEYS, SYS_CONFIG_INFO_KEYS, passwordPolicyOf, readSysConfig } from './store.js';
import { requestAccessToken, type Platform, type ThirdPartyOptions } from './thirdParty.js';

/**
 * The system configuration calls of spec 001 §7 (System config and synchronisation). GET is readable by every
 * signed-in user: JNPF clients read the password policy from it on the password-change form and the forced first
 * change; the third-party settings are answered only to who opens the configuration page, and secrets never.
 * Changes are the configuration page's (system.sysConfig, the administrator's by default). The page's
 * administrators tab calls the users module, which owns the administrator flag (users/server/administratorRoutes.ts).
 */
const page = { config: { permission: { menu: SYS_CONFIG_MENU } } };

const credentialsBody = {
  type: 'object',
  properties: Object.fromEntries([...THIRD_PARTY_KEYS, ...SECRET_KEYS].map((key) => [key, { type: ['string', 'null'], maxLength: 200 }])),
} as const;

export interface SysConfigRouteContext {
  db: Kysely<DB>;
  thirdParty: ThirdPartyOptions;
}

export async function sysConfigRoutes(app: FastifyInstance, ctx: SysConfigRouteContext): Promise<void> {
  const { db } = ctx;

  app.get('/api/system/SysConfig', async (request) => {
    const config = await readSysConfig(db, [...SYS_CONFIG_INFO_KEYS, ...COMPANY_KEYS, ...PASSWORD_POLICY_KEYS, ...THIRD_PARTY_KEYS, ...SECRET_KEYS]);
    const configurer = await readsConfiguration(request, SYS_CONFIG_MENU);
    return ok({
      ...Object.fromEntries([...SYS_CONFIG_INFO_KEYS, ...COMPANY_KEYS].map((key) => [key, config[key] ?? ''])),
      ...passwordPolicyOf(config),
      ...(configurer
        ? {
            ...Object.fromEntries(THIRD_PARTY_KEYS.map((key) => [key, config[key] ?? ''])),
            // Secrets are never sent back: the form shows whether one is stored, and an empty field keeps it.
            ...Object.fromEntries(SECRET_KEYS.map((key) => [key, ''])),
            ...Object.fromEntries(SECRET_KEYS.map((key) => [`${key}Stored`, Boolean(config[key])])),
          }
        : {}),
    });
  });

  app.put<{ Body: Record<string, unknown> }>('/api/system/SysConfig', { schema: { body: { type: 'object', maxProperties: 200 } }, ...page }, async (request) => {
    await writeSysConfig(db, settingsToStore(request.body));
    return ok(null, request.t('sysConfig.saved'));
  });

  /** The credentials of a test: the form's values, or the stored ones where the form left a field empty. */
  const credentials = async (request: FastifyRequest<{ Body: Record<string, string | null | undefined> }>, idKey: string, secretKey: string, names: [string, string]) => {
    const stored = await readSysConfig(db, [idKey, secretKey]);
    const id = request.body?.[idKey]?.trim() || stored[idKey] || '';
    const secret = request.body?.[secretKey]?.trim() || stored[secretKey] || '';
    if (!id) throw AppError.badRequest('sysConfig.credentialsRequired', { field: names[0] });
    if (!secret) throw AppError.badRequest('sysConfig.credentialsRequired', { field: names[1] });
    return { id, secret };
  };

  app.post<{ Body: Record<string, string | null | undefined> }>('/api/system/SysConfig/testDingTalkConnect', { schema: { body: credentialsBody }, ...page }, async (request) => {
    await requestAccessToken(ctx.thirdParty, 'dingTalk', await credentials(request, 'dingSynAppKey', 'dingSynAppSecret', ['AppKey', 'AppSecret']));
    return ok(null, request.t('sysConfig.connected'));
  });

  // type 0 tests the agent that sends messages, 1 the address book that synchronises the organisation.
  app.post<{ Params: { type: string }; Body: Record<string, string | null | undefined> }>(
    '/api/system/SysConfig/:type/testQyWebChatConnect',
    { schema: { params: { type: 'object', properties: { type: { type: 'string', maxLength: 5 } } }, body: credentialsBody }, ...page },
    async (request) => {
      const { type } = request.params;
      if (type !== '0' && type !== '1') throw AppError.badRequest('sysConfig.testTypeInvalid');
      const secretKey = type === '0' ? 'qyhAgentSecret' : 'qyhCorpSecret';
      await requestAccessToken(ctx.thirdParty, 'weCom', await credentials(request, 'qyhCorpId', secretKey, ['CorpId', 'Secret']));
      return ok(null, request.t('sysConfig.connected'));
    },
  );

  // ---- SynThirdInfo: synchronising the organisation and users to DingTalk (type 2) or WeCom (type 1) ----
  const SYN = '/api/system/SynThirdInfo';
  app.get<{ Params: { type: string } }>(`${SYN}/getSynThirdTotal/:type`, { schema: { params: { type: 'object', properties: { type: { type: 'string', maxLength: 5 } } } }, ...page }, async (request) => {
    if (request.params.type !== '1' && request.params.type !== '2') throw AppError.badRequest('sysConfig.thirdTypeInvalid');
    const [organizations, users] = await Promise.all([
      db.selectFrom('base_organize').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      db.selectFrom('base_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    // Nothing has been synchronised yet (synchronisation itself is not built): every record counts as pending.
    const row = (synType: string, total: number) => ({ synType, recordTotal: total, synDate: null, synSuccessCount: 0, synFailCount: 0, unSynCount: total });
    return ok([row('组织', Number(organizations.n)), row('用户', Number(users.n))]);
  });

  const syncs: [string, Platform, string, string, [string, string]][] = [
    ['synAllOrganizeSysToDing', 'dingTalk', 'dingSynAppKey', 'dingSynAppSecret', ['AppKey', 'AppSecret']],
    ['synAllUserSysToDing', 'dingTalk', 'dingSynAppKey', 'dingSynAppSecret', ['AppKey', 'AppSecret']],
    ['synAllOrganizeSysToQy', 'weCom', 'qyhCorpId', 'qyhCorpSecret', ['CorpId', 'Secret']],
    ['synAllUserSysToQy', 'weCom', 'qyhCorpId', 'qyhCorpSecret', ['CorpId', 'Secret']],
  ];
  for (const [name, platform, idKey, secretKey, names] of syncs) {
    app.get(`${SYN}/${name}`, page, async (request) => {
      // Reaching the platform is checked for real; what would follow (pushing departments and users) is not built.
      await requestAccessToken(ctx.thirdParty, platform, await credentials(request as FastifyRequest<{ Body: Record<string, string> }>, idKey, secretKey, names));
      throw AppError.badRequest(platform === 'dingTalk' ? 'sysConfig.dingTalkSyncNotBuilt' : 'sysConfig.weComSyncNotBuilt');
    });
  }
}
