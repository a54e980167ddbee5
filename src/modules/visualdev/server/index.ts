import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import design from './design/index.js';
import onlineData from './onlineData/index.js';
import generator from './generator/index.js';

/**
 * Online development (issue 13, spec 001 §7 Online development): designs of forms and lists, their release to a
 * menu, the records of released designs in tables of their own, and code generation. The three parts keep their
 * own files; this joins them.
 */
const parts = [design, onlineData, generator] as const;

export default defineModule({
  name: 'visualdev',
  menus: menuFile.menus,
  tables: parts.flatMap((p) => p.tables),
  messages: { ...design.messages, ...onlineData.messages, ...generator.messages },
  migrations: Object.assign({}, ...parts.map((p) => p.migrations)),
  routes: async (app, ctx) => {
    for (const part of parts) await part.routes(app, ctx);
  },
  seed: async (trx, ctx) => {
    for (const part of parts) await part.seed?.(trx, ctx);
  },
  permissions: parts.flatMap((p) => p.permissions),
});
