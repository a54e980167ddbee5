import fs from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, render, screen as view, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../registry/index.js';
import { i18n } from '../../../src/kernel/client/i18n/index.js';
import { session } from '../../../src/kernel/client/stores/session.js';
import { RequestError } from '../../../src/kernel/client/api/createRequest.js';
import { useFakeRequest } from '../../support/unit/fakeRequest.js';

/**
 * The runtime page of a released design: the screen generated from its Config (checked by the page meta-schema
 * for every shared fixture) and the onlineDevList node against a scripted server speaking JNPF's online-data calls.
 */
const calls: { url: string; method?: string; data?: unknown; params?: unknown }[] = [];
let listAnswer: unknown = { list: [], pagination: { total: 0 } };
let refuse: { msg: string; data: unknown } | null = null;
useFakeRequest(
  vi.fn(async (config: { url: string; method?: string; data?: unknown; params?: unknown }) => {
    calls.push(config);
    if (config.url.endsWith('/List')) return { code: 200, msg: '', data: listAnswer };
    if (/\/OnlineDev\/design-1\/r\d$/.test(config.url) && (config.method ?? 'GET') === 'GET') return { code: 200, msg: '', data: { id: 'r1', data: JSON.stringify({ orderNo: 'PO-1', total: 5 }) } };
    if (refuse && config.method === 'POST') {
      const envelope = { code: 400, msg: refuse.msg, data: refuse.data };
      throw new RequestError(refuse.msg, envelope as never);
    }
    return { code: 200, msg: '操作成功', data: null };
  }),
);

const { checkScreen, screenBody } = await import('../../../src/kernel/client/runtime/page/screen.js');
const { PageNode } = await import('../../../src/kernel/client/runtime/page/pageNodes.js');
await import('../../../src/kernel/client/runtime/page/builtIns.js');
await import('../../../src/modules/onlineData/client/index.js');
const { generateScreen, groupRows, queryJsonOf, recordValues, searchField } = await import('../../../src/modules/onlineData/client/runtime/generateScreen.js');
const { nestRows } = await import('../../../src/modules/onlineData/client/runtime/nestRows.js');
const { OnlineListNode } = await import('../../../src/modules/onlineData/client/runtime/OnlineListNode.js');
const { refusedFields } = await import('../../../src/kernel/client/runtime/refusedFields.js');

const fixtures = path.resolve(__dirname, '../../../fixtures/jnpf');
const pairs = fs.readdirSync(fixtures).filter((f) => f.endsWith('.list.json') && fs.existsSync(path.join(fixtures, f.replace('.list.json', '.form.json'))));

const form = {
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '单号', required: true }, __vModel__: 'orderNo' },
    { __config__: { jnpfKey: 'numInput', label: '合计' }, __vModel__: 'total' },
    { __config__: { jnpfKey: 'comInput', label: '类别' }, __vModel__: 'kind' },
  ],
};
const columnData = {
  type: 1,
  columnList: [{ prop: 'orderNo', label: '单号' }, { prop: 'total', label: '合计', sortable: true }],
  searchList: [{ prop: 'orderNo', label: '单号', searchType: 2, __vModel__: 'orderNo', __config__: { jnpfKey: 'comInput', label: '单号' } }],
  btnsList: [{ value: 'add', label: '新增' }, { value: 'download', label: '导出' }, { value: 'batchRemove', label: '批量删除' }],
  columnBtnsList: [{ value: 'edit', label: '编辑' }, { value: 'remove', label: '删除' }],
  hasPage: true,
  pageSize: 20,
  useBtnPermission: true,
};
const config = { id: 'design-1', fullName: '采购单', enCode: 'purchase', webType: 2, formData: JSON.stringify(form), columnData: JSON.stringify(columnData) };
const scope = { modelId: 'menu-1', context: { moduleId: 'design-1', menuId: 'menu-1' } };
const grant = (buttons: string[]) => {
  session.permissionList = [{ modelId: 'menu-1', moduleName: '采购单', button: buttons.map((enCode) => ({ enCode, fullName: enCode })), column: [], form: [], resource: [] }] as never;
};

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
beforeEach(() => {
  calls.length = 0;
  refuse = null;
  listAnswer = { list: [{ id: 'r1', orderNo: 'PO-1', total: 5 }, { id: 'r2', orderNo: 'PO-2', total: 7 }], pagination: { total: 2 } };
  grant(['btn_add', 'btn_edit', 'btn_remove', 'btn_download', 'btn_batchRemove']);
});
afterEach(cleanup);

