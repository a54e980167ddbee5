import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };

/**
 * The product's sample entries in the menu: a generated form, a big screen, the manual and a PubChem link. They show
 * a new installation each kind of menu entry; they have no calls or tables of their own.
 */
export default defineModule({
  name: 'demo',
  menus: menuFile.menus,
});
