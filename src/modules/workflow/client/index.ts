import { lazy } from 'react';
import { suspended } from '../../../kernel/client/components/suspended.js';
import { registerAction } from '../../../kernel/client/runtime/page/actions.js';
import { actionRecordId, rowFullName } from '../../../kernel/client/runtime/page/actionRecord.js';
import './words.js';

/**
 * The workflow's client: its words, and the action `flowChainEditor` of the 功能设计 screen (流程配置, a design's
 * approval chain). The lists 我发起的 / 待办事宜 / 已办事宜 are JSON screens (schemas/workflow/workFlow) whose rows
 * open /workFlowDetail (WorkFlowDetailPage, a fixed route) with the built-in link action.
 */
const FlowChainEditor = lazy(async () => ({ default: (await import('./FlowChainEditor.js')).FlowChainEditor }));

/** {actionType: 'flowChainEditor', id?}: the chain of the row's design ({id} by default). */
registerAction('flowChainEditor', (action, env) => {
  const id = actionRecordId(action, env.context);
  if (!id) return;
  env.open((close) => suspended(FlowChainEditor, { id, name: rowFullName(env.context), onClose: close }));
});
