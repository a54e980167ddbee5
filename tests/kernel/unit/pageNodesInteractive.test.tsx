import { act, cleanup, fireEvent, render, screen as view, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { message } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../src/kernel/client/i18n/index.js';
import type { PageNodeSpec } from '../../../src/kernel/client/runtime/page/screen.js';
import { answered, callsTo, fake, loaded, resetFake, type Call, useFakeRequest, viewportWidth } from '../../support/unit/fakeRequest.js';

/**
 * The page runtime's interactive nodes, each from a small JSON document against the scripted request layer: the
 * table node's check boxes, in-place inputs, computed totals and batch buttons; the search node's validator and
 * views; card and record inputs; the entryForm's paged and hand-made row tables, field dependencies, validator and
 * submit; the validator registry and templates that nest.
 */
useFakeRequest();
viewportWidth(1440);

const { PageNode } = await import('../../../src/kernel/client/runtime/page/pageNodes.js');
await import('../../../src/kernel/client/runtime/page/builtIns.js');
const { registerAction, runAction } = await import('../../../src/kernel/client/runtime/page/actions.js');
const { registerValidator, validate } = await import('../../../src/kernel/client/runtime/page/validators.js');
const { fillDeep, fillCall, fillText } = await import('../../../src/kernel/client/runtime/page/template.js');
const { session } = await import('../../../src/kernel/client/stores/session.js');

function Where() {
  return <div data-testid="where">{useLocation().pathname + useLocation().search}</div>;
}
const draw = (node: PageNodeSpec, scope: Record<string, unknown> = {}) =>
  render(
    <MemoryRouter initialEntries={['/start']}>
      <Routes>
        <Route path="*" element={<><PageNode node={node} scope={{ context: {}, ...scope }} /><Where /></>} />
      </Routes>
    </MemoryRouter>,
  );

const ran: { name: string; context: Record<string, unknown> }[] = [];
beforeAll(async () => {
  await i18n.changeLanguage('zh');
  registerAction('probeAction', (action, env) => {
    ran.push({ name: String(action.name ?? ''), context: env.context });
  });
  registerValidator('evenOnly', (value, { context }) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n % 2) return { ok: false, message: `不是偶数${String(context.suffix ?? '')}` };
    return { ok: true, value: { half: n / 2 } };
  });
  registerValidator('needsTwoRows', (body) => ((body as { lines: unknown[] }).lines.length >= 2 ? { ok: true } : { ok: false, message: '至少两行' }));
});
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetFake();
  ran.length = 0;
  errorSpy = vi.spyOn(message, 'error').mockImplementation(() => (() => undefined) as never);
  session.userInfo = { userId: 'u-me', userAccount: 'me', userName: '我', headIcon: '', organizeName: '', departmentName: null, positionName: null, prevLogin: 0, prevLoginTime: null, prevLoginIPAddress: null, prevLoginIPAddressName: null };
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('templates and validators', () => {
  it('fills nested bodies, keeps a single placeholder’s type, and writes text unencoded', () => {
    expect(fillDeep({ ids: ['{id}'], obj: { q: '{input.q}', fixed: 3 } }, { id: 7, input: { q: 2 } })).toEqual({ ids: [7], obj: { q: 2, fixed: 3 } });
    expect(fillCall({ url: '/x/{id}', method: 'POST', body: { rows: '{rows}' } }, { id: 'a b', rows: [{ n: 1 }] })).toEqual({ url: '/x/a%20b', method: 'POST', query: {}, body: { rows: [{ n: 1 }] } });
    expect(fillText('按“{query.keyword}”搜索', { query: { keyword: '乙 醇' } })).toBe('按“乙 醇”搜索');
  });

  it('a validator answers a problem or the value to send; an unknown name is a problem, none is a pass', () => {
    const env = { t: i18n.t, language: 'zh', context: { suffix: '!' } };
    expect(validate('evenOnly', '3', env)).toEqual({ ok: false, message: '不是偶数!' });
    expect(validate('evenOnly', '4', env)).toEqual({ ok: true, value: { half: 2 } });
    expect(validate(undefined, 'x', env)).toEqual({ ok: true, value: 'x' });
    expect(validate('nobody', 'x', env)).toEqual({ ok: false, message: '未注册的校验：nobody' });
  });

  it('a request’s then runs a list in order with the answer as {answer}', async () => {
    fake.answers['/orders'] = { id: 'o1' };
    await act(() => runAction({ actionType: 'request', reload: false, api: { url: '/orders', method: 'POST', body: { ids: ['{id}'] } }, then: [{ actionType: 'probeAction', name: 'a' }, { actionType: 'probeAction', name: 'b' }] }, { context: { id: 5 }, reload: async () => undefined, open: () => undefined, navigate: () => undefined, run: async () => undefined, t: i18n.t, language: 'zh' }));
    expect(callsTo('/orders')[0].data).toEqual({ ids: [5] });
    expect(ran.map((r) => r.name)).toEqual(['a', 'b']);
    expect(ran[1].context.answer).toEqual({ id: 'o1' });
  });
});

