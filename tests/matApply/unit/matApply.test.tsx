import { act, cleanup, fireEvent, render, screen as view, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from 'antd';
import { i18n } from '../../../src/kernel/client/i18n/index.js';
import matApplyScreen from '../../../schemas/matApply/bizData/bizmatapply.json';
import matApplyFormScreen from '../../../schemas/matApply/bizData/matApplyForm.json';
import { answered, callsTo, fake, loaded, resetFake, type Call, useFakeRequest, viewportWidth } from '../../support/unit/fakeRequest.js';

/**
 * The requisition drawer (spec 001 §2, §5: the JSON screen bizData/matApplyForm.json, an entryForm node) and the
 * requisition list screen (bizData/bizmatapply.json) against the scripted request layer of support/fakeRequest.ts. Messages are read from antd's message.error /
 * success, spied on. The need user is chosen in the platform's user picker (a keyword search, then 确定).
 */
useFakeRequest();
viewportWidth(1440);

await import('../../../src/kernel/client/runtime/page/builtIns.js');
await import('../../../src/modules/clientModules.js');
const { nearBottom, hasMoreAfter } = await import('../../../src/kernel/client/runtime/page/nodes/scrollPaging.js');
/** The returned-reagent table's page (the form screen's pageSize). */
const RETURNED_PAGE_SIZE = 20;
const { session } = await import('../../../src/kernel/client/stores/session.js');
const { requisitionBadge, setRequisitionCount } = await import('../../../src/modules/matApply/client/requisitionBadge.js');

const { PageNode } = await import('../../../src/kernel/client/runtime/page/pageNodes.js');
const { checkScreen, screenBody } = await import('../../../src/kernel/client/runtime/page/screen.js');

const USERS = [{ id: 'u-me', fullName: '王小明/staff', type: 'user' }, { id: 'u-li', fullName: '李娜/lina', type: 'user' }];
const ORGS = { list: [{ id: 'dept-a', fullName: '分析部' }, { id: 'dept-r', fullName: '研发部' }] };
const USER_INFO: Record<string, Record<string, unknown>> = {
  'u-me': { id: 'u-me', organizeId: 'dept-a', department: '分析部', companyId: 'co-1', fillProject: 1 },
  'u-li': { id: 'u-li', organizeId: 'dept-r', department: '研发部', companyId: 'co-2', fillProject: 0 },
};
const returnedRow = (n: number) => ({ id: `r${n}`, name: `试剂${n}`, cas: '64-17-5', spec: '500 mL', brand: '国药', unit: '瓶', binName: `A-${n}`, expDate: '2027-01-01', applyNum: 2 });

function standardAnswers(returnedTotal = 3) {
  resetFake({
    // The user picker: a keyword search over the users, and their names for the ids a field holds.
    '/permission/Users/ImUser/Selector/0': (call: Call) => {
      const keyword = String(call.data?.keyword ?? '');
      const list = USERS.filter((user) => user.fullName.includes(keyword));
      return { list, pagination: { currentPage: 1, pageSize: 20, total: list.length } };
    },
    '/permission/Users/getSelectedList': (call: Call) => ({ list: USERS.filter((user) => (call.data?.ids as string[]).includes(user.id)) }),
    '/permission/Organize/getAllOrg': ORGS,
    '/permission/Users/getUserById/u-me': USER_INFO['u-me'],
    '/permission/Users/getUserById/u-li': USER_INFO['u-li'],
    '/bizProject/getProjectByUserId/u-me': { list: [{ id: 'p1', proName: '食品安全快检试剂评估' }] },
    '/bizProject/getProjectByUserId/u-li': { list: [{ id: 'p9', proName: '新型催化材料合成研究' }] },
    '/example/BizReturnedMats/selectReturnedMats': (call: Call) => {
      const page = Number(call.data?.currentPage);
      const size = Number(call.data?.pageSize);
      const all = Array.from({ length: returnedTotal }, (_, i) => returnedRow(i + 1));
      return { list: all.slice((page - 1) * size, page * size), pagination: { currentPage: page, pageSize: size, total: all.length } };
    },
    '/itemDict/BizItemDict/selectStockedProductByEntity': { list: [{ id: 'i1', name: '乙醇', itemCode: 'R0001', cas: '64-17-5', spec: '500 mL', model: '', brand: '国药', unitName: '瓶' }], pagination: { total: 1 } },
    '/example/BizMatApply/saveMatApply': null,
    '/example/BizMatApply/getApplyNum': 4,
    '/screens/bizData/matApplyForm': matApplyFormScreen,
  });
}

/** Where the app went (a submitted requisition lands on the list). */
function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}
/** The drawer's body as the drawer holds it: closing it is what a successful submit does last. */
const onSubmitted = vi.fn();
const drawer = () =>
  render(
    <MemoryRouter initialEntries={['/somewhere']}>
      <Routes>
        <Route path="*" element={<><PageNode node={screenBody(checkScreen('bizData/matApplyForm', matApplyFormScreen))} scope={{ context: {}, close: onSubmitted }} /><Where /></>} />
      </Routes>
    </MemoryRouter>,
  );