describe('the screen of a released design', () => {
  it.each(pairs)('turns the shared design %s into a screen the page meta-schema accepts', (list) => {
    const generated = generateScreen({ id: 'x', fullName: list, enCode: 'x', formData: fs.readFileSync(path.join(fixtures, list.replace('.list.json', '.form.json')), 'utf8'), columnData: fs.readFileSync(path.join(fixtures, list), 'utf8') });
    const screen = checkScreen('model/x', generated);
    const body = screenBody(screen) as ReturnType<typeof generateScreen>['body'];
    expect(body.type).toBe('onlineDevList');
    expect(body.searchFields.every((f) => typeof f.__vModel__ === 'string' && f.__config__.required === false)).toBe(true);
    expect(body.api.list).toMatchObject({ url: '/visualdev/OnlineDev/{moduleId}/List', method: 'POST' });
  });

  it('labels a button stored without one as the list designer would, and keeps a stored label', () => {
    const formData = JSON.stringify({ fields: [{ __vModel__: 'title', __config__: { jnpfKey: 'comInput', label: '标题' } }] });
    const columnData = JSON.stringify({ type: 1, columnList: [{ prop: 'title', label: '标题' }], btnsList: [{ value: 'add' }, { value: 'download', label: '导出记录' }], columnBtnsList: [{ value: 'detail' }] });
    const { body } = generateScreen({ id: 'b', fullName: 'b', enCode: 'b', formData, columnData });
    expect(body.toolbar.map((b) => b.label)).toEqual(['新增', '导出记录']);
    expect(body.rowButtons.map((b) => b.label)).toEqual(['详情']);
  });

  it('searches a range with the range widget and sends only filled values as queryJson', () => {
    expect(searchField({ prop: 'd', label: '日期', searchType: 3, __vModel__: 'd', __config__: { jnpfKey: 'date' } }).__config__.jnpfKey).toBe('dateRange');
    expect(searchField({ prop: 'n', label: '数', searchType: 3, __vModel__: 'n', __config__: { jnpfKey: 'numInput' } }).__config__.jnpfKey).toBe('numRange');
    expect(searchField({ prop: 'n', label: '数', searchType: 1, __vModel__: 'n', __config__: { jnpfKey: 'numInput', required: true } }).__config__).toMatchObject({ jnpfKey: 'numInput', required: false });
    expect(JSON.parse(queryJsonOf({ a: 'x', b: '', c: null, d: [], e: [null, null], f: [1, 2], g: 0 }))).toEqual({ a: 'x', f: [1, 2], g: 0 });
  });

  it('gives a search item kept as prop, label and jnpfKey the options of its form field', () => {
    const radio = { __vModel__: 'state', __config__: { jnpfKey: 'radio', label: '状态', dataType: 'static' }, __slot__: { options: [{ fullName: '液体', id: 'liquid' }] } };
    const formData = JSON.stringify({ fields: [radio, { __vModel__: 'rows', __config__: { jnpfKey: 'table', children: [{ __vModel__: 'state', __config__: { jnpfKey: 'comInput' } }] } }] });
    // As fixtures/jnpf/requisition-subtable.list.json keeps its search items; a sub-table column of the same name is not taken.
    const columnData = JSON.stringify({ type: 1, columnList: [{ prop: 'state', label: '状态' }], searchList: [{ prop: 'state', label: '样品状态', jnpfKey: 'radio' }] });
    const [search] = generateScreen({ id: 's', fullName: 's', enCode: 's', formData, columnData }).body.searchFields;
    expect(search).toMatchObject({ __vModel__: 'state', __slot__: { options: [{ fullName: '液体', id: 'liquid' }] }, __config__: { jnpfKey: 'radio', label: '样品状态', dataType: 'static', required: false } });
    // A whole field copied into the search item is taken as it is.
    expect(searchField({ prop: 'x', label: 'X', searchType: 1, __vModel__: 'x', __config__: { jnpfKey: 'select' } }, radio).__config__.jnpfKey).toBe('select');
  });

  it('reads a record as JNPF answers it, a JSON string in data, or flat', () => {
    expect(recordValues({ id: 'r1', data: '{"a":1}' })).toEqual({ a: 1, id: 'r1' });
    expect(recordValues({ id: 'r1', data: { a: 2 } })).toEqual({ a: 2, id: 'r1' });
    expect(recordValues({ id: 'r1', a: 3 })).toEqual({ id: 'r1', a: 3 });
    expect(recordValues({ id: 'r1', data: 'not json' })).toEqual({ id: 'r1' });
  });

  it('groups rows for a grouped list and nests rows by their parent field for a tree list, never losing a row to a cycle', () => {
    const grouped = groupRows([{ id: 1, k: 'a' }, { id: 2, k: 'b' }, { id: 3, k: 'a' }, { id: 4 }], 'k', '（空）');
    expect(grouped.map((g) => [g.k, (g.children as unknown[]).length])).toEqual([['a', 2], ['b', 1], ['（空）', 1]]);
    const tree = nestRows([{ id: '1', p: '' }, { id: '2', p: '1' }, { id: '3', p: '2' }, { id: '4', p: 'gone' }], 'p');
    expect(tree.map((r) => r.id)).toEqual(['1', '4']);
    expect(tree[0].children![0].children![0].id).toBe('3');
    const cycle = nestRows([{ id: 'a', p: 'b' }, { id: 'b', p: 'a' }], 'p');
    const count = (rows: { children?: unknown[] }[]): number => rows.reduce((n, r) => n + 1 + count((r.children ?? []) as never), 0);
    expect(count(cycle)).toBe(2);
  });

  it('points a refusal at its fields', () => {
    expect(refusedFields(new RequestError('合计不正确', { code: 400, msg: '合计不正确', data: { field: 'total' } } as never))).toEqual([['total', '合计不正确']]);
    expect(refusedFields(new RequestError('x', { code: 400, msg: 'x', data: { problems: [{ field: 'orderNo', message: '单号不能为空' }] } } as never))).toEqual([['orderNo', '单号不能为空']]);
    expect(refusedFields(new Error('network'))).toEqual([]);
  });
});

