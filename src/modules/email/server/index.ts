import { defineModule } from '../../../kernel/server/module.js';
import { emailMessages } from '../locale/messages.js';
import * as tables from './migrations/0044_email_tables.js';
import { emailRoutes } from './routes.js';
import { seedEmail } from './seed.js';

/** In-app mail (JNPF's extend/Email): each user's inbox, sent mail and drafts, and the mail /emailDetail shows. */
export default defineModule({
  name: 'email',
  tables: ['base_email_send', 'base_email_receive'],
  messages: emailMessages,
  migrations: { '0044_email_tables': tables },
  routes: (app, ctx) => emailRoutes(app, ctx.db),
  seed: seedEmail,
});
