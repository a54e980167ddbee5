import { useEffect, useMemo, useState } from 'react';
import { Alert, Spin, Tabs, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { WidgetProps } from '../../types.js';
import { useWidgetServices, type PickerNode, type PickerServices } from '../services.js';
import { useWidgetText, widgetText, type WidgetTextKey } from '../../widgetText.js';
import { PickerDialog, type PickedEntry } from './PickerParts.js';
import { emitIds, emitPaths, filterTree, flattenTree, pathKey, storedIds, storedPathsOf } from './pickerValues.js';
import { usePicker } from './usePicker.js';

/**
 * The tree pickers of spec 001 §2 (organisation, department, position, group, role): a tree on the left, the
 * picked entries on the right. Each picker states where its tree comes from, which nodes it picks, and how an
 * entry is stored; the dialog, the search and the rules of §4 are the same for all.
 */
export interface TreePickerTab {
  key: string;
  label: WidgetTextKey;
  nodes(tree: PickerNode[]): PickerNode[];
}

export interface TreePickerKind {
  title: WidgetTextKey;
  /** The tree the dialog shows, given the field's props. */
  load(services: PickerServices, props: WidgetProps): Promise<PickerNode[]>;
  /** The nodes labels are looked up in (the whole tree, not a custom list's part of it); load by default. */
  labels?(services: PickerServices, props: WidgetProps): Promise<PickerNode[]>;
  canPick(node: PickerNode, props: WidgetProps): boolean;
  /** Organisation values are paths of ids (organizeIds); the others single ids. */
  storesPaths?: boolean;
  entryOf(node: PickerNode, props: WidgetProps): PickedEntry;
  tabs?: TreePickerTab[];
}

const storedKey = (entry: PickedEntry) => entry.stored ?? entry.key;

/** Many nodes scroll in a virtual list; a few render plainly (and can be found by tests and screen readers). */
const VIRTUAL_FROM = 200;

const toTreeData = (nodes: PickerNode[], disabledOf: (node: PickerNode) => boolean): DataNode[] =>
  nodes.map((node) => ({
    key: node.onlyId ?? node.id,
    title: <span data-node={node.id}>{node.fullName}</span>,
    disabled: disabledOf(node),
    isLeaf: !node.children?.length,
    children: node.children?.length ? toTreeData(node.children, disabledOf) : undefined,
  }));

export function TreePicker({ kind, props }: { kind: TreePickerKind; props: WidgetProps }) {
  const text = useWidgetText();
  const { pickers } = useWidgetServices();
  const multiple = Boolean(props.multiple);
  const { value } = props;

  const keys = kind.storesPaths ? storedPathsOf(value, multiple).map(pathKey) : storedIds(value);
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState(kind.tabs?.[0]?.key ?? '');
  const picker = usePicker(props, {
    keys,
    async resolve(missing) {
      if (!pickers) return [];
      const nodes = flattenTree(await (kind.labels ?? kind.load)(pickers, props));
      const byKey = new Map<string, PickedEntry>();
      for (const node of nodes) {
        const entry = kind.entryOf(node, props);
        if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
        // An older record stores a bare id: it reads as a path of itself.
        if (kind.storesPaths && !byKey.has(node.id)) byKey.set(node.id, entry);
      }
      return missing.flatMap((key) => {
        const found = byKey.get(key) ?? (kind.storesPaths ? byKey.get(key.split(',').pop() ?? '') : undefined);
        return found ? [{ ...found, key, stored: found.key }] : [];
      });
    },
    toValue(picked) {
      const pickedKeys = picked.map(storedKey);
      return kind.storesPaths ? emitPaths(pickedKeys.map((key) => key.split(',')), multiple) : emitIds(pickedKeys, multiple);
    },
    identity: storedKey,
    onOpen() {
      setKeyword('');
      setSearch('');
      setTab(kind.tabs?.[0]?.key ?? '');
    },
  });
  const open = picker.open;
  const [tree, setTree] = useState<{ status: 'loading' | 'ready' | 'error'; nodes: PickerNode[]; error?: string }>({ status: 'loading', nodes: [] });

  useEffect(() => {
    if (!open) return undefined;
    if (!pickers) {
      setTree({ status: 'error', nodes: [], error: widgetText('pickerUnavailable') });
      return undefined;
    }
    let cancelled = false;
    setTree({ status: 'loading', nodes: [] });
    kind.load(pickers, props).then(
      (nodes) => !cancelled && setTree({ status: 'ready', nodes }),
      (error: unknown) => !cancelled && setTree({ status: 'error', nodes: [], error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
    // The dialog loads its tree each time it opens, as JNPF's does; props are read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, pickers]);

  const activeTab = kind.tabs?.find((item) => item.key === tab);
  const shown = useMemo(() => filterTree(activeTab ? activeTab.nodes(tree.nodes) : tree.nodes, search), [activeTab, tree.nodes, search]);
  const byTreeKey = useMemo(() => new Map(flattenTree(tree.nodes).map((node) => [node.onlyId ?? node.id, node])), [tree.nodes]);
  const count = useMemo(() => flattenTree(shown).length, [shown]);

  const pick = (node: PickerNode) => {
    if (node.disabled || !kind.canPick(node, props)) return;
    picker.pick(kind.entryOf(node, props));
  };

  return (
    <>
      {picker.field}
      {open ? (
        <PickerDialog
          {...picker.dialog}
          title={(props.modalTitle as string) || text(kind.title)}
          width={800}
          keyword={keyword}
          onKeywordChange={setKeyword}
          onSearch={setSearch}
        >
          {kind.tabs ? (
            <Tabs size="small" activeKey={tab} onChange={setTab} items={kind.tabs.map((item) => ({ key: item.key, label: text(item.label) }))} />
          ) : null}
          {tree.status === 'loading' ? <Spin size="small" style={{ display: 'block', margin: '24px auto' }} /> : null}
          {tree.status === 'error' ? <Alert type="error" showIcon message={text('pickerLoadFailed', { message: tree.error ?? '' })} /> : null}
          {tree.status === 'ready' ? (
            shown.length === 0 ? (
              <div className="jnpf-picker-more">{text('empty')}</div>
            ) : (
              <Tree
                key={`${tab}:${search}`}
                blockNode
                defaultExpandAll
                height={count > VIRTUAL_FROM ? 340 : undefined}
                treeData={toTreeData(shown, (node) => Boolean(node.disabled))}
                selectedKeys={[]}
                onSelect={(_keys, info) => {
                  const node = byTreeKey.get(String(info.node.key));
                  if (node) pick(node);
                }}
              />
            )
          ) : null}
        </PickerDialog>
      ) : null}
    </>
  );
}
