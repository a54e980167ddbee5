import { defineModule } from '../../module.js';
import { messageSocketRoutes } from './socketRoutes.js';

/** In-app messages: for now the websocket JNPF clients open after sign-in (its greeting); chat comes later. */
export default defineModule({
  name: 'message',
  routes: (app, ctx) => messageSocketRoutes(app, { db: ctx.db, idleMinutes: ctx.config.sessionIdleMinutes }),
});
