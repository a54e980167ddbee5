import { memo, useEffect, useState } from 'react';
import { Alert, Spin, Tabs, message } from 'antd';
import type { WidgetProps } from '../../types.js';
import { useWidgetServices, type PickerNode, type PickerServices } from '../services.js';
import { useWidgetText, widgetText } from '../../widgetText.js';
import { PickerDialog, PickerListItem, type PickedEntry } from './PickerParts.js';
import { PagedList } from './PagedList.js';
import { UserTree } from './UserTree.js';
import { emitIds, storedIds } from './pickerValues.js';
import { usePicker } from './usePicker.js';

/**
 * The user picker of spec 001 §2: 800 px, or 450 px where it picks approvers. With selectType all it has the tabs
 * 全部数据 (the organisation tree, users loading under each node; a keyword turns it into a paged search),
 * 当前组织, 我的下属 and, where the field allows it (hasSys), 系统变量 with 当前用户. The limited modes (custom,
 * dep, pos, role, group) list only the users their ids allow, paged.
 */

/** JNPF's system variable for the signed-in user (UserSelect.vue's sysUserList). */
export const CURRENT_USER = 'currentUser';
const GENERAL_WIDTH = 800;
const APPROVER_WIDTH = 450;
/** The error of an approver picker confirmed with nobody chosen shows for a second (spec 001 §5). */
const APPROVER_ERROR_SECONDS = 1;

export const userEntry = (node: PickerNode): PickedEntry => ({ key: node.id, label: node.fullName, detail: node.organize, headIcon: node.headIcon ?? '' });
const currentUserEntry = (): PickedEntry => ({ key: CURRENT_USER, label: widgetText('currentUser'), headIcon: '' });

/**
 * The "id--type" list a limited mode asks for. A custom list is JNPF V5's ableIds (typed already) or the older
 * per-kind lists (ableDepIds, ablePosIds, ableUserIds, ableRoleIds, ableGroupIds); dep/pos/role/group modes type
 * their ableRelationIds.
 */
const TYPE_OF_MODE: Record<string, string> = { dep: 'department', pos: 'position', role: 'role', group: 'group' };
const CUSTOM_LISTS: [string, string][] = [
  ['ableDepIds', 'department'],
  ['ablePosIds', 'position'],
  ['ableUserIds', 'user'],
  ['ableRoleIds', 'role'],
  ['ableGroupIds', 'group'],
];
const typed = (ids: string[], type: string) => ids.map((id) => (id.includes('--') ? id : `${id}--${type}`));
export function limitedIds(props: WidgetProps): string[] {
  if (props.selectType === 'custom') {
    const lists = CUSTOM_LISTS.flatMap(([name, type]) => typed(storedIds(Array.isArray(props[name]) ? (props[name] as unknown[]).map((item) => (Array.isArray(item) ? item[item.length - 1] : item)) : props[name]), type));
    return [...typed(storedIds(props.ableIds), 'user'), ...lists];
  }
  const type = TYPE_OF_MODE[String(props.selectType)];
  return type ? typed(storedIds(props.ableRelationIds ?? props.ableIds), type) : [];
}

/** Stored user ids as labels: the server names them, the system variable names itself. */
export async function resolveUsers(pickers: PickerServices | undefined, keys: string[]): Promise<PickedEntry[]> {
  const system = keys.filter((key) => key === CURRENT_USER).map(currentUserEntry);
  const ids = keys.filter((key) => key !== CURRENT_USER);
  if (!pickers || ids.length === 0) return system;
  return [...system, ...(await pickers.selectedList(ids)).map(userEntry)];
}

