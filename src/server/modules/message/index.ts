import { defineModule } from '../../module.js';
import { messageMessages } from './messages.js';
import * as tables from './migrations/0030_message_tables.js';
import { NOTICE_BUTTONS, NOTICE_MENU, TEMPLATE_BUTTONS, TEMPLATE_MENU, messageRoutes } from './routes.js';
import { seedMessages } from './seed.js';
import { messageSocketRoutes } from './socketRoutes.js';
import { UnreadPush } from './unreadPush.js';

/**
 * In-app messages: each user's message list with read marks and unread counts, the notices released into it, the
 * message templates, and the websocket JNPF clients open after sign-in (its greeting and unread-count pushes;
 * chat comes later).
 */
export default defineModule({
  name: 'message',
  tables: ['base_notice', 'base_message', 'base_msg_template', 'base_msg_template_param'],
  messages: messageMessages,
  migrations: { '0030_message_tables': tables },
  routes: async (app, ctx) => {
    const unread = new UnreadPush(ctx.db, ctx.infra.events);
    await messageRoutes(app, { db: ctx.db, notifyUsers: (ids) => unread.notify(ids) });
    await messageSocketRoutes(app, { db: ctx.db, idleMinutes: ctx.config.sessionIdleMinutes, unread });
  },
  seed: seedMessages,
  permissions: [
    { menu: NOTICE_MENU, buttons: NOTICE_BUTTONS },
    { menu: TEMPLATE_MENU, buttons: TEMPLATE_BUTTONS },
  ],
});
