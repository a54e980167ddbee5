import { defineModule } from '../../module.js';
import { usersMessages } from './messages.js';
import * as passwordKeyMigration from './migrations/0006_users_password_key.js';
import * as lockAndDescription from './migrations/0013_users_lock_and_description.js';
import { profileRoutes } from './profileRoutes.js';
import { seedUsers } from './seed.js';
import { userImageRoutes } from './userImages.js';

/**
 * Users: accounts, their memberships (organisations, positions, roles, groups), the signed-in user's own profile
 * calls, avatars and signature images, and the password change. Other modules change a user through repository.ts.
 */
export default defineModule({
  name: 'users',
  tables: ['base_user', 'base_user_relation', 'base_user_image', 'base_password_key'],
  messages: usersMessages,
  migrations: { '0006_users_password_key': passwordKeyMigration, '0013_users_lock_and_description': lockAndDescription },
  routes: async (app, ctx) => {
    await profileRoutes(app, { db: ctx.db });
    await userImageRoutes(app, { db: ctx.db });
  },
  seed: seedUsers,
});
