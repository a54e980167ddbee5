import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { WidgetServicesContext, type PickerNode, type PickerPageQuery, type PickerServices, type WidgetServices } from '../../../registry/components/services.js';
import { AreaPicker, DepartmentPicker, OrganizePicker, RolePicker, UserPicker, UsersPicker } from '../../../registry/components/pickers/index.js';
import { limitedIds } from '../../../registry/components/pickers/UserPicker.js';
import { addPicked, nearBottom, storedIds, storedPaths, storedPathsOf } from '../../../registry/components/pickers/pickerValues.js';
import { setWidgetLanguage } from '../../../registry/widgetText.js';
import { getWidget } from '../../../registry/index.js';
import type { FieldDefinition } from '../../../src/shared/form/definition.js';
import type { WidgetProps } from '../../../registry/types.js';

/** The pickers against a fake PickerServices: the rules of spec 001 §4, paging at 200 px, labels of stored ids. */

const company = (id: string, fullName: string, children: PickerNode[]): PickerNode => ({ id, fullName, type: 'company', organize: fullName, organizeIds: [id], children, hasChildren: true });
const department = (parent: string[], parentName: string, id: string, fullName: string, extra: Partial<PickerNode> = {}): PickerNode => ({
  id,
  fullName,
  type: 'department',
  organize: `${parentName}/${fullName}`,
  organizeIds: [...parent, id],
  ...extra,
});
const ORGANIZE_TREE: PickerNode[] = [
  company('c1', '示例公司', [
    department(['c1'], '示例公司', 'd1', '研发中心'),
    department(['c1'], '示例公司', 'd2', '采购部'),
    department(['c1'], '示例公司', 'd3', '已停用部门', { disabled: true }),
  ]),
];
const ROLE_TREE: PickerNode[] = [
  { id: 'c1', fullName: '示例公司', type: 'company', children: [{ id: 'r-org', onlyId: 'c1-r-org', fullName: '实验室主管', type: 'role' }] },
  { id: '1', fullName: '全局', type: 'global', children: [{ id: 'r-global', onlyId: '1-r-global', fullName: '普通员工', type: 'role' }] },
];
const user = (n: number): PickerNode => ({ id: `u${n}`, fullName: `用户${n}`, type: 'user', organize: '示例公司/研发中心', headIcon: '' });
const ALL_USERS = Array.from({ length: 45 }, (_, index) => user(index + 1));
const AREAS: Record<string, PickerNode[]> = {
  '-1': [{ id: '110000', fullName: '北京市', isLeaf: false, hasChildren: true }],
  '110000': [{ id: '110100', fullName: '北京城区', isLeaf: false, hasChildren: true }],
  '110100': [
    { id: '110101', fullName: '东城区', isLeaf: true },
    { id: '110102', fullName: '西城区', isLeaf: true },
  ],
};
const AREA_NAMES: Record<string, string> = { '110000': '北京市', '110100': '北京城区', '110101': '东城区', '110102': '西城区' };

function fakePickers() {
  const calls = { userPages: [] as PickerPageQuery[], selected: [] as string[][], areas: [] as string[] };
  const pickers: PickerServices = {
    organizeTree: async () => ORGANIZE_TREE,
    organizeCondition: async (ids) => [company('c1', '示例公司', ORGANIZE_TREE[0].children!.filter((node) => ids.includes(node.id)).map((node) => ({ ...node, lastFullName: `仅${node.fullName}` })))],
    positionTree: async () => [],
    positionCondition: async () => [],
    roleTree: async () => ROLE_TREE,
    roleCondition: async () => [],
    groupTree: async () => [],
    async userTree(nodeId, query) {
      if (query?.keyword) {
        calls.userPages.push(query);
        const matching = ALL_USERS.filter((item) => item.fullName.includes(query.keyword));
        const start = (query.currentPage - 1) * query.pageSize;
        return { list: matching.slice(start, start + query.pageSize), total: matching.length };
      }
      if (nodeId === '0') return { list: [{ id: 'c1', fullName: '示例公司', type: 'company', hasChildren: true }], total: 1 };
      // The company holds 25 users: two pages of the tree.
      const page = query?.currentPage ?? 1;
      return { list: ALL_USERS.slice(0, 25).slice((page - 1) * 20, page * 20), total: 25 };
    },
    currentOrganizeUsers: async () => [user(7)],
    subordinates: async () => [user(8)],
    usersByCondition: async () => ({ list: [] }),
    async selectedList(ids) {
      calls.selected.push(ids);
      return ids.flatMap((id) => {
        const [bare, type] = id.split('--');
        if (type === 'department') return [{ ...ORGANIZE_TREE[0].children![0], id: bare }];
        const found = ALL_USERS.find((item) => item.id === bare);
        return found ? [{ ...found, ...(type ? { type } : {}) }] : [];
      });
    },
    async areaChildren(parentId) {
      calls.areas.push(parentId);
      return AREAS[parentId] ?? [];
    },
    areaNames: async (paths) => paths.map((path) => path.map((id) => AREA_NAMES[id]).filter(Boolean)),
  };
  return { pickers, calls };
}

