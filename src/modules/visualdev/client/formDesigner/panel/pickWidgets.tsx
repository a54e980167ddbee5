import { useEffect, useMemo, useState } from 'react';
import { AutoComplete, Select, TreeSelect } from 'antd';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { PickerNode } from '../../../../../../registry/components/services.js';
import { platformPickerServices } from '../../../../../kernel/client/api/pickerServices.js';
import { platformWidgetServices } from '../../../../../kernel/client/api/widgetServices.js';
import { WidgetServicesContext } from '../../../../../../registry/components/services.js';
import { BillRulePicker } from '../../../../../../registry/components/pickers/BillRulePicker.js';
import type { FieldDefinition } from '../../../../../shared/form/definition.js';
import { designApi } from '../../designApi.js';

/**
 * The panel's choosers for props that point at something (a widget's props schema marks them with `x-picks`):
 * a dictionary category, a released design, another field of this design of a given kind, and a field of the
 * record that field picks.
 * They replace a text box where typing an id by hand is the only other way (spec 001 §2's designer panels).
 */
export interface PanelContext {
  /** Every field of the design, for choosers that name another field. */
  fields: readonly FieldDefinition[];
  /** The field whose props are edited. */
  field: FieldDefinition;
}

interface CategoryNode {
  value: string;
  title: string;
  selectable?: boolean;
  children?: CategoryNode[];
}
const asNodes = (nodes: PickerNode[]): CategoryNode[] => nodes.map((node) => ({ value: node.id, title: node.fullName, ...(node.children?.length ? { children: asNodes(node.children) } : {}) }));

