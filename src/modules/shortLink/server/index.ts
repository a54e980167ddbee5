import { defineModule } from '../../../kernel/server/module.js';
import { shortLinkMessages } from '../locale/messages.js';
import { WEB_DESIGN_MENU } from '../../visualdev/server/public.js';
import * as shortLinkTable from './migrations/0050_shortLink_table.js';
import { shortLinkRoutes } from './routes.js';

/** Form short links (spec 000 §2 /formShortLink): a released design's form filled by link, without signing in. */
export default defineModule({
  name: 'shortLink',
  tables: ['base_visual_short_link'],
  migrations: { '0050_shortLink_table': shortLinkTable },
  messages: shortLinkMessages,
  routes: (app, ctx) => shortLinkRoutes(app, { db: ctx.db, signIn: ctx.signIn }),
  permissions: [{ menu: WEB_DESIGN_MENU, buttons: ['btn_edit'] }],
});
