import type { FieldDefinition } from '../../../../../shared/form/definition.js';
import { ATTRIBUTE_WIDGETS } from '../../../../../shared/form/storedValues.js';
import type { WidgetDefinition } from '../../../../../../registry/types.js';
import { type DesignNode, type DesignTree, eachNode, newNodeId } from './designTree.js';

/**
 * A new field as JNPF's designer would write it: `__config__` with the widget's key, label, span and empty
 * rules, a `__vModel__` of `<jnpfKey>Field<formId>` for widgets that store a value, and the widget's default
 * props. Containers arrive with the panes they need (two tabs, two panels, a 2×2 grid).
 */
export type Language = 'zh' | 'zhtw' | 'en';

/**
 * The next formId: JNPF keeps a counter (idGlobal) on the form; ids may repeat in old definitions, so take the
 * larger. Panes take the ids right after their container's, so the next field counts past them.
 */
export function nextFormId(tree: DesignTree): number {
  let highest = typeof tree.form.idGlobal === 'number' ? tree.form.idGlobal : 100;
  eachNode(tree.nodes, (node) => {
    const id = Number(node.field.__config__?.formId);
    if (Number.isFinite(id) && id > highest) highest = id;
  });
  return highest + 1;
}

const pane = (field: FieldDefinition, children: DesignNode[] = []): DesignNode => ({ id: newNodeId(), field, children });

function panesFor(jnpfKey: string, formId: number, language: Language): DesignNode[] | undefined {
  if (jnpfKey === 'tab') return [1, 2].map((n) => pane({ __config__: { formId: formId + n }, title: `Tab ${n}`, name: String(n) }));
  if (jnpfKey === 'collapse') return [1, 2].map((n) => pane({ __config__: { formId: formId + n }, title: `${language === 'en' ? 'Panel ' : '面板'}${n}`, name: String(n) }));
  if (jnpfKey === 'tableGrid') {
    return [1, 2].map(() => pane({ __config__: { jnpfKey: 'tableGridTr' } }, [1, 2].map(() => pane({ __config__: { jnpfKey: 'tableGridTd', colspan: 1, rowspan: 1 } }))));
  }
  return undefined;
}

export function newField(jnpfKey: string, widget: WidgetDefinition, formId: number, language: Language): DesignNode {
  const isLayout = widget.kind === 'layout' || jnpfKey === 'table';
  const label = widget.label[language] ?? widget.label.zh;
  const field: FieldDefinition = {
    ...structuredClone(widget.defaultProps),
    __config__: {
      jnpfKey,
      label,
      showLabel: !isLayout,
      layout: isLayout ? 'rowFormItem' : 'colFormItem',
      span: 24,
      required: false,
      regList: [],
      formId,
      renderKey: Date.now(),
      ...(jnpfKey === 'tab' ? { active: '1' } : {}),
      ...(jnpfKey === 'collapse' ? { active: ['1'] } : {}),
    },
  };
  // Attributes get a key too: it is their column once the designer chooses to save what they show (isStorage 2).
  if (widget.flags.storesValue || jnpfKey === 'table' || ATTRIBUTE_WIDGETS.has(jnpfKey)) field.__vModel__ = `${jnpfKey}Field${formId}`;
  if (jnpfKey === 'table') field.__config__.tableName = '';
  if (jnpfKey === 'card') field.header = label;
  const node: DesignNode = { id: newNodeId(), field };
  if (isLayout) node.children = panesFor(jnpfKey, formId, language) ?? [];
  return node;
}

/** A copy of a node and everything in it, with fresh ids, formIds and keys (a copy must not share a key). */
export function copyOfNode(node: DesignNode, takeFormId: () => number): DesignNode {
  const formId = takeFormId();
  const config = { ...node.field.__config__, formId, renderKey: Date.now() };
  const field: FieldDefinition = { ...structuredClone(node.field), __config__: config };
  if (field.__vModel__) field.__vModel__ = `${config.jnpfKey ?? 'field'}Field${formId}`;
  return { id: newNodeId(), field, ...(node.children ? { children: node.children.map((child) => copyOfNode(child, takeFormId)) } : {}) };
}
