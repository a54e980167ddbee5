import { defineModule } from '../../../module.js';
import { seedSysConfig } from './seed.js';

/** System settings (key/value rows): the product's name and logos, the password policy, sign-in options. */
export default defineModule({
  name: 'sysConfig',
  tables: ['base_sys_config'],
  seed: seedSysConfig,
});