describe('the onlineDevList node', () => {
  const draw = () => {
    const body = screenBody(checkScreen('model/purchase', generateScreen(config)));
    return render(<PageNode node={body} scope={scope} />);
  };
  const listCalls = () => calls.filter((c) => c.url.endsWith('/List'));

  it('lists with JNPF\'s POST body and searches by queryJson from the first page', async () => {
    const { container } = draw();
    await waitFor(() => expect(view.getByText('PO-2')).toBeTruthy(), { timeout: 10_000 });
    expect(listCalls()[0]).toMatchObject({ url: '/visualdev/OnlineDev/design-1/List', method: 'POST', data: { currentPage: 1, pageSize: 20, queryJson: '{}', menuId: 'menu-1', dataType: 0 } });
    fireEvent.change(container.querySelector('[data-field="orderNo"] input')!, { target: { value: 'PO-1' } });
    fireEvent.click(view.getByTestId('list-search'));
    await waitFor(() => expect(listCalls().at(-1)!.data).toMatchObject({ queryJson: '{"orderNo":"PO-1"}', currentPage: 1 }));
  });

  it('shows only the buttons the menu grants', async () => {
    grant(['btn_add']);
    draw();
    await waitFor(() => expect(view.getByText('PO-1')).toBeTruthy(), { timeout: 10_000 });
    expect(view.getByText(/新\s?增/)).toBeTruthy();
    expect(view.queryByText(/导\s?出/)).toBeNull();
    expect(view.queryByText('编辑')).toBeNull();
  });

  it('deletes the ticked rows in one batch call', async () => {
    const { container } = draw();
    await waitFor(() => expect(view.getByText('PO-2')).toBeTruthy(), { timeout: 10_000 });
    const box = (index: number) => container.querySelector(`tr[data-row-key="r${index + 1}"] .ant-checkbox-input`)!;
    fireEvent.click(box(0));
    await waitFor(() => expect((box(0) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(box(1));
    await waitFor(() => expect((box(1) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(view.getByText('批量删除'));
    fireEvent.click(await view.findByText('确 定'));
    await waitFor(() => expect(calls.find((c) => c.url.includes('batchDelete'))).toBeTruthy());
    expect(JSON.parse(JSON.stringify(calls.find((c) => c.url.includes('batchDelete'))))).toMatchObject({ url: '/visualdev/OnlineDev/batchDelete/design-1', method: 'POST', data: { ids: ['r1', 'r2'] } });
  });

  it('edits a record through {data: JSON} and shows a refusal on its field', async () => {
    draw();
    await waitFor(() => expect(view.getByText('PO-1')).toBeTruthy(), { timeout: 10_000 });
    fireEvent.click(view.getAllByText('编辑')[0]);
    const dialog = await view.findByTestId('online-form-dialog', {}, { timeout: 10_000 }).catch(() => document.querySelector('.lc-form-dialog') as HTMLElement);
    await waitFor(() => expect((document.querySelector('.lc-form-dialog [data-field="orderNo"] input') as HTMLInputElement).value).toBe('PO-1'), { timeout: 10_000 });
    expect(dialog).toBeTruthy();
    const ok = () => document.querySelector('.lc-form-dialog .ant-btn-primary') as HTMLElement;
    fireEvent.click(ok());
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/visualdev/OnlineDev/design-1/r1', data: { id: 'r1' } }), { timeout: 10_000 });
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse((put.data as { data: string }).data)).toMatchObject({ orderNo: 'PO-1', total: 5 });

    // A new record the server refuses: the message lands on the field it names.
    refuse = { msg: '单号已存在', data: { field: 'orderNo' } };
    await waitFor(() => expect(document.querySelector('.lc-form-dialog')).toBeNull(), { timeout: 10_000 });
    fireEvent.click(view.getByText(/新\s?增/));
    await waitFor(() => expect(document.querySelector('.lc-form-dialog [data-field="orderNo"] input')).toBeTruthy(), { timeout: 10_000 });
    fireEvent.change(document.querySelector('.lc-form-dialog [data-field="orderNo"] input')!, { target: { value: 'PO-1' } });
    fireEvent.click(ok());
    await waitFor(() => expect(document.querySelector('.lc-form-dialog [data-field="orderNo"]')!.textContent).toContain('单号已存在'), { timeout: 10_000 });
  });

  it('says in place why a design cannot be shown', () => {
    expect(() => generateScreen({ id: 'bad', formData: '{"no":"fields"}' })).toThrow();
    expect(OnlineListNode).toBeTypeOf('function');
  });
});