/** A tree select of the panel's size, whose tree loads once (categories, designs). */
function PanelTreeSelect({ id, value, disabled, readonly, onChange, load }: Pick<WidgetProps, 'id' | 'value' | 'disabled' | 'readonly' | 'onChange'> & { load(): Promise<CategoryNode[]> }) {
  const [tree, setTree] = useState<CategoryNode[]>([]);
  useEffect(() => {
    load().then(setTree, () => setTree([]));
    // The tree is loaded once per panel: `load` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <TreeSelect
      id={id}
      size="small"
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      value={value || undefined}
      treeData={tree}
      disabled={disabled || readonly}
      onChange={(next) => onChange(next || undefined)}
      style={{ width: '100%' }}
    />
  );
}

function DictionaryTypeWidget(props: WidgetProps) {
  return <PanelTreeSelect {...props} load={async () => asNodes((await platformPickerServices.dictionaryTypes?.()) ?? [])} />;
}

/** A released design (a relation form's or a popup's modelId), under its category; categories are not chosen. */
function OnlineModelWidget(props: WidgetProps) {
  const load = async () =>
    (await designApi.releasedDesigns()).map((group) => ({ value: `category:${group.id}`, title: group.fullName, selectable: false, children: (group.children ?? []).map((design) => ({ value: design.id, title: design.fullName })) }));
  return <PanelTreeSelect {...props} load={load} />;
}

const jnpfKey = (field: FieldDefinition) => field.__config__?.jnpfKey;

/** Another field of this design whose kind the prop names (`formField:relationForm`). */
function FormFieldWidget({ id, value, disabled, readonly, onChange, schema, formContext }: WidgetProps) {
  const kind = String((schema as { 'x-picks'?: string })['x-picks'] ?? '').split(':')[1];
  const fields = (formContext as PanelContext | undefined)?.fields ?? [];
  const options = fields.filter((field) => jnpfKey(field) === kind && field.__vModel__).map((field) => ({ value: field.__vModel__!, label: `${field.__config__?.label ?? ''} (${field.__vModel__})` }));
  return <Select id={id} size="small" allowClear value={value || undefined} options={options} disabled={disabled || readonly} onChange={(next) => onChange(next || undefined)} style={{ width: '100%' }} />;
}

/**
 * A field of the records a picking field picks from: a released design's main-table fields where it reads a design
 * (modelId), the popup's listed columns (and its value and label fields) where it reads an interface. Any name may
 * be typed, as an interface's rows may carry fields the popup does not list. `sourceField` asks about the field the
 * edited one names (an attribute's relationField); `sourceField:own` about the edited field itself (a relation
 * form's label field).
 */
function SourceFieldWidget({ id, value, disabled, readonly, onChange, formContext, schema }: WidgetProps) {
  const { t } = useTranslation();
  const context = formContext as PanelContext | undefined;
  const own = String((schema as { 'x-picks'?: string })['x-picks'] ?? '').endsWith(':own');
  const relationField = own ? undefined : context?.field.relationField;
  const picking = useMemo(() => (own ? context?.field : context?.fields.find((field) => field.__vModel__ && field.__vModel__ === relationField)), [context, relationField, own]);
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [typed, setTyped] = useState(false);
  const modelId = picking && typeof picking.modelId === 'string' ? picking.modelId : '';
  useEffect(() => {
    if (!picking) return setOptions([]);
    if (modelId) {
      let cancelled = false;
      designApi.formDataFields(modelId).then(
        (list) => !cancelled && setOptions(list.map((item) => ({ value: item.vModel, label: `${item.label} (${item.vModel})` }))),
        () => !cancelled && setOptions([]),
      );
      return () => {
        cancelled = true;
      };
    }
    const columns = Array.isArray(picking.columnOptions) ? (picking.columnOptions as { value?: string; label?: string }[]) : [];
    const named = own ? [] : [picking.propsValue, picking.relationField];
    const names = [...columns.map((column) => ({ value: String(column.value ?? ''), label: `${column.label ?? column.value} (${column.value})` })), ...named.filter((name): name is string => typeof name === 'string' && name !== '').map((name) => ({ value: name, label: name }))];
    setOptions(names.filter((option, index) => option.value && names.findIndex((other) => other.value === option.value) === index));
    return undefined;
  }, [picking, modelId]);
  return (
    <AutoComplete
      id={id}
      size="small"
      allowClear
      value={value ?? ''}
      options={options}
      disabled={disabled || readonly}
      placeholder={picking ? undefined : t('formDesigner.panel.chooseRelationFirst')}
      onChange={(next: string) => onChange(next || undefined)}
      // Opened on a value already set, every field is offered; typing narrows them.
      onSearch={() => setTyped(true)}
      onOpenChange={(open) => !open && setTyped(false)}
      filterOption={(input, option) => !typed || String(option?.label ?? '').toLowerCase().includes(input.toLowerCase())}
      style={{ width: '100%' }}
    />
  );
}

/** Whether an attribute's shown value is saved with the form (isStorage 2) or only shown (0; JNPF's 1 reads so too). */
function AttributeStorageWidget({ id, value, disabled, readonly, onChange }: WidgetProps) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      size="small"
      value={Number(value) === 2 ? 2 : 0}
      options={[{ value: 0, label: t('formDesigner.panel.attributeShownOnly') }, { value: 2, label: t('formDesigner.panel.attributeSaved') }]}
      disabled={disabled || readonly}
      onChange={(next: number) => onChange(next)}
      style={{ width: '100%' }}
    />
  );
}

/** A bill number's rule: the 模板 dialog of the bill-rule template picker, over the platform's calls. */
function BillRuleWidget({ value, disabled, readonly, onChange }: WidgetProps) {
  return (
    <WidgetServicesContext.Provider value={platformWidgetServices}>
      <BillRulePicker value={value || null} onChange={(next) => onChange(next || undefined)} disabled={disabled || readonly} clearable />
    </WidgetServicesContext.Provider>
  );
}

export const pickWidgets: RegistryWidgetsType = { dictionaryType: DictionaryTypeWidget, onlineModel: OnlineModelWidget, attributeStorage: AttributeStorageWidget, billRule: BillRuleWidget, formField: FormFieldWidget, sourceField: SourceFieldWidget };

/** The rjsf widget a prop's `x-picks` asks for ('formField:relationForm' → formField), or none. */
export function pickWidgetOf(schema: unknown): string | undefined {
  const picks = schema && typeof schema === 'object' ? (schema as { 'x-picks'?: unknown })['x-picks'] : undefined;
  if (typeof picks !== 'string') return undefined;
  const name = picks.split(':')[0]!;
  return Object.hasOwn(pickWidgets, name) ? name : undefined;
}
