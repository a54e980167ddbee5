import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { sysConfigMessages } from '../locale/messages.js';
import { SYS_CONFIG_MENU } from './menu.js';
import { sysConfigRoutes } from './routes.js';
import { claimSeed, isSeeded, seedSysConfig } from './seed.js';
import { thirdPartyOptionsFromEnv } from './thirdParty.js';

/**
 * System settings (key/value rows): the product's name and logos, the password policy, the DingTalk and WeCom
 * connections. The system log page is the users module's, which owns the account log. The configuration screen's administrators tab
 * is served by the users module, which owns the flag.
 */
export default defineModule({
  name: 'sysConfig',
  menus: menuFile.menus,
  tables: ['base_sys_config'],
  messages: sysConfigMessages,
  routes: async (app, ctx) => {
    await sysConfigRoutes(app, { db: ctx.db, thirdParty: thirdPartyOptionsFromEnv() });
  },
  seed: seedSysConfig,
  seedMarker: { isSeeded, claim: claimSeed },
  permissions: [{ menu: SYS_CONFIG_MENU, buttons: [] }],
});
