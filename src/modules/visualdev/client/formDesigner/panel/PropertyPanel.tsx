import { lazy, Suspense, useMemo } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { getWidget } from '../../../../../../registry/registerWidget.js';
import type { FieldDefinition } from '../../../../../shared/form/definition.js';
import { eachNode, findNode, jnpfKeyOf, roleOf, type DesignTree } from '../model/designTree.js';
import { nodeIdsByPath } from '../model/nodePaths.js';
import { updateField } from '../model/operations.js';
import type { DesignProblem } from '../validateDesign.js';
import { CommonProperties } from './CommonProperties.js';
import { FormProperties } from './FormProperties.js';
import { PanelErrorBoundary } from './PanelErrorBoundary.js';

/** rjsf and its widgets load when a widget is first selected: the designer opens on the palette and canvas alone. */
const WidgetProperties = lazy(async () => ({ default: (await import('./WidgetProperties.js')).WidgetProperties }));

export interface PanelProps {
  tree: DesignTree;
  selectedId: string | undefined;
  problems: readonly DesignProblem[];
  apply(change: (tree: DesignTree) => DesignTree, coalesce?: string): void;
}

export function PropertyPanel({ tree, selectedId, problems, apply }: PanelProps) {
  const { t } = useTranslation();
  const place = selectedId ? findNode(tree.nodes, selectedId) : undefined;
  const ownProblems = useMemo(() => {
    if (!place) return [];
    const ids = nodeIdsByPath(tree.nodes);
    return problems.filter((problem) => ids.get(problem.path) === place.node.id);
  }, [place, problems, tree.nodes]);

  // Every field of the design, for the props that name another field (an attribute's relation field).
  const designFields = useMemo(() => {
    const fields: FieldDefinition[] = [];
    eachNode(tree.nodes, (node) => fields.push(node.field));
    return fields;
  }, [tree.nodes]);

  const fieldTab = () => {
    if (!place) return <p className="fd-panel-hint">{t('formDesigner.panel.nothing')}</p>;
    const { node } = place;
    const widget = getWidget(jnpfKeyOf(node));
    const change = (update: (field: FieldDefinition) => FieldDefinition, coalesce?: string) => apply((current) => updateField(current, node.id, update), coalesce ? `${node.id}:${coalesce}` : undefined);
    return (
      <div className="fd-panel-field" data-panel-for={node.id}>
        <CommonProperties tree={tree} place={place} role={roleOf(node, place.parent)} widget={widget} problems={ownProblems} change={change} />
        {widget ? (
          <section className="fd-panel-section">
            <h4>{t('formDesigner.panel.widget')}</h4>
            <PanelErrorBoundary key={node.id}>
              <Suspense fallback={<p className="fd-panel-hint">{t('formDesigner.panel.loading')}</p>}>
                <WidgetProperties widget={widget} field={node.field} fields={designFields} onChange={(next) => change(() => next, 'props')} />
              </Suspense>
            </PanelErrorBoundary>
          </section>
        ) : null}
      </div>
    );
  };

  return (
    <Tabs
      className="fd-panel"
      size="small"
      items={[
        { key: 'field', label: t('formDesigner.panel.field'), children: fieldTab() },
        { key: 'form', label: t('formDesigner.panel.form'), children: <FormProperties form={tree.form} apply={apply} /> },
      ]}
    />
  );
}
