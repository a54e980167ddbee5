import type { ReactNode } from 'react';
import { message } from 'antd';
import type { TFunction } from 'i18next';
import { createRegistry, isFunction } from './registry.js';
import type { ActionSpec } from './screen.js';
import type { Context } from './template.js';

/**
 * Actions: what a button does, registered by `actionType` (request, dialog, drawer, link, download, confirm,
 * reload, and whatever integrators add). A handler gets the action's JSON and an environment from the node that
 * runs it: the template context (the row, the tree's choice, the search), how to reload, how to show a dialog or
 * drawer, how to navigate, and how to run another action (confirm wraps one).
 */
export interface ActionEnv {
  context: Context;
  modelId?: string;
  reload(): Promise<void>;
  /** Shows an overlay the node hosts until `close` is called. */
  open(render: (close: () => void) => ReactNode): void;
  navigate(to: string): void;
  run(action: ActionSpec): Promise<void>;
  t: TFunction;
  language: string;
}

export type ActionHandler = (action: ActionSpec, env: ActionEnv) => Promise<void> | void;

const actions = createRegistry<ActionHandler>('action', isFunction, 'a function (action, env) => void');

export const registerAction = actions.register;
export const actionTypes = actions.names;
export const hasAction = (actionType: string) => actions.get(actionType) !== undefined;

/** Runs an action; an actionType nobody registered says so and does nothing. */
export async function runAction(action: ActionSpec, env: ActionEnv): Promise<void> {
  const handler = actions.get(action.actionType);
  if (!handler) {
    void message.error({ content: env.t('page.unknownAction', { actionType: action.actionType }), duration: 3 });
    return;
  }
  await handler(action, env);
}