/** A field as a form holds it: the widget's value follows its onChange; every change is recorded. */
function Harness({ Picker, initial, props, changes }: { Picker: React.ComponentType<WidgetProps>; initial?: unknown; props?: Record<string, unknown>; changes: unknown[] }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <Picker
      {...props}
      fieldKey="f"
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

function renderPicker(Picker: React.ComponentType<WidgetProps>, options: { initial?: unknown; props?: Record<string, unknown>; pickers?: PickerServices } = {}) {
  const fake = fakePickers();
  const changes: unknown[] = [];
  const services = { pickers: options.pickers ?? fake.pickers, language: 'zh' } as Partial<WidgetServices> as WidgetServices;
  const view = render(
    <WidgetServicesContext.Provider value={services}>
      <Harness Picker={Picker} initial={options.initial} props={options.props} changes={changes} />
    </WidgetServicesContext.Provider>,
  );
  return { ...view, changes, calls: fake.calls };
}

const field = (container: HTMLElement) => container.querySelector('[data-picker-field]') as HTMLElement;
const dialog = () => screen.getByRole('dialog');
const openDialog = async (container: HTMLElement) => {
  fireEvent.click(field(container).querySelector('.ant-select-selector')!);
  return screen.findByRole('dialog');
};
const clickNode = async (id: string) => fireEvent.click(await within(dialog()).findByText((_, element) => element?.getAttribute('data-node') === id));
const selectedKeys = () => Array.from(within(screen.getByTestId('picker-selected')).queryAllByText((_, element) => element?.classList.contains('jnpf-picked-name') ?? false)).map((element) => element.textContent);
const confirm = () => fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));

beforeEach(() => setWidgetLanguage('zh'));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the pickers’ rules (spec 001 §4, §9)', () => {
  it('single mode replaces, multi mode appends, a repeated pick is ignored', () => {
    const key = (item: { id: string }) => item.id;
    expect(addPicked([{ id: 'a' }], { id: 'b' }, false, key)).toEqual([{ id: 'b' }]);
    expect(addPicked([{ id: 'a' }], { id: 'b' }, true, key)).toEqual([{ id: 'a' }, { id: 'b' }]);
    const list = [{ id: 'a' }];
    expect(addPicked(list, { id: 'a' }, true, key)).toBe(list);
    expect(addPicked(list, { id: 'a' }, false, key)).toBe(list);
  });

  it('reads stored organisation and region values as JNPF stores them: a path, or a list of paths', () => {
    expect(storedPaths(['c1', 'd1'])).toEqual([['c1', 'd1']]);
    expect(storedPaths([['c1', 'd1'], ['c1']])).toEqual([['c1', 'd1'], ['c1']]);
    expect(storedPaths('d1')).toEqual([['d1']]);
    expect(storedPaths(null)).toEqual([]);
    expect(storedPaths([])).toEqual([]);
    // An older multi-mode record of bare ids: one path per id.
    expect(storedPathsOf(['d1', 'd2'], true)).toEqual([['d1'], ['d2']]);
    expect(storedPathsOf('d1,d2', true)).toEqual([['d1'], ['d2']]);
    expect(storedPathsOf(['c1', 'd1'], false)).toEqual([['c1', 'd1']]);
  });

  it('reads one-id values as a string, a list, or JNPF’s comma-joined memberships', () => {
    expect(storedIds('p1')).toEqual(['p1']);
    expect(storedIds('p1,p2')).toEqual(['p1', 'p2']);
    expect(storedIds(['p1', '', null, 'p2'])).toEqual(['p1', 'p2']);
    expect(storedIds('')).toEqual([]);
    expect(storedIds(undefined)).toEqual([]);
  });

  it('asks for the next page within 200 px of the bottom, not before', () => {
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 399 })).toBe(false);
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 400 })).toBe(true);
  });
});

