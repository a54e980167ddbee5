import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen as view, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../src/kernel/client/i18n/index.js';
import type { ActionEnv } from '../../../src/kernel/client/runtime/page/actions.js';
import type { ActionSpec } from '../../../src/kernel/client/runtime/page/screen.js';
import { useFakeRequest } from '../../support/unit/fakeRequest.js';

/**
 * The page runtime's registries: names and entries checked when registered, unknown names answered in place, and
 * each built-in action's effect. The HTTP layer is a scripted stand-in: this checks what the actions ask the
 * server; the API suites check what the server answers.
 */
const calls: { url: string; method?: string; data?: unknown; params?: unknown; responseType?: string }[] = [];
useFakeRequest(vi.fn(async (config: { url: string; method?: string; responseType?: string }) => {
    calls.push(config);
    if (config.responseType === 'blob') return { code: 200, msg: '', data: new Blob(['{}']) };
    if (config.url.endsWith('/Export')) return { code: 200, msg: '', data: { url: '/api/file/export/a.json', name: 'a.json' } };
    return { code: 200, msg: '已完成', data: null };
  }));

const { registerPageNode, PageNode, pageNodeTypes } = await import('../../../src/kernel/client/runtime/page/pageNodes.js');
const { registerAction, runAction, actionTypes } = await import('../../../src/kernel/client/runtime/page/actions.js');
const { registerCell, renderCell, cellNames } = await import('../../../src/kernel/client/runtime/page/cells.js');
const { PageRegistrationError } = await import('../../../src/kernel/client/runtime/page/registry.js');
const { ActionButton } = await import('../../../src/kernel/client/runtime/page/list/ActionButton.js');
await import('../../../src/kernel/client/runtime/page/builtIns.js');

beforeAll(async () => {
  await i18n.changeLanguage('zh');
  registerPageNode('probe', ({ node, scope }) => <div data-testid="probe">{`${String(node.text)}:${String(scope.context.id ?? '')}`}</div>);
});
beforeEach(() => {
  calls.length = 0;
});
afterEach(cleanup);

function testEnv(overrides: Partial<ActionEnv> = {}) {
  const overlays: ReactNode[] = [];
  const env: ActionEnv = {
    context: { id: 7, row: { id: 7, name: '乙醇' } },
    modelId: 'm1',
    reload: vi.fn(async () => undefined),
    open: vi.fn((renderOverlay: (close: () => void) => ReactNode) => void overlays.push(renderOverlay(vi.fn()))),
    navigate: vi.fn(),
    run: vi.fn(async (action: ActionSpec) => runAction(action, env)),
    t: i18n.t.bind(i18n) as never,
    language: 'zh',
    ...overrides,
  };
  return { env, overlays };
}

describe('registering', () => {
  it('lists the built-in page nodes, actions and cells', () => {
    expect(pageNodeTypes()).toEqual(expect.arrayContaining(['list', 'tree', 'cards', 'steps', 'tabs', 'form', 'descriptions', 'screen', 'authorize']));
    // Modules register theirs too, and the component files share their worker's modules: the built-ins are there,
    // whatever else an earlier file loaded.
    expect(actionTypes()).toEqual(expect.arrayContaining(['confirm', 'dialog', 'download', 'drawer', 'import', 'link', 'reload', 'request', 'resetPassword']));
    expect(cellNames()).toEqual(expect.arrayContaining(['date', 'dateTime', 'dictionary', 'enabledTag', 'tag', 'text', 'yesNo']));
  });

  it('shows a moment the same way whether the answer gives an ISO string, milliseconds or seconds', () => {
    const env = { row: {}, t: i18n.t as never, language: 'en' };
    const moment = new Date(2026, 10, 28, 9, 5, 7);
    for (const value of [moment.toISOString(), moment.getTime(), Math.floor(moment.getTime() / 1000)]) expect(renderCell('dateTime', value, env)).toBe('2026-11-28 09:05');
    expect(renderCell({ name: 'dateTime', format: 'YYYY-MM-DD HH:mm:ss' }, moment.toISOString(), env)).toBe('2026-11-28 09:05:07');
    expect(renderCell('dateTime', String(moment.getTime()), env)).toBe('2026-11-28 09:05');
    expect(renderCell('dateTime', null, env)).toBe('');
    expect(renderCell('dateTime', 0, env)).toBe('');
    expect(renderCell('dateTime', 'not a time', env)).toBe('');
  });

  it('refuses a bad name or an entry of the wrong kind, saying which and why', () => {
    expect(() => registerPageNode('', () => null)).toThrow(PageRegistrationError);
    expect(() => registerPageNode('1abc', () => null)).toThrow(/page node "1abc" cannot be registered: the name must start with a letter/);
    expect(() => registerPageNode('ok', 'div' as never)).toThrow(/the entry must be a React component/);
    expect(() => registerAction('ok', {} as never)).toThrow(/action "ok" cannot be registered: the entry must be a function/);
    expect(() => registerCell('with space', () => null)).toThrow(/cell "with space"/);
    expect(pageNodeTypes()).not.toContain('ok');
  });

  it('lets an integrator add a cell and override it', () => {
    registerCell('shout', (value) => `${String(value)}!`);
    expect(renderCell('shout', 'hi', { row: {}, t: i18n.t as never, language: 'zh' })).toBe('hi!');
    registerCell('shout', (value) => `${String(value)}!!`);
    expect(renderCell({ name: 'shout' }, 'hi', { row: {}, t: i18n.t as never, language: 'zh' })).toBe('hi!!');
  });
});

