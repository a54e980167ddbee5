import { defineModule } from '../../module.js';
import { usersMessages } from './messages.js';
import * as passwordKeyMigration from './migrations/0006_users_password_key.js';
import { profileRoutes } from './profileRoutes.js';
import { seedUsers } from './seed.js';
import { userImageRoutes } from './userImages.js';

/**
 * Users and the organisation they belong to: accounts, companies and departments, positions, memberships, the
 * signed-in user's own profile calls, avatars and signature images, and the password change. Other modules
 * change a user through repository.ts.
 */
export default defineModule({
  name: 'users',
  tables: ['base_user', 'base_user_relation', 'base_user_image', 'base_organize', 'base_position', 'base_password_key'],
  messages: usersMessages,
  migrations: { '0006_users_password_key': passwordKeyMigration },
  routes: async (app, ctx) => {
    await profileRoutes(app, { db: ctx.db });
    await userImageRoutes(app, { db: ctx.db });
  },
  seed: seedUsers,
});
