import { memo, useEffect, useMemo, useState } from 'react';
import { Alert, Spin, Tabs, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { WidgetProps } from '../../types.js';
import { useWidgetServices, type PickerNode, type PickerServices } from '../services.js';
import { useWidgetText, widgetText, type WidgetTextKey } from '../../widgetText.js';
import { PickerDialog, type PickedEntry } from './PickerParts.js';
import { PagedList } from './PagedList.js';
import { userEntry } from './UserPicker.js';
import { UserTree } from './UserTree.js';
import { emitIds, filterTree, flattenTree, storedIds } from './pickerValues.js';
import { usePicker } from './usePicker.js';

/**
 * The multi-tab selection dialog of spec 001 §2 (usersSelect, 800 px): users, departments, roles, positions and
 * groups. Each entry is stored as "id--type", as JNPF's UsersSelect stores it; a single-mode field picks one user.
 */
const TYPE_LABELS: Record<string, WidgetTextKey> = {
  user: 'tabUsers',
  company: 'tabDepartments',
  department: 'tabDepartments',
  role: 'tabRoles',
  position: 'tabPositions',
  group: 'tabGroups',
};

interface UsersTab {
  key: string;
  label: WidgetTextKey;
  load?(pickers: PickerServices): Promise<PickerNode[]>;
}
const TABS: UsersTab[] = [
  { key: 'user', label: 'tabUsers' },
  { key: 'department', label: 'tabDepartments', load: (pickers) => pickers.organizeTree({}) },
  { key: 'role', label: 'tabRoles', load: (pickers) => pickers.roleTree() },
  { key: 'position', label: 'tabPositions', load: (pickers) => pickers.positionTree() },
  { key: 'group', label: 'tabGroups', load: (pickers) => pickers.groupTree() },
];
const PICKABLE = new Set(['user', 'company', 'department', 'role', 'position', 'group']);

export const typedKey = (id: string, type: string | undefined) => (!type || id.includes('--') ? id : `${id}--${type}`);
const typedEntry = (node: PickerNode): PickedEntry => {
  const type = node.type ?? 'user';
  return {
    key: typedKey(node.id, type),
    label: node.fullName,
    detail: type === 'user' ? node.organize : TYPE_LABELS[type] ? widgetText(TYPE_LABELS[type]) : node.organize,
    headIcon: type === 'user' ? node.headIcon ?? '' : undefined,
  };
};

export const UsersPicker = memo(function UsersPicker(props: WidgetProps) {
  const text = useWidgetText();
  const { pickers } = useWidgetServices();
  const multiple = Boolean(props.multiple);
  const [tab, setTab] = useState('user');
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(0);
  const picker = usePicker(props, {
    keys: storedIds(props.value),
    resolve: async (missing) => (pickers ? (await pickers.selectedList(missing)).map(typedEntry) : []),
    toValue: (picked) => emitIds(picked.map((entry) => entry.key), multiple),
    onOpen() {
      setTab('user');
      setKeyword('');
      setSearch('');
      setOpened((count) => count + 1);
    },
  });
  const pick = (node: PickerNode) => {
    const type = node.type ?? 'user';
    // One value picks one user; a list may hold any kind (JNPF's rule).
    if (node.disabled || !PICKABLE.has(type) || (!multiple && type !== 'user')) return;
    picker.pick(typedEntry(node));
  };
  const active = TABS.find((item) => item.key === tab) ?? TABS[0];

  let body: React.ReactNode;
  if (!pickers) body = <Alert type="error" showIcon message={text('pickerUnavailable')} />;
  else if (active.load) body = <StaticTree key={`${opened}:${tab}`} load={() => active.load!(pickers)} search={search} onPick={pick} />;
  else if (search) body = <PagedList source={`${opened}:search:${search}`} fetchPage={(query) => pickers.userTree('0', { ...query, keyword: search })} entryOf={userEntry} onPick={pick} />;
  else body = <UserTree key={opened} pickers={pickers} onPick={pick} />;

  return (
    <>
      {picker.field}
      {picker.open ? (
        <PickerDialog {...picker.dialog} title={(props.modalTitle as string) || text('pickUser')} width={800}
          keyword={keyword}
          onKeywordChange={setKeyword}
          onSearch={setSearch}
        >
          <Tabs
            size="small"
            activeKey={tab}
            onChange={(next) => {
              setTab(next);
              setKeyword('');
              setSearch('');
            }}
            items={TABS.map((item) => ({ key: item.key, label: text(item.label) }))}
          />
          {body}
        </PickerDialog>
      ) : null}
    </>
  );
});

/** A tree that comes whole (organisations, roles, positions, groups), filtered by the search box. */
function StaticTree({ load, search, onPick }: { load(): Promise<PickerNode[]>; search: string; onPick(node: PickerNode): void }) {
  const text = useWidgetText();
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; nodes: PickerNode[]; error?: string }>({ status: 'loading', nodes: [] });
  useEffect(() => {
    let cancelled = false;
    load().then(
      (nodes) => !cancelled && setState({ status: 'ready', nodes }),
      (error: unknown) => !cancelled && setState({ status: 'error', nodes: [], error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
    // The key of this component says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const shown = useMemo(() => filterTree(state.nodes, search), [state.nodes, search]);
  const byKey = useMemo(() => new Map(flattenTree(state.nodes).map((node) => [node.onlyId ?? node.id, node])), [state.nodes]);
  if (state.status === 'loading') return <Spin size="small" style={{ display: 'block', margin: '24px auto' }} />;
  if (state.status === 'error') return <Alert type="error" showIcon message={text('pickerLoadFailed', { message: state.error ?? '' })} />;
  if (shown.length === 0) return <div className="jnpf-picker-more">{text('empty')}</div>;
  const toData = (nodes: PickerNode[]): DataNode[] =>
    nodes.map((node) => ({
      key: node.onlyId ?? node.id,
      title: <span data-node={node.id}>{node.fullName}</span>,
      disabled: Boolean(node.disabled),
      children: node.children?.length ? toData(node.children) : undefined,
    }));
  return (
    <Tree
      key={search}
      blockNode
      defaultExpandAll
      treeData={toData(shown)}
      selectedKeys={[]}
      onSelect={(_keys, info) => {
        const node = byKey.get(String(info.node.key));
        if (node) onPick(node);
      }}
    />
  );
}
