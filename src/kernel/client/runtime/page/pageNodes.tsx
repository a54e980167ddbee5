import { useMemo, type ComponentType } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { createRegistry, isComponent } from './registry.js';
import type { PageNodeSpec } from './screen.js';
import type { Context } from './template.js';

/**
 * Page nodes: what a screen is made of (list, tree, cards, steps, tabs, form, descriptions...), each a component
 * registered under its `type`. A node gets its JSON and a scope: the template context its calls are filled from
 * (a tree's choice, a row), the permission model, how to reload what contains it, and how to close the dialog or
 * drawer it sits in.
 */
export interface NodeScope {
  modelId?: string;
  context: Context;
  reload?: () => Promise<void>;
  close?: () => void;
}

export interface PageNodeProps<Node extends PageNodeSpec = PageNodeSpec> {
  node: Node;
  scope: NodeScope;
}

const nodes = createRegistry<ComponentType<PageNodeProps<never>>>('page node', isComponent, 'a React component');

export function registerPageNode<Node extends PageNodeSpec>(type: string, component: ComponentType<PageNodeProps<Node>>): void {
  nodes.register(type, component as ComponentType<PageNodeProps<never>>);
}

export const pageNodeTypes = nodes.names;

/** Renders a node by its type; a type nobody registered says so where the node would be. */
export function PageNode({ node, scope }: PageNodeProps) {
  const { t } = useTranslation();
  const Component = useMemo(() => nodes.get(node.type), [node.type]) as ComponentType<PageNodeProps> | undefined;
  if (!Component) return <Alert type="error" showIcon message={t('page.unknownNode', { type: node.type })} data-testid="unknown-node" />;
  return <Component node={node} scope={scope} />;
}