export const UserPicker = memo(function UserPicker(props: WidgetProps) {
  const text = useWidgetText();
  const { pickers } = useWidgetServices();
  const multiple = Boolean(props.multiple);
  const approver = Boolean(props.approver);
  const limited = props.selectType !== undefined && props.selectType !== 'all' && props.selectType !== '';
  const [tab, setTab] = useState('all');
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(0);
  const picker = usePicker(props, {
    keys: storedIds(props.value),
    resolve: (missing) => resolveUsers(pickers, missing),
    toValue: (picked) => emitIds(picked.map((entry) => entry.key), multiple),
    onOpen() {
      setTab('all');
      setKeyword('');
      setSearch('');
      setOpened((count) => count + 1);
    },
    confirmable(selected) {
      if (!approver || selected.length > 0) return true;
      void message.error({ content: widgetText('chooseApprover'), duration: APPROVER_ERROR_SECONDS });
      return false;
    },
  });
  const pick = (node: PickerNode) => {
    if (node.disabled || (node.type && node.type !== 'user' && node.type !== 'system')) return;
    picker.pick(node.id === CURRENT_USER ? currentUserEntry() : userEntry(node));
  };

  const tabs = [
    { key: 'all', label: text('tabAllData') },
    { key: 'organize', label: text('tabCurrentOrganize') },
    { key: 'subordinates', label: text('tabSubordinates') },
    ...(props.hasSys ? [{ key: 'system', label: text('tabSystemVariables') }] : []),
  ];

  let body: React.ReactNode = null;
  if (!pickers) body = <Alert type="error" showIcon message={text('pickerUnavailable')} />;
  else if (limited) {
    const ids = limitedIds(props);
    body = (
      <PagedList
        source={`${opened}:limited:${search}`}
        fetchPage={(query) => (ids.length ? pickers.usersByCondition(ids, { ...query, keyword: search }) : Promise.resolve({ list: [] }))}
        entryOf={userEntry}
        onPick={pick}
      />
    );
  } else if (tab === 'all' && search) {
    body = <PagedList source={`${opened}:search:${search}`} fetchPage={(query) => pickers.userTree('0', { ...query, keyword: search })} entryOf={userEntry} onPick={pick} />;
  } else if (tab === 'all') {
    body = <UserTree key={opened} pickers={pickers} onPick={pick} />;
  } else if (tab === 'system') {
    body = (
      <div className="jnpf-picker-scroll" data-testid="picker-list">
        <PickerListItem entry={currentUserEntry()} onPick={() => pick({ id: CURRENT_USER, fullName: widgetText('currentUser'), type: 'system' })} />
      </div>
    );
  } else {
    body = <UserListOnce key={`${opened}:${tab}:${search}`} load={() => (tab === 'organize' ? pickers.currentOrganizeUsers(search) : pickers.subordinates(search))} onPick={pick} />;
  }

  return (
    <>
      {picker.field}
      {picker.open ? (
        <PickerDialog
          {...picker.dialog}
          title={(props.modalTitle as string) || text('pickUser')}
          width={approver ? APPROVER_WIDTH : GENERAL_WIDTH}
          keyword={keyword}
          onKeywordChange={setKeyword}
          onSearch={setSearch}
        >
          {limited ? null : <Tabs size="small" activeKey={tab} onChange={setTab} items={tabs} />}
          {body}
        </PickerDialog>
      ) : null}
    </>
  );
});

/** A list that comes whole (当前组织, 我的下属). */
function UserListOnce({ load, onPick }: { load(): Promise<PickerNode[]>; onPick(node: PickerNode): void }) {
  const text = useWidgetText();
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; list: PickerNode[]; error?: string }>({ status: 'loading', list: [] });
  useEffect(() => {
    let cancelled = false;
    load().then(
      (list) => !cancelled && setState({ status: 'ready', list }),
      (error: unknown) => !cancelled && setState({ status: 'error', list: [], error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
    // The key of this component says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (state.status === 'loading') return <Spin size="small" style={{ display: 'block', margin: '24px auto' }} />;
  if (state.status === 'error') return <Alert type="error" showIcon message={text('pickerLoadFailed', { message: state.error ?? '' })} />;
  if (state.list.length === 0) return <div className="jnpf-picker-more">{text('empty')}</div>;
  return (
    <div className="jnpf-picker-scroll" data-testid="picker-list">
      {state.list.map((node) => (
        <PickerListItem key={node.id} entry={userEntry(node)} onPick={() => onPick(node)} />
      ))}
    </div>
  );
}
