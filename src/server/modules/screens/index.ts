import { defineModule } from '../../module.js';
import { fileScreenSource } from './fileScreenSource.js';
import { screenRoutes } from './routes.js';

/** Screen documents for the page runtime, from the shipped files, checked against the caller's menu. */
export default defineModule({
  name: 'screens',
  routes: (app, ctx) => screenRoutes(app, { db: ctx.db, source: fileScreenSource() }),
});