describe('the registry', () => {
  it('registers every picker, reading JNPF’s props from the definition', () => {
    for (const key of ['comSelect', 'organizeSelect', 'depSelect', 'posSelect', 'roleSelect', 'groupSelect', 'userSelect', 'usersSelect', 'address']) {
      const widget = getWidget(key);
      expect(widget, key).toBeDefined();
    }
    const field = (jnpfKey: string, props: Record<string, unknown>) => ({ __config__: { jnpfKey, label: 'x' }, __vModel__: 'x', ...props }) as FieldDefinition;
    expect(getWidget('depSelect')!.propsFromDefinition!(field('depSelect', { multiple: true, selectType: 'custom', ableDepIds: ['d1'], style: {} }))).toEqual({ multiple: true, selectType: 'custom', ableDepIds: ['d1'] });
    expect(getWidget('comSelect')!.propsFromDefinition!(field('comSelect', { auth: true, isOnlyOrg: true, parentId: '-1' }))).toEqual({ auth: true, isOnlyOrg: true, parentId: '-1' });
    expect(getWidget('userSelect')!.propsFromDefinition!(field('userSelect', { hasSys: true, selectType: 'dep', ableRelationIds: ['d1'] }))).toEqual({ hasSys: true, selectType: 'dep', ableRelationIds: ['d1'] });
    expect(getWidget('address')!.propsFromDefinition!(field('address', { level: 1, multiple: true }))).toEqual({ level: 1, multiple: true });
    // The dictionary picker: its category from __config__, its value key where selects keep it (props.props) or in __config__.
    const dictionary = (config: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ __config__: { jnpfKey: 'dicSelect', label: 'x', ...config }, __vModel__: 'x', ...extra }) as FieldDefinition;
    expect(getWidget('dicSelect')!.propsFromDefinition!(dictionary({ dictionaryType: 'reagentGrade' }, { props: { props: { value: 'enCode' } } }))).toEqual({ dictionaryType: 'reagentGrade', propsValue: 'enCode' });
    expect(getWidget('dicSelect')!.propsFromDefinition!(dictionary({ dictionaryType: 'reagentGrade', props: { value: 'id' } }))).toEqual({ dictionaryType: 'reagentGrade', propsValue: 'id' });
    expect(getWidget('dicSelect')!.propsFromDefinition!(dictionary({}))).toEqual({});
  });

  it('speaks the user’s language: titles and the selected pane in zhtw and en', async () => {
    setWidgetLanguage('en');
    let view = renderPicker(OrganizePicker);
    let modal = await openDialog(view.container);
    for (const text of ['Choose organisations', 'Selected', 'Clear list']) expect(within(modal).getByText(text)).toBeTruthy();
    cleanup();
    setWidgetLanguage('zhtw');
    view = renderPicker(UserPicker, { props: { hasSys: true } });
    modal = await openDialog(view.container);
    for (const text of ['選擇使用者', '已選', '全部資料', '目前組織', '我的下屬', '系統變數']) expect(within(modal).getByText(text)).toBeTruthy();
  });
});