async function chooseOption(testId: string, label: string) {
  const select = view.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector')!);
  const options = await view.findAllByTitle(label);
  fireEvent.click(options[options.length - 1]!);
}
/** The need user, through the user picker: the field opens it, a keyword finds the user, 确定 takes them. */
async function pickUser(label: string) {
  const field = view.getByTestId('need-user').querySelector('.ant-select-selector')!;
  fireEvent.mouseDown(field); // a press, then the click, as a browser sends them
  fireEvent.click(field);
  const dialog = await loaded2(() => document.querySelector('.jnpf-picker-dialog') as HTMLElement | null, 'the user picker');
  const search = within(dialog).getByPlaceholderText('请输入关键词查询');
  fireEvent.change(search, { target: { value: label.split('/')[0] } });
  fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.click(await within(dialog).findByText(label, { selector: '[data-testid="picker-list"] *' }));
  await loaded(() => expect(within(dialog).getByTestId('picker-selected').textContent).toContain(label));
  fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
}
function clearSelect(testId: string) {
  const clear = view.getByTestId(testId).querySelector('.ant-select-clear')!;
  fireEvent.mouseDown(clear);
  fireEvent.click(clear);
}

let errorSpy: ReturnType<typeof vi.spyOn>;
let successSpy: ReturnType<typeof vi.spyOn>;
const lastError = () => {
  const last = errorSpy.mock.calls.at(-1)?.[0];
  return typeof last === 'string' ? last : (last as { content?: string } | undefined)?.content;
};
const submitAndExpect = async (text: string) => {
  const before = errorSpy.mock.calls.length;
  fireEvent.click(view.getByTestId('requisition-submit'));
  await loaded(() => expect(errorSpy.mock.calls.length).toBe(before + 1));
  expect(lastError()).toBe(text);
  expect(callsTo('/example/BizMatApply/saveMatApply')).toHaveLength(0);
};

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
beforeEach(() => {
  onSubmitted.mockReset();
  standardAnswers();
  setRequisitionCount(0);
  session.userInfo = { userId: 'u-me', userAccount: 'staff', userName: '王小明', headIcon: '', organizeName: '', departmentName: null, positionName: null, prevLogin: 0, prevLoginTime: null, prevLoginIPAddress: null, prevLoginIPAddressName: null };
  errorSpy = vi.spyOn(message, 'error').mockImplementation(() => (() => undefined) as never);
  successSpy = vi.spyOn(message, 'success').mockImplementation(() => (() => undefined) as never);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('returned reagents paging', () => {
  it('asks for the next page within 200 px of the bottom, and stops after a short page', () => {
    expect(nearBottom({ scrollTop: 300, scrollHeight: 1000, clientHeight: 500 })).toBe(true); // 200 left
    expect(nearBottom({ scrollTop: 299, scrollHeight: 1000, clientHeight: 500 })).toBe(false); // 201 left
    expect(hasMoreAfter(RETURNED_PAGE_SIZE, RETURNED_PAGE_SIZE)).toBe(true);
    expect(hasMoreAfter(RETURNED_PAGE_SIZE - 1, RETURNED_PAGE_SIZE)).toBe(false);
  });

  it('loads page 2 when the table scrolls near its bottom, and no page after a short one', async () => {
    standardAnswers(RETURNED_PAGE_SIZE + 5);
    drawer();
    await loaded(() => expect(view.getByText('试剂1')).toBeTruthy());
    const box = view.getByTestId('returned-scroll');
    Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(box, 'clientHeight', { configurable: true, value: 260 });
    box.scrollTop = 100; // 640 px left: nothing
    fireEvent.scroll(box);
    expect(callsTo('/example/BizReturnedMats/selectReturnedMats')).toHaveLength(1);
    box.scrollTop = 540; // exactly 200 px left
    fireEvent.scroll(box);
    await loaded(() => expect(view.getByText(`试剂${RETURNED_PAGE_SIZE + 5}`)).toBeTruthy());
    expect(callsTo('/example/BizReturnedMats/selectReturnedMats').map((c) => c.data?.currentPage)).toEqual([1, 2]);
    // Page 2 had 5 rows: the end. A next page would be asked for while the scroll is handled.
    await act(async () => {
      fireEvent.scroll(box);
    });
    expect(callsTo('/example/BizReturnedMats/selectReturnedMats')).toHaveLength(2);
  });
});

describe('requisition drawer', { timeout: 30_000 }, () => {
  it('starts with the caller as need user: their department, company, project flag and projects', async () => {
    drawer();
    await loaded(() => expect(view.getByTestId('project')).toBeTruthy());
    expect(callsTo('/bizProject/getProjectByUserId/u-me')).toHaveLength(1);
    expect(within(view.getByTestId('need-org')).getByText('分析部')).toBeTruthy();
  });

  it('a new need user clears the project, reloads projects and takes their department, company and flag', async () => {
    drawer();
    await loaded(() => expect(view.getByTestId('project')).toBeTruthy());
    await chooseOption('project', '食品安全快检试剂评估');
    await loaded(() => expect(within(view.getByTestId('project')).getByText('食品安全快检试剂评估')).toBeTruthy());
    await pickUser('李娜/lina');
    await loaded(() => expect(within(view.getByTestId('need-org')).getByText('研发部')).toBeTruthy());
    expect(callsTo('/bizProject/getProjectByUserId/u-li')).toHaveLength(1);
    expect(view.queryByTestId('project')).toBeNull(); // 李娜 need not fill a project
    // Back to a user who must: the project starts empty again.
    await pickUser('王小明/staff');
    await loaded(() => expect(view.getByTestId('project')).toBeTruthy());
    expect(view.getByTestId('project').querySelector('.ant-select-selection-item')).toBeNull();
  });

  it('stops at each §5 problem in the spec order with its message, then submits', async () => {
    drawer();
    await loaded(() => expect(view.getByText('试剂1')).toBeTruthy());
    await loaded(() => expect(view.getByTestId('project')).toBeTruthy());
    await submitAndExpect('您没有提交任何数据，请选择退库试剂或添加备库物料！');

    fireEvent.click(view.getByTestId('spare-add'));
    await submitAndExpect('第1行请选择备库物料！');

    fireEvent.click(view.getByTestId('spare-pick'));
    fireEvent.click(await view.findByText('R0001'));
    await loaded(() => expect(view.getByTestId('spare-pick').textContent).toBe('乙醇'));
    await submitAndExpect('第1行请填写备库物料领用数量！');

    fireEvent.change(inputOf('spare-count'), { target: { value: '3' } });
    await submitAndExpect('请选择项目！');

    await chooseOption('project', '食品安全快检试剂评估');
    await submitAndExpect('请填写需求日期！');

    fireEvent.mouseDown(inputOf('need-date'));
    fireEvent.click(inputOf('need-date'));
    fireEvent.click(await loaded2(() => document.querySelector('.ant-picker-cell-today .ant-picker-cell-inner') as HTMLElement | null, 'today in the date picker'));
    await loaded(() => expect(inputOf('need-date').value).not.toBe(''));
    clearSelect('need-user');
    await submitAndExpect('请选择需求人！');

    await pickUser('李娜/lina');
    await loaded(() => expect(within(view.getByTestId('need-org')).getByText('研发部')).toBeTruthy());
    clearSelect('need-org');
    await submitAndExpect('请选择需求人所在部门！');

    await chooseOption('need-org', '研发部');
    await submitAndExpect('请填写配送地址！');

    fireEvent.change(view.getByTestId('address'), { target: { value: '实验楼 3 层 301' } });
    const firstRow = view.getByText('试剂1').closest('tr')!;
    fireEvent.click(within(firstRow).getByRole('checkbox'));
    fireEvent.click(view.getByTestId('requisition-submit'));
    await loaded(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    await loaded(() => expect(view.getByTestId('where').textContent).toBe('/bizData/bizmatapply'));
    const [save] = callsTo('/example/BizMatApply/saveMatApply');
    expect(save!.data).toMatchObject({
      applicationUser: 'u-me',
      needUser: 'u-li',
      needOrg: 'dept-r',
      companyId: 'co-2',
      projectId: null,
      address: '实验楼 3 层 301',
      matApplyDetail: [{ productId: 'i1', productCount: 3, customerUndertake: 0, cas: '64-17-5', productNumber: 'R0001', unit: '瓶' }],
      returnedMatApplyDetail: [{ returnedMatId: 'r1', cas: '64-17-5', productCount: 2 }],
    });
    expect(typeof save!.data!.needDate).toBe('number');
    expect(errorSpy.mock.calls.length).toBe(8);
    // The submitted returned reagent leaves the list; the others stay; the badge follows getApplyNum.
    expect(view.queryByText('试剂1')).toBeNull();
    expect(view.getByText('试剂2')).toBeTruthy();
    expect(requisitionBadge.count).toBe(4);
  });

  it('a server refusal keeps the rows and the drawer open', async () => {
    fake.answers['/example/BizMatApply/saveMatApply'] = new Error('第1行备库物料不存在');
    drawer();
    await loaded(() => expect(view.getByText('试剂1')).toBeTruthy());
    await loaded(() => expect(within(view.getByTestId('need-org')).getByText('分析部')).toBeTruthy());
    await chooseOption('project', '食品安全快检试剂评估');
    fireEvent.mouseDown(inputOf('need-date'));
    fireEvent.click(inputOf('need-date'));
    fireEvent.click(await loaded2(() => document.querySelector('.ant-picker-cell-today .ant-picker-cell-inner') as HTMLElement | null, 'today in the date picker'));
    fireEvent.change(view.getByTestId('address'), { target: { value: '实验楼' } });
    fireEvent.click(within(view.getByText('试剂1').closest('tr')!).getByRole('checkbox'));
    fireEvent.click(view.getByTestId('requisition-submit'));
    await loaded(() => expect(callsTo('/example/BizMatApply/saveMatApply')).toHaveLength(1));
    // The refusal has reached the drawer, which has done with it whatever it does.
    await act(() => answered('/example/BizMatApply/saveMatApply'));
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(view.getByText('试剂1')).toBeTruthy();
    expect(requisitionBadge.count).toBe(0);
  });
});

describe('the requisition list screen', { timeout: 30_000 }, () => {
  const rows = [
    { id: 'a1', billNo: 'SL0001', applicationUserName: '王小明', applicationDate: 1763856000000, needUserName: '王小明', needOrgName: '分析部', needDate: 1763942400000, projectName: '', spareCount: 1, returnedCount: 2, approvalStatus: null, voidStatus: 0, creatorUserId: 'u-me' },
    { id: 'a2', billNo: 'SL0002', applicationUserName: '李娜', applicationDate: 1763856000000, needUserName: '李娜', needOrgName: '研发部', needDate: 1763942400000, projectName: '催化', spareCount: 1, returnedCount: 0, approvalStatus: 0, voidStatus: 0, creatorUserId: 'u-li' },
    { id: 'a3', billNo: 'SL0003', applicationUserName: '王小明', applicationDate: 1763856000000, needUserName: '王小明', needOrgName: '分析部', needDate: 1763942400000, projectName: '', spareCount: 0, returnedCount: 1, approvalStatus: 2, voidStatus: 0, creatorUserId: 'u-me' },
  ];
  const list = () =>
    render(
      <MemoryRouter initialEntries={['/bizData/bizmatapply']}>
        <PageNode node={screenBody(checkScreen('bizData/bizmatapply', matApplyScreen))} scope={{ context: {} }} />
      </MemoryRouter>,
    );

  it('shows states and lines, offers void only on the caller’s own open requisitions, voids and refreshes the badge', async () => {
    fake.answers['/example/BizMatApply/getList'] = { list: rows, pagination: { total: 3 } };
    list();
    await loaded(() => expect(view.getByTestId('list-table').textContent).toContain('SL0003'));
    expect(callsTo('/example/BizMatApply/getList')[0]).toMatchObject({ method: 'POST', data: { currentPage: 1, pageSize: 20 } });
    const [mine, theirs, approved] = view.getByTestId('list-table').querySelectorAll('tr.ant-table-row');
    expect(mine.textContent).toContain('待审批');
    expect(mine.textContent).toContain('2025-11-23');
    expect(approved.textContent).toContain('审批通过');
    expect(mine.querySelector('[data-action="void"]')).not.toBeNull();
    expect(theirs.querySelector('[data-action="void"]')).toBeNull(); // another's
    expect(approved.querySelector('[data-action="void"]')).toBeNull(); // approved
    fireEvent.click(mine.querySelector('[data-action="void"]')!);
    fireEvent.click(await view.findByRole('button', { name: /确\s*定|OK/ }));
    await loaded(() => expect(callsTo('/example/BizMatApply/a1/Actions/Void')).toHaveLength(1));
    await loaded(() => expect(requisitionBadge.count).toBe(4));
    expect(callsTo('/example/BizMatApply/getList').length).toBeGreaterThan(1);
  });

  it('opens a requisition’s detail and the drawer from 新建申领', async () => {
    fake.answers['/example/BizMatApply/getList'] = { list: rows, pagination: { total: 3 } };
    fake.answers['/example/BizMatApply/a1'] = { ...rows[0], address: '实验楼 301', matApplyDetail: [{ id: 'd1', name: '乙醇', cas: '64-17-5', productCount: 3, unit: '瓶', customerUndertake: 1 }], returnedMatApplyDetail: [{ id: 'd2', name: '丙酮', cas: '67-64-1', productCount: 2, unit: '瓶' }] };
    list();
    await loaded(() => expect(view.getByTestId('list-table').textContent).toContain('SL0001'));
    fireEvent.click(view.getByTestId('list-table').querySelector('tr.ant-table-row [data-action="detail"]')!);
    await loaded(() => expect(document.querySelector('.lc-requisition-detail')?.textContent).toContain('实验楼 301'));
    const detail = document.querySelector('.lc-requisition-detail') as HTMLElement;
    expect(detail.textContent).toContain('乙醇');
    expect(detail.textContent).toContain('丙酮');
    fireEvent.click(view.getByText('新建申领').closest('button')!);
    await loaded(() => expect(view.getByTestId('requisition-submit')).toBeTruthy());
  });
});

function inputOf(testId: string): HTMLInputElement {
  const el = view.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
}

async function loaded2<T>(get: () => T | null, what = 'the element'): Promise<T> {
  let found: T | null = null;
  await waitFor(() => {
    found = get();
    expect(found, what).toBeTruthy();
  }, { timeout: 10_000 });
  return found!;
}

void requisitionBadge;
void successSpy;
