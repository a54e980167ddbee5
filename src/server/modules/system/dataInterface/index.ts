import { defineModule } from '../../../module.js';

/** Data interfaces (issue 13, spec 000 §7 DataInterface): not built yet. */
export default defineModule({
  name: 'dataInterface',
});
