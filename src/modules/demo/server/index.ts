import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { seedDemo } from './seed.js';

/**
 * The product's sample entries in the menu: an online form released from a design (with a few samples in it), a
 * big screen, the manual and a PubChem link. They show a new installation each kind of menu entry; the module has
 * no calls or tables of its own.
 */
export default defineModule({
  name: 'demo',
  menus: menuFile.menus,
  seed: seedDemo,
});
