import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { administratorRoutes } from './administratorRoutes.js';
import { passwordHashing } from './passwordStore.js';
import { usersMessages } from '../locale/messages.js';
import * as passwordKeyMigration from './migrations/0006_users_password_key.js';
import * as lockAndDescription from './migrations/0013_users_lock_and_description.js';
import * as sysLogUserAgent from './migrations/0045_users_sys_log_user_agent.js';
import { profileRoutes } from './profileRoutes.js';
import { seedUsers } from './seed.js';
import { SYS_LOG_MENU, sysLogRoutes } from './sysLogRoutes.js';
import { userImageRoutes } from './userImages.js';
import { userImportRoutes } from './userImport.js';
import { userPickerRoutes } from './userPickerRoutes.js';
import { USER_MENU, userRoutes } from './userRoutes.js';

/**
 * Users: accounts, their memberships (organisations, positions, roles, groups), the administration screen's calls,
 * the pickers' calls, the users import and export, the signed-in user's own profile calls, avatars and signature
 * images, the password change, choosing the administrators (the system configuration screen's tab), and the account
 * log with the system log page that reads it. Other
 * modules change a user through repository.ts.
 */
export default defineModule({
  name: 'users',
  menus: menuFile.menus,
  tables: ['base_user', 'base_user_relation', 'base_user_image', 'base_password_key', 'base_sys_log'],
  messages: usersMessages,
  migrations: { '0006_users_password_key': passwordKeyMigration, '0013_users_lock_and_description': lockAndDescription, '0045_users_sys_log_user_agent': sysLogUserAgent },
  routes: async (app, ctx) => {
    ctx.infra.metrics.labelledGauge('labcode_password_hashes', 'Password hashes (argon2id) of this process, by state: running, or queued for a place in the pool', ['state'], () => [
      { labels: { state: 'running' }, value: passwordHashing.running() },
      { labels: { state: 'queued' }, value: passwordHashing.queued() },
    ]);
    await profileRoutes(app, { db: ctx.db, infra: ctx.infra, events: ctx.infra.events, signIn: ctx.signIn });
    await userImageRoutes(app, { db: ctx.db });
    await userRoutes(app, { db: ctx.db, events: ctx.infra.events, infra: ctx.infra, signIn: ctx.signIn });
    await userPickerRoutes(app, { db: ctx.db, infra: ctx.infra });
    await userImportRoutes(app, { db: ctx.db });
    await administratorRoutes(app, { db: ctx.db });
    await sysLogRoutes(app, { db: ctx.db });
  },
  seed: seedUsers,
  permissions: [
    { menu: USER_MENU, buttons: ['btn_add', 'btn_edit', 'btn_remove', 'btn_resetPassword', 'btn_import', 'btn_export'] },
    { menu: SYS_LOG_MENU, buttons: [] },
  ],
});
