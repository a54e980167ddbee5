import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { billRuleMessages } from '../locale/messages.js';
import * as caseInsensitiveCode from './migrations/0006_billRule_code_case_insensitive.js';
import * as creatorAndModified from './migrations/0007_billRule_creator_and_modified.js';
import { billRuleRoutes } from './routes.js';
import { BILL_RULE_MENU } from './service.js';
import { seedBillRules } from './seed.js';

/** Bill (numbering) rules and the numbers they issue (spec 001 §5, §7). */
export default defineModule({
  name: 'billRule',
  menus: menuFile.menus,
  tables: ['base_bill_rule'],
  messages: billRuleMessages,
  migrations: { '0006_billRule_code_case_insensitive': caseInsensitiveCode, '0007_billRule_creator_and_modified': creatorAndModified },
  routes: (app, ctx) => billRuleRoutes(app, { db: ctx.db }),
  seed: seedBillRules,
  permissions: [{ menu: BILL_RULE_MENU, buttons: ['btn_add', 'btn_edit', 'btn_remove', 'btn_export'] }],
});
