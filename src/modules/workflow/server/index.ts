import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { registerRecordHooks } from '../../onlineData/server/public.js';
import { assertRecordEditable, launch } from './engine.js';
import { workflowMessages } from '../locale/messages.js';
import * as tables from './migrations/0041_workflow_tables.js';
import { DESIGN_MENU, WORDS_BUTTONS, WORDS_MENU, workflowRoutes } from './routes.js';
import { seedWorkflow } from './seed.js';

/**
 * The workflow (issue 16 item 5): a linear approval chain per online-development design, the flows started on its
 * records, the to-do / done / launched lists, /workFlowDetail's flow with its actions, and 审批常用语. A record of a
 * design with an enabled chain starts a flow when it is created, and is neither edited nor deleted while its
 * flow waits or after it was adopted (the onlineData module's record hooks).
 */
registerRecordHooks('workflow', {
  created: async (trx, event) => {
    const body = event.body as { flowUrgent?: unknown } | undefined;
    await launch(trx, { designId: event.designId, recordId: event.recordId, userId: event.userId, flowUrgent: body?.flowUrgent, quiet: true });
  },
  changing: (trx, event) => assertRecordEditable(trx, event.designId, event.recordId),
});

export default defineModule({
  name: 'workflow',
  menus: menuFile.menus,
  tables: ['flow_chain', 'flow_task', 'flow_operator', 'flow_record', 'flow_common_words'],
  messages: workflowMessages,
  migrations: { '0041_workflow_tables': tables },
  routes: (app, ctx) => workflowRoutes(app, { db: ctx.db }),
  seed: seedWorkflow,
  permissions: [
    { menu: WORDS_MENU, buttons: WORDS_BUTTONS },
    { menu: DESIGN_MENU, buttons: ['btn_edit'] },
  ],
});
