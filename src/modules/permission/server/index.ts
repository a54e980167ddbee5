import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { createGrantStore } from './grants.js';
import { permissionMessages } from '../locale/messages.js';
import { permissionRoutes } from './routes.js';
import { AUTHORIZE_MENU, ROLE_MENU } from './roles.js';
import { seedPermissions } from './seed.js';
import * as jnpfPageNames from './migrations/0009_permission_jnpf_page_names.js';
import * as granteesAndSchemes from './migrations/0012_permission_grantees_and_data_schemes.js';
import * as roleCreated from './migrations/0013_permission_role_created.js';
import * as permissionGroups from './migrations/0047_permission_groups.js';

/**
 * Roles, menus with their buttons, columns, forms and data schemes, grants to roles, positions, users, groups and
 * permission groups, and each user's column settings (spec 000 §6, §7 Roles and Authority).
 */
export default defineModule({
  name: 'permission',
  menus: menuFile.menus,
  tables: ['base_role', 'base_module', 'base_module_button', 'base_module_column', 'base_module_form', 'base_authorize', 'base_column_setting', 'base_role_organize', 'base_module_data_scheme', 'base_permission_group', 'base_permission_group_member'],
  messages: permissionMessages,
  migrations: {
    '0009_permission_jnpf_page_names': jnpfPageNames,
    '0012_permission_grantees_and_data_schemes': granteesAndSchemes,
    '0013_permission_role_created': roleCreated,
    '0047_permission_groups': permissionGroups,
  },
  grants: ({ db, infra }) => createGrantStore(db, infra),
  routes: (app, ctx) => permissionRoutes(app, { db: ctx.db }),
  seed: seedPermissions,
  permissions: [
    { menu: ROLE_MENU, buttons: ['btn_add', 'btn_edit', 'btn_remove', 'btn_authorize'] },
    { menu: AUTHORIZE_MENU, buttons: ['btn_add', 'btn_edit', 'btn_remove'] },
  ],
});