describe('the table node', { timeout: 30_000 }, () => {
  const cart: PageNodeSpec = {
    type: 'table', testId: 't', api: { url: '/rows', method: 'POST' }, onLoad: { actionType: 'probeAction', name: 'loaded' },
    select: { prop: 'selected', api: { url: '/rows/select', method: 'PUT', body: { ids: '{ids}', selected: '{selected}' } } },
    columns: [{ prop: 'name', label: '名称' }, { prop: 'qty', label: '数量', input: { type: 'number', min: 1, max: 99, testId: 'qty', delay: 50, api: { url: '/rows/{id}/qty', method: 'PUT', body: { qty: '{value}' } }, then: { actionType: 'probeAction', name: 'qtySent' } } },
      { prop: 'sub', label: '小计', multiply: ['price', 'qty'], cell: 'money' }],
    actions: [{ value: 'drop', label: '去掉', when: { prop: 'locked', in: [''] }, action: { actionType: 'probeAction', name: 'drop' } }],
    summary: { label: '合计', sum: 'sub', chosenOnly: true, cell: 'money' },
    batchActions: [{ value: 'go', label: '去', action: { actionType: 'probeAction', name: 'go' } }],
    empty: { text: '空的', actions: [{ value: 'shop', label: '去逛逛', action: { actionType: 'link', url: '/shop' } }] },
  };
  beforeEach(async () => {
    await import('../../../src/modules/clientModules.js'); // the money cell
  });

  it('totals the chosen rows, keeps the choice on the server, sends an edit after a pause and before a batch button', async () => {
    fake.answers['/rows'] = { list: [{ id: 'a', name: '甲', price: '1.10', qty: 2, selected: 1 }, { id: 'b', name: '乙', price: 0.2, qty: 3, selected: 0, locked: 1 }] };
    draw(cart);
    await loaded(() => expect(view.getByTestId('t-total').textContent).toBe('¥2.20'));
    expect(ran.map((r) => r.name)).toContain('loaded');
    const rows = () => view.getByTestId('t-table').querySelectorAll('tr.ant-table-row');
    expect(rows()[0].textContent).toContain('¥2.20');
    expect(rows()[0].querySelector('[data-action="drop"]')).not.toBeNull();
    expect(rows()[1].querySelector('[data-action="drop"]')).toBeNull(); // its condition is not met

    fireEvent.click(rows()[1].querySelector('input[type="checkbox"]')!);
    await loaded(() => expect(view.getByTestId('t-total').textContent).toBe('¥2.80'));
    expect(callsTo('/rows/select')[0]).toMatchObject({ method: 'PUT', data: { ids: ['b'], selected: 1 } });

    fireEvent.change(rows()[0].querySelector('[data-testid="qty"] input')!, { target: { value: '5' } });
    await loaded(() => expect(view.getByTestId('t-total').textContent).toBe('¥6.10'));
    await loaded(() => expect(callsTo('/rows/a/qty')[0].data).toEqual({ qty: 5 }));
    await loaded(() => expect(ran.map((r) => r.name)).toContain('qtySent'));

    // An edit still waiting goes first when a batch button runs; the button gets the chosen rows.
    fireEvent.change(rows()[1].querySelector('[data-testid="qty"] input')!, { target: { value: '4' } });
    fireEvent.click(view.getByTestId('t-go'));
    await loaded(() => expect(ran.map((r) => r.name)).toContain('go'));
    expect(callsTo('/rows/b/qty')[0].data).toEqual({ qty: 4 });
    expect(ran.find((r) => r.name === 'go')!.context.ids).toEqual(['a', 'b']);

    // 全选 off: nothing chosen, the batch button is disabled.
    const all = view.getByTestId('t-select-all');
    fireEvent.click(all.tagName === 'INPUT' ? all : all.querySelector('input')!);
    await loaded(() => expect(view.getByTestId('t-total').textContent).toBe('¥0.00'));
    expect((view.getByTestId('t-go') as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo('/rows/select').at(-1)!.data).toEqual({ ids: ['a', 'b'], selected: 0 });
  });

  it('an empty table says so and offers its buttons', async () => {
    fake.answers['/rows'] = { list: [] };
    draw(cart);
    await loaded(() => expect(view.getByTestId('t-empty').textContent).toContain('空的'));
    fireEvent.click(view.getByTestId('t-empty').querySelector('[data-action="shop"]')!);
    await loaded(() => expect(view.getByTestId('where').textContent).toBe('/shop'));
  });
});

describe('the search node', { timeout: 30_000 }, () => {
  const node: PageNodeSpec = {
    type: 'search', testId: 's', validator: 'evenOnly', placeholder: '数字', pageSize: 2,
    api: { url: '/find', method: 'POST', body: { half: '{query.half}', currentPage: '{page.currentPage}', pageSize: '{page.pageSize}' } },
    summary: [{ when: 'half', text: '一半是 {query.half}' }],
    views: [
      { key: 'table', label: '表格', icon: 'table', body: { type: 'table', testId: 'r', source: '{results.list}', columns: [{ prop: 'name', label: '名称' }] } },
      { key: 'cards', label: '卡片', icon: 'cards', body: { type: 'cards', testId: 'rc', source: '{results.list}', titleProp: 'name',
        inputs: [{ name: 'q', type: 'number', min: 1, max: 9, default: 1, testId: 'q' }], actions: [{ value: 'take', label: '拿', action: { actionType: 'probeAction', name: 'take' } }], open: { actionType: 'probeAction', name: 'open' } } },
    ],
  };
  const type = (text: string) => {
    const box = view.getByPlaceholderText('数字');
    fireEvent.change(box, { target: { value: text } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 }); // the input takes one Enter per key press
  };

  it('says what the validator refuses and sends nothing; sends its answer as {query}, pages and switches views', async () => {
    fake.answers['/find'] = (call: Call) => ({ list: [{ id: `x${String(call.data?.currentPage)}`, name: `第${String(call.data?.currentPage)}页` }], pagination: { total: 3 } });
    draw(node);
    await view.findByPlaceholderText('数字');
    type('3');
    await loaded(() => expect(view.getByTestId('s-problem').textContent).toContain('不是偶数'));
    expect(callsTo('/find')).toHaveLength(0);
    type('8');
    await loaded(() => expect(view.getByTestId('r-table').textContent).toContain('第1页'));
    expect(callsTo('/find')[0].data).toEqual({ half: 4, currentPage: 1, pageSize: 2 });
    expect(view.getByTestId('s-summary').textContent).toContain('一半是 4');
    fireEvent.click(view.getByTitle('2'));
    await loaded(() => expect(view.getByTestId('r-table').textContent).toContain('第2页'));

    // The card view: an input's value reaches the button; a click on the card runs `open`.
    fireEvent.click(within(view.getByTestId('s-views')).getByText('卡片'));
    await loaded(() => expect(view.getByTestId('rc')).toBeTruthy());
    const card = view.getByTestId('rc').querySelector('[data-card]') as HTMLElement;
    fireEvent.change(card.querySelector('[data-testid="q"] input')!, { target: { value: '3' } });
    fireEvent.click(card.querySelector('[data-action="take"]')!);
    await loaded(() => expect(ran.find((r) => r.name === 'take')?.context.input).toEqual({ q: 3 }));
    expect(ran.some((r) => r.name === 'open')).toBe(false); // the button's click is its own
    fireEvent.click(card.querySelector('.ant-card-body')!);
    await loaded(() => expect(ran.some((r) => r.name === 'open')).toBe(true));
  });
});

describe('the entryForm node', { timeout: 30_000 }, () => {
  const form = (then: unknown = [{ actionType: 'link', url: '/done' }]): PageNodeSpec => ({
    type: 'entryForm', validator: 'needsTwoRows',
    sections: [
      { title: '可选', table: { name: 'listed', api: { url: '/listed', method: 'POST', body: { currentPage: '{page.currentPage}', pageSize: '{page.pageSize}' } }, pageSize: 5, select: true, removeSubmitted: true, testId: 'listed', columns: [{ prop: 'name', label: '名称' }], submit: { rows: 'chosen', map: { from: '{row.id}' } } } },
      { title: '手填', table: { name: 'made', rowKey: 'key', add: { testId: 'add' }, remove: {}, rowDefaults: { n: null }, columns: [{ prop: 'i', label: '#', index: true }, { prop: 'n', label: '数', input: { type: 'number', min: 0, max: 9, testId: 'n' } }], submit: { map: { n: '{row.n}' } } } },
      { fields: [
        { name: 'who', label: '谁', widget: 'select', default: 'p1', testId: 'who', options: { api: { url: '/people' }, labelProp: 'fullName' }, onChange: { clear: ['dep'], load: { api: { url: '/people/{value}' }, set: { org: 'organizeId', needsDep: 'flag' } } } },
        { name: 'org', label: '部门', widget: 'input', testId: 'org' },
        { name: 'dep', label: '项目', widget: 'select', testId: 'dep', visibleWhen: { prop: 'needsDep', in: [1] }, options: { api: { url: '/deps/{values.who}' }, labelProp: 'fullName', requires: ['who'] } },
      ] },
    ],
    submit: { testId: 'send', success: '好了', api: { url: '/save', method: 'POST', body: { who: '{values.who}', org: '{values.org}', by: '{currentUser}', lines: '{rows.made}', from: '{rows.listed}' } }, then },
  });
  const answer = () =>
    resetFake({
      '/listed': (call: Call) => {
        const page = Number(call.data?.currentPage);
        return { list: Array.from({ length: page === 1 ? 5 : 2 }, (_, i) => ({ id: `l${page}-${i}`, name: `行${page}-${i}` })) };
      },
      '/people': { list: [{ id: 'p1', fullName: '甲' }, { id: 'p2', fullName: '乙' }] },
      '/people/p1': { organizeId: 'o1', flag: 1 },
      '/people/p2': { organizeId: 'o2', flag: 0 },
      '/deps/p1': { list: [{ id: 'd1', fullName: '一号' }] },
      '/save': null,
    });

  it('pages its list within 200 px of the bottom, follows a field’s dependencies, validates, submits and moves on', async () => {
    answer();
    const close = vi.fn();
    draw(form(), { close });
    await loaded(() => expect(view.getByText('行1-0')).toBeTruthy());
    // The default need person is a change: their department and flag arrive, the flagged field shows and loads.
    await loaded(() => expect((view.getByTestId('org') as HTMLInputElement).value).toBe('o1'));
    await loaded(() => expect(view.getByTestId('dep')).toBeTruthy());
    await loaded(() => expect(callsTo('/deps/p1')).toHaveLength(1));

    const box = view.getByTestId('listed-scroll');
    Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(box, 'clientHeight', { configurable: true, value: 260 });
    box.scrollTop = 539; // 201 px left
    fireEvent.scroll(box);
    expect(callsTo('/listed')).toHaveLength(1);
    box.scrollTop = 540;
    fireEvent.scroll(box);
    await loaded(() => expect(view.getByText('行2-1')).toBeTruthy());
    // Page 2 was short: the end. A next page would be asked for while the scroll is handled.
    await act(async () => {
      fireEvent.scroll(box);
    });
    expect(callsTo('/listed').map((c) => c.data?.currentPage)).toEqual([1, 2]);

    // Choosing another person clears the dependent field, takes their department, hides what they need not fill.
    fireEvent.mouseDown(view.getByTestId('who').querySelector('.ant-select-selector')!);
    fireEvent.click((await view.findAllByTitle('乙')).at(-1)!);
    await loaded(() => expect((view.getByTestId('org') as HTMLInputElement).value).toBe('o2'));
    expect(view.queryByTestId('dep')).toBeNull();

    // The validator reads the body: one row is not enough.
    fireEvent.click(view.getByTestId('add'));
    fireEvent.click(view.getByTestId('send'));
    await loaded(() => expect(errorSpy).toHaveBeenCalledWith('至少两行'));
    expect(callsTo('/save')).toHaveLength(0);
    fireEvent.click(view.getByTestId('add'));
    fireEvent.click(view.getByTestId('add'));
    const removeButtons = view.getAllByRole('button', { name: '删除' });
    fireEvent.click(removeButtons[2]);
    await loaded(() => expect(view.getAllByTestId('n')).toHaveLength(2));
    fireEvent.change(view.getAllByTestId('n')[1].querySelector('input')!, { target: { value: '7' } });
    fireEvent.click(within(view.getByText('行1-2').closest('tr')!).getByRole('checkbox'));
    fireEvent.click(view.getByTestId('send'));
    await loaded(() => expect(close).toHaveBeenCalled());
    expect(callsTo('/save')[0].data).toEqual({ who: 'p2', org: 'o2', by: 'u-me', lines: [{ n: null }, { n: 7 }], from: [{ from: 'l1-2' }] });
    await loaded(() => expect(view.getByTestId('where').textContent).toBe('/done'));
    expect(view.queryByText('行1-2')).toBeNull(); // sent, so gone from the list
    expect(view.getByText('行1-1')).toBeTruthy();
  });

  it('a refused submit keeps everything and does not move on', async () => {
    answer();
    fake.answers['/save'] = new Error('不行');
    const close = vi.fn();
    draw(form(), { close });
    await loaded(() => expect(view.getByText('行1-0')).toBeTruthy());
    fireEvent.click(view.getByTestId('add'));
    fireEvent.click(view.getByTestId('add'));
    fireEvent.click(within(view.getByText('行1-0').closest('tr')!).getByRole('checkbox'));
    fireEvent.click(view.getByTestId('send'));
    await loaded(() => expect(callsTo('/save')).toHaveLength(1));
    // The refusal has reached the form, which has done with it whatever it does.
    await act(() => answered('/save'));
    expect(close).not.toHaveBeenCalled();
    expect(view.getByText('行1-0')).toBeTruthy();
    expect(view.getByTestId('where').textContent).toBe('/start');
  });
});
