import { defineModule } from '../../module.js';
import { fileRoutes } from './routes.js';

/** Files made for a user (exports) and their downloads; uploads come with the files issue. */
export default defineModule({
  name: 'file',
  tables: ['base_file_blob'],
  routes: (app, ctx) => fileRoutes(app, { db: ctx.db }),
});
