import { defineModule } from '../../../module.js';
import { sysConfigRoutes } from './routes.js';
import { seedSysConfig } from './seed.js';

/** System settings (key/value rows): the product's name and logos, the password policy, sign-in options. */
export default defineModule({
  name: 'sysConfig',
  tables: ['base_sys_config'],
  routes: (app, ctx) => sysConfigRoutes(app, { db: ctx.db }),
  seed: seedSysConfig,
});