describe('the organisation picker', () => {
  it('shows the tree and the selected list, picks a department as its id path, and confirms it', async () => {
    const { container, changes } = renderPicker(OrganizePicker);
    const modal = await openDialog(container);
    expect(within(modal).getByText('选择组织')).toBeTruthy();
    expect(within(modal).getByText('已选')).toBeTruthy();
    await clickNode('d1');
    expect(selectedKeys()).toEqual(['示例公司/研发中心']);
    // Single mode: the next pick replaces.
    await clickNode('d2');
    expect(selectedKeys()).toEqual(['示例公司/采购部']);
    confirm();
    await waitFor(() => expect(changes).toEqual([['c1', 'd2']]));
    await waitFor(() => expect(field(container).textContent).toContain('示例公司/采购部'));
  });

  it('appends in multi mode, ignores a repeated pick and a disabled node, and clears the list', async () => {
    const { container, changes } = renderPicker(OrganizePicker, { props: { multiple: true } });
    await openDialog(container);
    await clickNode('d1');
    await clickNode('d2');
    await clickNode('d1');
    await clickNode('d3');
    expect(selectedKeys()).toEqual(['示例公司/研发中心', '示例公司/采购部']);
    confirm();
    await waitFor(() => expect(changes).toEqual([[['c1', 'd1'], ['c1', 'd2']]]));
    await openDialog(container);
    expect(selectedKeys()).toEqual(['示例公司/研发中心', '示例公司/采购部']);
    fireEvent.click(screen.getByTestId('picker-clear'));
    expect(selectedKeys()).toEqual([]);
    confirm();
    await waitFor(() => expect(changes.at(-1)).toEqual([]));
  });

  it('clears with the clear icon and drops one entry with a tag’s close icon, without opening the dialog', async () => {
    const { container, changes } = renderPicker(DepartmentPicker, { initial: ['d1', 'd2'], props: { multiple: true } });
    await waitFor(() => expect(field(container).textContent).toContain('采购部'));
    const remove = field(container).querySelector('.ant-select-selection-item-remove')!;
    fireEvent.mouseDown(remove);
    fireEvent.click(remove);
    await waitFor(() => expect(changes).toEqual([['d2']]));
    // The clear icon clears on mouse down and is gone when the click lands on the field.
    fireEvent.mouseDown(field(container).querySelector('.ant-select-clear')!);
    fireEvent.click(field(container).querySelector('.ant-select-selector')!);
    await waitFor(() => expect(changes.at(-1)).toEqual([]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers the top node (id -1, 顶级节点) where the field allows the top', async () => {
    const { container, changes } = renderPicker(OrganizePicker, { props: { parentId: '-1' } });
    await openDialog(container);
    await clickNode('-1');
    expect(selectedKeys()).toEqual(['顶级节点']);
    confirm();
    await waitFor(() => expect(changes).toEqual([['-1']]));
  });

  it('shows comma-joined organisation ids (a user record’s organizeId) as one entry each, and confirms them as paths', async () => {
    const { container, changes } = renderPicker(OrganizePicker, { initial: 'd1,d2', props: { multiple: true } });
    await waitFor(() => expect(field(container).textContent).toContain('示例公司/采购部'));
    expect(field(container).textContent).toContain('示例公司/研发中心');
    await openDialog(container);
    confirm();
    await waitFor(() => expect(changes).toEqual([[['c1', 'd1'], ['c1', 'd2']]]));
  });

  it('shows a stored path by its label, and read-only shows the label only', async () => {
    const { container } = renderPicker(OrganizePicker, { initial: ['c1', 'd2'], props: { readOnly: true } });
    await waitFor(() => expect(container.querySelector('[data-picker-text]')?.textContent).toBe('示例公司/采购部'));
    expect(field(container)).toBeNull();
  });
});

describe('the department picker', () => {
  it('picks departments, not companies, and stores the id', async () => {
    const { container, changes } = renderPicker(DepartmentPicker);
    await openDialog(container);
    await clickNode('c1');
    expect(selectedKeys()).toEqual([]);
    await clickNode('d1');
    confirm();
    await waitFor(() => expect(changes).toEqual(['d1']));
  });

  it('limits a custom picker to its allowed departments (ableDepIds) and shows their own names', async () => {
    const { container } = renderPicker(DepartmentPicker, { props: { selectType: 'custom', ableDepIds: ['d2'] } });
    await openDialog(container);
    await within(dialog()).findByText('采购部');
    expect(within(dialog()).queryByText('研发中心')).toBeNull();
    await clickNode('d2');
    expect(selectedKeys()).toEqual(['仅采购部']);
  });
});

describe('the role picker', () => {
  it('has the tabs 组织 and 全局, each with its roles', async () => {
    const { container, changes } = renderPicker(RolePicker, { props: { multiple: true } });
    await openDialog(container);
    await within(dialog()).findByText('实验室主管');
    expect(within(dialog()).queryByText('普通员工')).toBeNull();
    await clickNode('r-org');
    fireEvent.click(within(dialog()).getByRole('tab', { name: '全局' }));
    await clickNode('r-global');
    expect(selectedKeys()).toEqual(['实验室主管', '普通员工']);
    confirm();
    await waitFor(() => expect(changes).toEqual([['r-org', 'r-global']]));
  });
});

describe('the user picker', () => {
  it('shows the label of a stored user beyond the first page, asked of the server by id', async () => {
    const { container, calls } = renderPicker(UserPicker, { initial: 'u44' });
    await waitFor(() => expect(field(container).textContent).toContain('用户44'));
    expect(calls.selected).toEqual([['u44']]);
  });

  it('searches in pages of 20 and loads the next page only within 200 px of the bottom', async () => {
    const { container, calls } = renderPicker(UserPicker, { props: { multiple: true } });
    await openDialog(container);
    fireEvent.change(screen.getByTestId('picker-search').querySelector('input') ?? screen.getByTestId('picker-search'), { target: { value: '用户' } });
    fireEvent.keyDown(screen.getByPlaceholderText('请输入关键词查询'), { key: 'Enter', keyCode: 13 });
    await within(dialog()).findByText('用户20');
    expect(within(dialog()).queryByText('用户21')).toBeNull();
    const list = screen.getByTestId('picker-list');
    const scrollTo = (scrollTop: number) => {
      Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 1000 });
      Object.defineProperty(list, 'clientHeight', { configurable: true, value: 400 });
      Object.defineProperty(list, 'scrollTop', { configurable: true, value: scrollTop });
      fireEvent.scroll(list);
    };
    scrollTo(390);
    expect(calls.userPages.map((query) => query.currentPage)).toEqual([1]);
    scrollTo(400);
    await within(dialog()).findByText('用户40');
    expect(calls.userPages.map((query) => [query.currentPage, query.pageSize, query.keyword])).toEqual([
      [1, 20, '用户'],
      [2, 20, '用户'],
    ]);
    scrollTo(2000);
    await within(dialog()).findByText('用户45');
    // The third page was short: the list is complete and asks no more.
    scrollTo(3000);
    await act(async () => undefined);
    expect(calls.userPages).toHaveLength(3);
  });

  it('picks from the organisation tree, the current organisation tab and the system variables', async () => {
    const { container, changes } = renderPicker(UserPicker, { props: { multiple: true, hasSys: true } });
    await openDialog(container);
    fireEvent.click(await within(dialog()).findByText('用户2'));
    fireEvent.click(within(dialog()).getByRole('tab', { name: '当前组织' }));
    fireEvent.click(await within(dialog()).findByText('用户7'));
    fireEvent.click(within(dialog()).getByRole('tab', { name: '系统变量' }));
    fireEvent.click(within(screen.getByTestId('picker-list')).getByText('当前用户'));
    fireEvent.click(within(dialog()).getByRole('tab', { name: '当前组织' }));
    fireEvent.click(await within(dialog()).findByText('用户7'));
    expect(selectedKeys()).toEqual(['用户2', '用户7', '当前用户']);
    confirm();
    await waitFor(() => expect(changes).toEqual([['u2', 'u7', 'currentUser']]));
  });

  it('pages a tree node’s users: 加载更多 brings the next page', async () => {
    const { container } = renderPicker(UserPicker);
    await openDialog(container);
    await within(dialog()).findByText('用户20');
    expect(within(dialog()).queryByText('用户21')).toBeNull();
    fireEvent.click(within(dialog()).getByText('加载更多'));
    await within(dialog()).findByText('用户25');
    expect(within(dialog()).queryByText('加载更多')).toBeNull();
  });

  it('limits the list in the custom, dep, pos, role and group modes, asking for "id--type" entries', async () => {
    expect(limitedIds({ selectType: 'custom', ableIds: ['u1', 'd1--department'] })).toEqual(['u1--user', 'd1--department']);
    expect(limitedIds({ selectType: 'custom', ableDepIds: [['c1', 'd1']], ablePosIds: ['p1'], ableUserIds: ['u2'], ableRoleIds: ['r1'], ableGroupIds: ['g1'] })).toEqual([
      'd1--department',
      'p1--position',
      'u2--user',
      'r1--role',
      'g1--group',
    ]);
    expect(limitedIds({ selectType: 'pos', ableRelationIds: ['p1', 'p2'] })).toEqual(['p1--position', 'p2--position']);
    expect(limitedIds({ selectType: 'dep', ableRelationIds: 'd1' })).toEqual(['d1--department']);
    const asked: { ids: string[]; query: PickerPageQuery }[] = [];
    const { pickers } = fakePickers();
    pickers.usersByCondition = async (ids, query) => (asked.push({ ids, query }), { list: [user(3)], total: 1 });
    const { container, changes } = renderPicker(UserPicker, { props: { selectType: 'role', ableRelationIds: ['r1'] }, pickers });
    await openDialog(container);
    expect(within(dialog()).queryByRole('tab')).toBeNull();
    fireEvent.click(await within(dialog()).findByText('用户3'));
    confirm();
    await waitFor(() => expect(changes).toEqual(['u3']));
    expect(asked).toEqual([{ ids: ['r1--role'], query: { keyword: '', currentPage: 1, pageSize: 20 } }]);
  });

  it('opens 450 px wide for approvers and refuses to confirm an empty choice', async () => {
    const { container, changes } = renderPicker(UserPicker, { props: { approver: true } });
    const modal = await openDialog(container);
    expect((modal.closest('.ant-modal') as HTMLElement).style.width).toBe('450px');
    confirm();
    expect(await screen.findByText('请选择审批人')).toBeTruthy();
    expect(changes).toEqual([]);
  });
});

