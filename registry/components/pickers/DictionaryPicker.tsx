import { memo, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Input, Space, TreeSelect } from 'antd';
import type { OptionItem } from '../../../src/shared/form/definition.js';
import type { WidgetProps } from '../../types.js';
import { useWidgetServices } from '../services.js';
import { useWidgetText } from '../../widgetText.js';
import { ManagementDialog } from './ManagementDialog.js';
import './pickers.css';

/**
 * The dictionary picker (dicSelect, spec 001 §2): a tree select over the entries of the category the design chose
 * (`dictionaryType`, an id or a code), storing an entry's id or, where the design says `propsValue: 'enCode'`, its
 * code. With no category chosen it picks a category itself, as JNPF's designer widget does. 添加 opens the
 * dictionary management page in an 80% dialog (when the user has that menu item) and the tree reloads on close,
 * so a value added there can be picked at once.
 */
export interface DictionaryPickerProps extends WidgetProps {
  dictionaryType?: string;
  propsValue?: string;
  placeholder?: string;
  clearable?: boolean;
}

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

/** The management page 添加 opens. */
export const DICTIONARY_PAGE = '/systemData/dictionary';

function toTree(nodes: readonly OptionItem[], valueKey: string): TreeOption[] {
  return nodes.map((node) => {
    const children = Array.isArray(node.children) && node.children.length ? toTree(node.children as OptionItem[], valueKey) : undefined;
    return { value: String(node[valueKey] ?? node.id ?? ''), title: String(node.fullName ?? node[valueKey] ?? ''), ...(children ? { children } : {}) };
  });
}

function findTitle(tree: readonly TreeOption[], value: string): string | undefined {
  for (const node of tree) {
    if (node.value === value) return node.title;
    const inner = node.children && findTitle(node.children, value);
    if (inner) return inner;
  }
  return undefined;
}

export const DictionaryPicker = memo(function DictionaryPicker(props: DictionaryPickerProps) {
  const text = useWidgetText();
  const services = useWidgetServices();
  const valueKey = props.propsValue === 'enCode' ? 'enCode' : 'id';
  const category = props.dictionaryType || '';
  const [reloads, setReloads] = useState(0);
  const [state, setState] = useState<{ tree: TreeOption[]; loading: boolean; error?: string }>({ tree: [], loading: true });
  const [managing, setManaging] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setState((current) => ({ ...current, loading: true, error: undefined }));
    const load: Promise<OptionItem[]> = category
      ? services.loadDictionaryOptions(category)
      : services.pickers?.dictionaryTypes
        ? services.pickers.dictionaryTypes().then((nodes) => nodes as unknown as OptionItem[])
        : Promise.reject(new Error(text('pickerUnavailable')));
    load.then(
      (nodes) => !cancelled && setState({ tree: toTree(nodes, valueKey), loading: false }),
      (error: unknown) => !cancelled && setState({ tree: [], loading: false, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [category, valueKey, reloads, services, text]);

  const value = props.value === null || props.value === undefined || props.value === '' ? undefined : String(props.value);
  const title = useMemo(() => (value ? findTitle(state.tree, value) : undefined), [state.tree, value]);
  if (props.readOnly) return <Input readOnly value={value ? (title ?? value) : ''} placeholder="—" />;
  const page = services.managementPage?.(DICTIONARY_PAGE) ?? null;
  return (
    <div className="jnpf-dic-select">
      <Space.Compact style={{ width: '100%' }}>
        <TreeSelect
          style={{ width: '100%' }}
          value={value}
          treeData={state.tree}
          loading={state.loading}
          onChange={(next) => props.onChange?.(next ?? null)}
          disabled={Boolean(props.disabled)}
          placeholder={props.placeholder || text('pleaseSelect')}
          allowClear={props.clearable !== false}
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
        />
        {page ? (
          <Button onClick={() => setManaging(true)} disabled={Boolean(props.disabled)} data-action="manage-dictionary">
            {text('add')}
          </Button>
        ) : null}
      </Space.Compact>
      {state.error ? <Alert type="error" showIcon message={text('pickerLoadFailed', { message: state.error })} /> : null}
      {managing && page ? (
        <ManagementDialog
          page={page}
          label={text('dictionaryManagement')}
          onClose={() => {
            setManaging(false);
            setReloads((count) => count + 1);
          }}
        />
      ) : null}
    </div>
  );
});
