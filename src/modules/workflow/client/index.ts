import { createElement, lazy, Suspense } from 'react';
import { registerAction } from '../../../kernel/client/runtime/page/actions.js';
import { fillValue } from '../../../kernel/client/runtime/page/template.js';
import './words.js';

/**
 * The workflow's client: its words, and the action `flowChainEditor` of the 功能设计 screen (流程配置, a design's
 * approval chain). The lists 我发起的 / 待办事宜 / 已办事宜 are JSON screens (schemas/workflow/workFlow) whose rows
 * open /workFlowDetail (WorkFlowDetailPage, a fixed route) with the built-in link action.
 */
const FlowChainEditor = lazy(async () => ({ default: (await import('./FlowChainEditor.js')).FlowChainEditor }));

/** {actionType: 'flowChainEditor', id?}: the chain of the row's design ({id} by default). */
registerAction('flowChainEditor', (action, env) => {
  const id = fillValue(action.id ?? '{id}', env.context);
  if (id === undefined || id === null || id === '') return;
  const name = String((env.context.row as Record<string, unknown> | undefined)?.fullName ?? '');
  env.open((close) => createElement(Suspense, { fallback: null }, createElement(FlowChainEditor, { id: String(id), name, onClose: close })));
});