describe('the multi-tab selection dialog (usersSelect)', () => {
  it('stores users and departments as id--type, and shows stored entries by label', async () => {
    const { container, changes } = renderPicker(UsersPicker, { props: { multiple: true }, initial: ['u44--user'] });
    await waitFor(() => expect(field(container).textContent).toContain('用户44'));
    await openDialog(container);
    fireEvent.click(await within(dialog()).findByText('用户1'));
    fireEvent.click(within(dialog()).getByRole('tab', { name: '部门' }));
    await clickNode('d1');
    confirm();
    await waitFor(() => expect(changes).toEqual([['u44--user', 'u1--user', 'd1--department']]));
  });
});

describe('the region picker', () => {
  it('loads children on demand and picks only leaves, as the id path', async () => {
    const { container, changes, calls } = renderPicker(AreaPicker, { props: { level: 2 } });
    await openDialog(container);
    await clickNode('110000');
    expect(selectedKeys()).toEqual([]);
    await clickNode('110100');
    expect(selectedKeys()).toEqual([]);
    await clickNode('110101');
    expect(selectedKeys()).toEqual(['北京市/北京城区/东城区']);
    expect(calls.areas).toEqual(['-1', '110000', '110100']);
    confirm();
    await waitFor(() => expect(changes).toEqual([['110000', '110100', '110101']]));
    await waitFor(() => expect(field(container).textContent).toContain('北京市/北京城区/东城区'));
  });

  it('stops at the field’s level: with level 1 a city is a leaf', async () => {
    const { container, changes, calls } = renderPicker(AreaPicker, { props: { level: 1, multiple: true }, initial: [['110000', '110100']] });
    await waitFor(() => expect(field(container).textContent).toContain('北京市/北京城区'));
    await openDialog(container);
    await clickNode('110000');
    await clickNode('110100');
    expect(calls.areas).toEqual(['-1', '110000']);
    expect(selectedKeys()).toEqual(['北京市/北京城区']);
    confirm();
    await waitFor(() => expect(changes).toEqual([[['110000', '110100']]]));
  });
});
