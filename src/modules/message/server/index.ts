import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { messageMessages } from '../locale/messages.js';
import * as tables from './migrations/0030_message_tables.js';
import * as chatTables from './migrations/0040_message_chat.js';
import * as dictionaries from './migrations/0048_message_dictionaries.js';
import { ChatPush } from './chat/chatPush.js';
import { chatMessages } from '../locale/chatMessages.js';
import { chatRoutes } from './chat/routes.js';
import { NOTICE_BUTTONS, NOTICE_MENU, TEMPLATE_BUTTONS, messageRoutes } from './routes.js';
import { TEMPLATE_MENU } from './templates.js';
import { seedMessages } from './seed.js';
import { messageSocketRoutes } from './socketRoutes.js';
import { UnreadPush } from './unreadPush.js';
import { SessionEndPush } from './sessionEndPush.js';

/**
 * In-app messages: each user's message list with read marks and unread counts, the notices released into it, the
 * message templates, the websocket JNPF clients open after sign-in (its greeting and unread-count pushes), and
 * the chat between users over that socket (chat/).
 */
export default defineModule({
  name: 'message',
  menus: menuFile.menus,
  tables: ['base_notice', 'base_message', 'base_msg_template', 'base_msg_template_param', 'base_im_content', 'base_im_reply'],
  messages: { ...messageMessages, ...chatMessages },
  migrations: { '0030_message_tables': tables, '0040_message_chat': chatTables, '0048_message_dictionaries': dictionaries },
  routes: async (app, ctx) => {
    const unread = new UnreadPush(ctx.db, ctx.infra.events);
    await messageRoutes(app, { db: ctx.db, notifyUsers: (ids) => unread.notify(ids) });
    const chat = new ChatPush(ctx.db, ctx.infra.events);
    await chatRoutes(app, ctx.db);
    const sessionEnd = new SessionEndPush(ctx.infra.events);
    await messageSocketRoutes(app, { db: ctx.db, authenticate: ctx.signIn.authenticate, unread, chat, sessionEnd, metrics: ctx.infra.metrics });
  },
  seed: seedMessages,
  permissions: [
    { menu: NOTICE_MENU, buttons: NOTICE_BUTTONS },
    { menu: TEMPLATE_MENU, buttons: TEMPLATE_BUTTONS },
  ],
});
