import { cleanup, fireEvent, render, screen as view, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../registry/index.js';
import type { ListSpec } from '../../../src/kernel/client/runtime/page/screen.js';
import { useFakeRequest } from '../../support/unit/fakeRequest.js';

/**
 * Editable lists (columnData type 4). The HTTP layer is a scripted stand-in here: this checks what the page asks
 * the server, and the API suites check what the server answers.
 */
const calls: { url: string; method?: string; data?: unknown }[] = [];
let rows: Record<string, unknown>[] = [];
useFakeRequest(vi.fn(async (config: { url: string; method?: string; data?: unknown }) => {
    calls.push(config);
    if ((config.method ?? 'GET') === 'GET') return { code: 200, msg: '', data: { list: rows } };
    return { code: 200, msg: '已保存', data: null };
  }));

const { ListPage } = await import('../../../src/kernel/client/runtime/page/ListPage.js');

const screen: ListSpec = {
  title: '试剂',
  columnData: {
    type: 4,
    columnList: [{ prop: 'name', label: '名称', jnpfKey: 'comInput' }, { prop: 'qty', label: '数量', jnpfKey: 'numInput' }],
    btnsList: [{ value: 'add', label: '新建' }],
    columnBtnsList: [{ value: 'edit', label: '编辑' }],
  },
  formData: { fields: [{ __config__: { jnpfKey: 'comInput', label: '名称', required: true, requiredMessage: '请输入名称' }, __vModel__: 'name' }] },
  api: { list: { url: '/demo/list' }, create: { url: '/demo', method: 'POST' }, update: { url: '/demo/{id}', method: 'PUT' } },
};

/** The rows are there (the first render of antd's table is slow on a busy machine). */
const loaded = (container: HTMLElement) => waitFor(() => expect(container.querySelector('[data-action="edit"]')).not.toBeNull(), { timeout: 10_000 });
/** The row being edited shows its cell's input. */
const editing = (container: HTMLElement) => waitFor(() => expect(container.querySelector('[data-edit-cell="name"] input')).not.toBeNull(), { timeout: 10_000 });

beforeEach(() => {
  calls.length = 0;
  rows = [{ id: 'r1', name: '乙醇', qty: 2 }];
});
afterEach(cleanup);

describe('editable lists (type 4)', { timeout: 20_000 }, () => {
  it('edits a row in place and saves that row alone', async () => {
    const page = render(<ListPage screen={screen} />);
    await loaded(page.container);
    fireEvent.click(page.container.querySelector('[data-action="edit"]')!);
    await editing(page.container);
    fireEvent.change(page.container.querySelector('[data-edit-cell="name"] input')!, { target: { value: '无水乙醇' } });
    fireEvent.click(page.container.querySelector('[data-action="saveRow"]')!);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/demo/r1', data: { name: '无水乙醇', qty: 2 } }));
    await waitFor(() => expect(page.container.querySelector('[data-edit-cell]')).toBeNull());
  });

  it('refuses a row that breaks the form rules, saying why, and saves nothing', async () => {
    const page = render(<ListPage screen={screen} />);
    await loaded(page.container);
    fireEvent.click(page.container.querySelector('[data-action="edit"]')!);
    await editing(page.container);
    fireEvent.change(page.container.querySelector('[data-edit-cell="name"] input')!, { target: { value: '' } });
    fireEvent.click(page.container.querySelector('[data-action="saveRow"]')!);
    // The row is checked, and refused, as the click is handled: a save would have been sent by then.
    await waitFor(() => expect(document.body.textContent).toContain('名称：请输入名称'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('adds a new row on top and creates it', async () => {
    const page = render(<ListPage screen={screen} />);
    await loaded(page.container);
    fireEvent.click(view.getByRole('button', { name: /新建/ }));
    await editing(page.container);
    fireEvent.change(page.container.querySelector('[data-edit-cell="name"] input')!, { target: { value: '丙酮' } });
    fireEvent.click(page.container.querySelector('[data-action="saveRow"]')!);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/demo', data: { name: '丙酮' } }));
  });
});
