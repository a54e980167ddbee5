import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { dictionaryMessages } from '../locale/messages.js';
import * as caseInsensitiveCodes from './migrations/0006_dictionary_codes_case_insensitive.js';
import * as businessType from './migrations/0010_dictionary_business_type.js';
import * as jnpfCategories from './migrations/0046_dictionary_jnpf_categories.js';
import { DICTIONARY_MENU, dictionaryRoutes } from './routes.js';
import { seedDictionaries } from './seed.js';

/** Dictionaries: categories in a tree and their entries (spec 001 §2, §5, §7). */
export default defineModule({
  name: 'dictionary',
  menus: menuFile.menus,
  tables: ['base_dictionary_type', 'base_dictionary_data'],
  messages: dictionaryMessages,
  migrations: { '0006_dictionary_codes_case_insensitive': caseInsensitiveCodes, '0010_dictionary_business_type': businessType, '0046_dictionary_jnpf_categories': jnpfCategories },
  routes: (app, ctx) => dictionaryRoutes(app, { db: ctx.db }),
  seed: seedDictionaries,
  permissions: [{ menu: DICTIONARY_MENU, buttons: ['btn_add', 'btn_edit', 'btn_remove', 'btn_export'] }],
});
