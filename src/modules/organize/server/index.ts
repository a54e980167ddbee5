import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { organizeMessages } from '../locale/messages.js';
import * as treeAndGroups from './migrations/0011_organize_tree_groups.js';
import * as uniqueCodes from './migrations/0015_organize_unique_codes.js';
import * as particulars from './migrations/0049_organize_particulars.js';
import { DEPARTMENT_MENU, GROUP_MENU, ORGANIZE_BUTTONS, ORGANIZE_MENU, POSITION_MENU } from './menus.js';
import { organizeRoutes } from './routes.js';
import { seedOrganisation } from './seed.js';

/**
 * The organisation: companies and departments (one tree, /permission/Organize), positions (/permission/Position)
 * and user groups (/permission/Group). Users belong to them through the users module's memberships.
 */
export default defineModule({
  name: 'organize',
  menus: menuFile.menus,
  tables: ['base_organize', 'base_position', 'base_group'],
  messages: organizeMessages,
  migrations: { '0011_organize_tree_groups': treeAndGroups, '0015_organize_unique_codes': uniqueCodes, '0049_organize_particulars': particulars },
  routes: (app, ctx) => organizeRoutes(app, { db: ctx.db, infra: ctx.infra }),
  seed: seedOrganisation,
  permissions: [ORGANIZE_MENU, DEPARTMENT_MENU, POSITION_MENU, GROUP_MENU].map((menu) => ({ menu, buttons: ORGANIZE_BUTTONS })),
});
