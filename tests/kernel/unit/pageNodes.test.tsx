import { act, cleanup, fireEvent, render, screen as view, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../registry/index.js';
import { i18n } from '../../../src/kernel/client/i18n/index.js';
import type { PageNodeSpec } from '../../../src/kernel/client/runtime/page/screen.js';
import { useFakeRequest } from '../../support/unit/fakeRequest.js';

/**
 * Each built-in page node rendered from a small JSON document, against a scripted server: GET answers from
 * `answers` by URL, anything else is recorded and succeeds.
 */
const calls: { url: string; method?: string; data?: unknown }[] = [];
let answers: Record<string, unknown> = {};
useFakeRequest(vi.fn(async (config: { url: string; method?: string; data?: unknown }) => {
    calls.push(config);
    if ((config.method ?? 'GET') === 'GET') {
      if (!(config.url in answers)) throw new Error(`unexpected call ${config.url}`);
      return { code: 200, msg: '', data: answers[config.url] };
    }
    return { code: 200, msg: '已保存', data: null };
  }));

const { PageNode, registerPageNode } = await import('../../../src/kernel/client/runtime/page/pageNodes.js');
const { ScreenView } = await import('../../../src/kernel/client/runtime/page/ScreenView.js');
await import('../../../src/kernel/client/runtime/page/builtIns.js');

const loaded = (check: () => void) => waitFor(check, { timeout: 10_000 });
const draw = (node: PageNodeSpec, scope = { context: {} as Record<string, unknown> }) => render(<PageNode node={node} scope={scope} />);
const nameField = (label: string, key: string) => ({ __config__: { jnpfKey: 'comInput', label, required: true }, __vModel__: key });
const fill = (container: HTMLElement, key: string, value: string) => fireEvent.change(container.querySelector(`[data-field="${key}"] input`)!, { target: { value } });

beforeAll(async () => {
  await i18n.changeLanguage('zh');
  registerPageNode('probe', ({ node, scope }) => <div data-testid="probe">{`${String(node.text)}:${String(scope.context.treeId ?? '')}`}</div>);
});
beforeEach(() => {
  calls.length = 0;
  answers = {};
});
afterEach(cleanup);

describe('the built-in page nodes', { timeout: 20_000 }, () => {
  it('tabs: each tab holds a node, shown when opened', async () => {
    draw({ type: 'tabs', items: [{ label: '基本', body: { type: 'probe', text: 'one' } }, { label: '更多', body: { type: 'probe', text: 'two' } }] });
    expect(view.getByTestId('probe').textContent).toBe('one:');
    fireEvent.click(view.getByText('更多'));
    await loaded(() => expect(view.getAllByTestId('probe').map((p) => p.textContent)).toContain('two:'));
  });

  it('descriptions: the record its call answers, through the cells', async () => {
    answers['/demo/reagents/7'] = { name: '乙醇', enabledMark: 1 };
    draw({ type: 'descriptions', api: { url: '/demo/reagents/{id}' }, items: [{ prop: 'name', label: '名称' }, { prop: 'enabledMark', label: '状态', cell: 'enabledTag' }] }, { context: { id: 7 } });
    await loaded(() => expect(view.getByTestId('descriptions-node').textContent).toContain('乙醇'));
    expect(view.getByTestId('descriptions-node').textContent).toContain('启用');
  });

  it('cards: one card per record, whose actions get the record', async () => {
    answers['/demo/reagents'] = { list: [{ id: 'a', name: '乙醇', grade: 'AR' }, { id: 'b', name: '丙酮', grade: 'GR' }] };
    const page = draw({ type: 'cards', api: { url: '/demo/reagents' }, titleProp: 'name', items: [{ prop: 'grade', label: '等级' }], actions: [{ value: 'order', label: '下单', action: { actionType: 'request', api: { url: '/demo/orders/{id}', method: 'POST' } } }] });
    await loaded(() => expect(page.container.querySelectorAll('[data-card]')).toHaveLength(2));
    expect(page.container.querySelector('[data-card="b"]')!.textContent).toContain('丙酮');
    expect(page.container.querySelector('[data-card="b"]')!.textContent).toContain('等级：GR');
    fireEvent.click(page.container.querySelector('[data-card="b"] [data-action="order"]')!);
    await loaded(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/demo/orders/b' }));
  });

  it('tree: the tree its call answers; the chosen node fills {treeId} for the body', async () => {
    answers['/demo/categories'] = { list: [{ id: 'c1', fullName: '试剂', children: [{ id: 'c2', fullName: '溶剂', children: [] }] }] };
    draw({ type: 'tree', api: { url: '/demo/categories' }, title: '分类', body: { type: 'probe', text: 'body' } });
    await loaded(() => expect(view.getByText('溶剂')).toBeTruthy());
    expect(view.queryByTestId('probe')).toBeNull();
    fireEvent.click(view.getByText('溶剂'));
    await loaded(() => expect(view.getByTestId('probe').textContent).toBe('body:c2'));
  });

  it('form: validates, submits to its call, then reloads and closes what holds it', async () => {
    const scope = { context: { treeId: 't1' }, reload: vi.fn(async () => undefined), close: vi.fn() };
    const page = draw({ type: 'form', form: { fields: [nameField('名称', 'name')] }, api: { url: '/demo/{treeId}/reagents', method: 'POST' } }, scope);
    await loaded(() => expect(page.container.querySelector('[data-field="name"] input')).not.toBeNull());
    fireEvent.click(view.getByTestId('form-submit'));
    // The empty required field is refused where it stands: validation is over, and nothing was sent.
    await loaded(() => expect(page.container.querySelector('[data-field="name"]')!.textContent).toContain('不能为空'));
    await act(async () => {});
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fill(page.container, 'name', '乙醇');
    fireEvent.click(view.getByTestId('form-submit'));
    await loaded(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/demo/t1/reagents', data: { name: '乙醇' } }));
    await loaded(() => expect(scope.close).toHaveBeenCalled());
    expect(scope.reload).toHaveBeenCalled();
  });

  it('steps: each step validated before the next, all values submitted together at the end', async () => {
    const page = draw({ type: 'steps', steps: [{ title: '基本', form: { fields: [nameField('名称', 'name')] } }, { title: '规格', form: { fields: [nameField('规格', 'spec')] } }], api: { url: '/demo/reagents', method: 'POST' } });
    await loaded(() => expect(page.container.querySelector('[data-field="name"] input')).not.toBeNull());
    fireEvent.click(view.getByTestId('steps-next'));
    // The empty required field is refused where it stands: validation is over, and the step stays.
    await loaded(() => expect(page.container.querySelector('[data-field="name"]')!.textContent).toContain('不能为空'));
    await act(async () => {});
    expect(page.container.querySelector('[data-field="spec"]')).toBeNull();
    fill(page.container, 'name', '乙醇');
    fireEvent.click(view.getByTestId('steps-next'));
    await loaded(() => expect(page.container.querySelector('[data-field="spec"] input')).not.toBeNull());
    fill(page.container, 'spec', '500 mL');
    fireEvent.click(view.getByTestId('steps-next'));
    await loaded(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/demo/reagents', data: { name: '乙醇', spec: '500 mL' } }));
  });

  it('list: the rows its call answers, filled from the outer context', async () => {
    answers['/demo/t1/reagents'] = { list: [{ id: 'a', name: '乙醇', enabledMark: 0 }] };
    const page = draw({ type: 'list', columnData: { type: 1, columnList: [{ prop: 'name', label: '名称' }, { prop: 'enabledMark', label: '状态' }] }, api: { list: { url: '/demo/{treeId}/reagents' } }, cells: { enabledMark: 'enabledTag' } }, { context: { treeId: 't1' } });
    await loaded(() => expect(page.container.querySelector('tr.ant-table-row')?.textContent).toContain('乙醇'));
    expect(page.container.querySelector('tr.ant-table-row')!.textContent).toContain('禁用');
  });

  it('screen: a whole screen document, its body node or the list its top level describes', async () => {
    answers['/screens/demo/tabs'] = { screen: 'demo/tabs', title: '试剂', body: { type: 'tabs', items: [{ label: '清单', body: { type: 'screen', screen: 'demo/list' } }] } };
    answers['/screens/demo/list'] = { screen: 'demo/list', title: '清单', columnData: { type: 1, columnList: [{ prop: 'name', label: '名称' }] }, api: { list: { url: '/demo/reagents' } } };
    answers['/demo/reagents'] = { list: [{ id: 'a', name: '乙醇' }] };
    const page = render(<ScreenView name="demo/tabs" />);
    await loaded(() => expect(page.container.querySelector('tr.ant-table-row')?.textContent).toContain('乙醇'));
    expect(page.container.querySelector('h4')!.textContent).toBe('试剂');
  });

  it('an invalid body is refused with the place of the problem, before anything renders', async () => {
    answers['/screens/demo/bad'] = { screen: 'demo/bad', title: '坏', body: { type: 'tabs', items: [{ label: '甲' }] } };
    render(<ScreenView name="demo/bad" />);
    await loaded(() => expect(view.getByTestId('screen-problems').textContent).toContain('body.items[0]'));
  });
});
