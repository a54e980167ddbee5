import { defineModule } from '../../module.js';
import { permissionMessages } from './messages.js';
import { permissionRoutes } from './routes.js';
import { seedPermissions } from './seed.js';
import * as jnpfPageNames from './migrations/0009_permission_jnpf_page_names.js';
import * as granteesAndSchemes from './migrations/0012_permission_grantees_and_data_schemes.js';

/** Roles, menus with their buttons, columns and forms, grants, and each user's column settings (spec 000 §6). */
export default defineModule({
  name: 'permission',
  tables: ['base_role', 'base_module', 'base_module_button', 'base_module_column', 'base_module_form', 'base_authorize', 'base_column_setting', 'base_role_organize', 'base_module_data_scheme'],
  messages: permissionMessages,
  migrations: { '0009_permission_jnpf_page_names': jnpfPageNames, '0012_permission_grantees_and_data_schemes': granteesAndSchemes },
  routes: (app, ctx) => permissionRoutes(app, { db: ctx.db }),
  seed: seedPermissions,
});
