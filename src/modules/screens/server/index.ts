import { defineModule } from '../../../kernel/server/module.js';
import { fileScreenSource } from './fileScreenSource.js';
import { screensMessages } from '../locale/messages.js';
import { screenRoutes } from './routes.js';

/** Screen documents for the page runtime, from the shipped files, checked against the caller's menu. */
export default defineModule({
  name: 'screens',
  messages: screensMessages,
  routes: (app, ctx) => screenRoutes(app, { db: ctx.db, source: fileScreenSource() }),
});
