import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { emailMessages } from '../locale/messages.js';
import * as tables from './migrations/0044_email_tables.js';
import { emailRoutes } from './routes.js';
import { seedEmail } from './seed.js';

/** In-app mail (JNPF's extend/Email): each user's inbox, sent mail and drafts, and the mail /emailDetail shows. */
export default defineModule({
  name: 'email',
  // 邮件收发 under 消息中心 (the message module's directory): every user's own mailbox, so no buttons guard it.
  menus: menuFile.menus,
  tables: ['base_email_send', 'base_email_receive'],
  messages: emailMessages,
  migrations: { '0044_email_tables': tables },
  routes: (app, ctx) => emailRoutes(app, ctx.db),
  seed: seedEmail,
});
