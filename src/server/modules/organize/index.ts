import { defineModule } from '../../module.js';
import * as treeAndGroups from './migrations/0011_organize_tree_groups.js';
import { seedOrganisation } from './seed.js';

/**
 * The organisation: companies and departments (one tree, /permission/Organize), positions (/permission/Position)
 * and user groups (/permission/Group). Users belong to them through the users module's memberships.
 */
export default defineModule({
  name: 'organize',
  tables: ['base_organize', 'base_position', 'base_group'],
  migrations: { '0011_organize_tree_groups': treeAndGroups },
  seed: seedOrganisation,
});