describe('unknown names', () => {
  it('renders an unknown page node type as a translated error in place', () => {
    render(<PageNode node={{ type: 'chart' }} scope={{ context: {} }} />);
    expect(view.getByTestId('unknown-node').textContent).toContain('未注册的页面节点类型：chart');
  });

  it('renders an unknown cell as a translated error in the cell', () => {
    render(<>{renderCell('sparkline', 3, { row: {}, t: i18n.t.bind(i18n) as never, language: 'zh' })}</>);
    expect(view.getByTestId('unknown-cell').textContent).toBe('未注册的单元格：sparkline');
  });

  it('disables a button whose action is unknown, and running one says so and does nothing', async () => {
    render(<ActionButton button={{ value: 'print', label: '打印', action: { actionType: 'print' } }} language="zh" />);
    expect(view.getByRole('button', { name: /打\s*印/ })).toHaveProperty('disabled', true);
    const { env } = testEnv();
    await act(() => runAction({ actionType: 'print' }, env));
    await waitFor(() => expect(document.body.textContent).toContain('未注册的动作类型：print'));
    expect(calls).toEqual([]);
    expect(env.reload).not.toHaveBeenCalled();
  });
});

describe('the built-in actions', () => {
  it('request: fills the call from the context, sends it, and reloads unless told not to', async () => {
    const { env } = testEnv();
    await runAction({ actionType: 'request', api: { url: '/demo/{id}/Actions/State', method: 'PUT', body: { name: '{row.name}' } } }, env);
    expect(calls).toEqual([expect.objectContaining({ url: '/demo/7/Actions/State', method: 'PUT', data: { name: '乙醇' } })]);
    expect(env.reload).toHaveBeenCalledTimes(1);
    await runAction({ actionType: 'request', api: { url: '/demo/{id}', method: 'DELETE' }, reload: false }, env);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('confirm: asks with its text, and runs the wrapped action only when confirmed', async () => {
    const { env } = testEnv();
    await act(() => runAction({ actionType: 'confirm', text: '确定停用？', then: { actionType: 'request', api: { url: '/demo/{id}', method: 'DELETE' } } }, env));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain('确定停用？'));
    expect(calls).toEqual([]);
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm button')];
    fireEvent.click(buttons[buttons.length - 1]);
    await waitFor(() => expect(calls).toEqual([expect.objectContaining({ url: '/demo/7', method: 'DELETE' })]));
    expect(env.reload).toHaveBeenCalled();
  });

  it('download: asks the server for the file, then fetches it as a blob', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const { env } = testEnv();
    await runAction({ actionType: 'download', api: { url: '/demo/{id}/Action/Export' } }, env);
    expect(calls.map((c) => [c.url, c.responseType])).toEqual([['/demo/7/Action/Export', undefined], ['/file/export/a.json', 'blob']]);
  });

  it('reload: reloads what holds the button', async () => {
    const { env } = testEnv();
    await runAction({ actionType: 'reload' }, env);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('link: a path of the app navigates, a web address opens a window, anything else is refused', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { env } = testEnv();
    await runAction({ actionType: 'link', url: '/system/billRule/{id}' }, env);
    expect(env.navigate).toHaveBeenCalledWith('/system/billRule/7');
    await runAction({ actionType: 'link', url: 'https://pubchem.ncbi.nlm.nih.gov/' }, env);
    expect(open).toHaveBeenCalledWith('https://pubchem.ncbi.nlm.nih.gov/', '_blank', 'noopener,noreferrer');
    await act(() => runAction({ actionType: 'link', url: 'javascript:alert(1)' }, env));
    expect(env.navigate).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.body.textContent).toContain('该链接地址无法打开'));
    open.mockRestore();
  });

  it.each(['dialog', 'drawer'])('%s: shows its body node with the opener\'s context', async (actionType) => {
    const { env, overlays } = testEnv();
    await runAction({ actionType, title: '详情', body: { type: 'probe', text: actionType } }, env);
    expect(env.open).toHaveBeenCalledTimes(1);
    render(<>{overlays}</>);
    expect((await view.findByTestId('probe')).textContent).toBe(`${actionType}:7`);
    expect(document.body.textContent).toContain('详情');
  });
});
