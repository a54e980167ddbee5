import { act, cleanup, fireEvent, render, screen as view, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../src/kernel/client/i18n/index.js';
import { checkedLeaves, saveBody, withAncestors, type AuthorizeTreeNode } from '../../../src/kernel/client/runtime/page/nodes/authorizeModel.js';
import { buttonsForRow } from '../../../src/kernel/client/runtime/page/list/rows.js';
import { useFakeRequest } from '../../support/unit/fakeRequest.js';

/**
 * The authorize node (JNPF's authorize dialog) against a scripted server: each kind's tree answers from
 * `trees`, with the granted ids; the save is recorded. Also the row-button condition (`when`).
 */
const calls: { url: string; method?: string; data?: Record<string, unknown> }[] = [];
const menus: AuthorizeTreeNode[] = [
  { id: 'permission', fullName: '组织权限', children: [{ id: 'menu-user', fullName: '用户管理' }, { id: 'menu-role', fullName: '角色管理' }] },
  { id: 'menu-dict', fullName: '数据字典' },
];
const buttonsUnder = (moduleIds: string) => {
  const chosen = moduleIds.split(',');
  const all: AuthorizeTreeNode[] = [
    { id: 'menu-user', fullName: '用户管理', children: [{ id: 'menu-user-btn_add', fullName: '新建' }, { id: 'menu-user-btn_remove', fullName: '删除' }] },
    { id: 'menu-role', fullName: '角色管理', children: [{ id: 'menu-role-btn_add', fullName: '新建' }] },
  ];
  return all.filter((node) => chosen.includes(node.id));
};
useFakeRequest(vi.fn(async (config: { url: string; method?: string; data?: Record<string, unknown> }) => {
    calls.push(config);
    if (config.url.endsWith('/Values')) {
      const type = config.data?.type;
      if (type === 'module') return { code: 200, msg: '', data: { list: menus, ids: ['menu-user', 'permission'], all: [] } };
      if (type === 'button') return { code: 200, msg: '', data: { list: buttonsUnder(String(config.data?.moduleIds ?? '')), ids: ['menu-user-btn_remove', 'menu-user'], all: [] } };
      return { code: 200, msg: '', data: { list: [], ids: [], all: [] } };
    }
    return { code: 200, msg: '已保存', data: null };
  }));
const { PageNode } = await import('../../../src/kernel/client/runtime/page/pageNodes.js');
await import('../../../src/kernel/client/runtime/page/builtIns.js');

const later = (check: () => void) => waitFor(check, { timeout: 5000 });
const checkbox = (id: string) => document.querySelector(`[data-node="${id}"]`)!.closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
const isChecked = (id: string) => checkbox(id).classList.contains('ant-tree-checkbox-checked');

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
beforeEach(() => {
  calls.length = 0;
});
afterEach(cleanup);

describe('the authorize model', () => {
  it('shows granted leaves only, so a granted parent alone does not tick its children', () => {
    expect(checkedLeaves({ list: menus, ids: ['permission', 'menu-user', 'gone'], all: [] }, undefined)).toEqual(['menu-user']);
    expect(checkedLeaves({ list: menus, ids: ['menu-user'], all: [] }, ['menu-role', 'gone'])).toEqual(['menu-role']);
  });

  it('saves every chosen id with the nodes above it', () => {
    expect(withAncestors(menus, new Set(['menu-role'])).sort()).toEqual(['menu-role', 'permission']);
    const trees = { system: [], module: menus, button: [], column: [], form: [], resource: [] };
    const body = saveBody('Position', trees, { system: [], module: ['menu-dict'], button: [], column: [], form: [], resource: [] });
    expect(body).toEqual({ objectType: 'Position', systemIds: [], module: ['menu-dict'], button: [], column: [], form: [], resource: [] });
  });
});

describe('the authorize node', { timeout: 20_000 }, () => {
  it('loads the menus granted, lists buttons under the menus ticked, and saves every kind at once', async () => {
    const closed = vi.fn();
    const reload = vi.fn(async () => undefined);
    render(<PageNode node={{ type: 'authorize', objectType: 'Role' }} scope={{ context: { id: 'role-staff' }, close: closed, reload }} />);
    await later(() => expect(document.querySelector('[data-node="menu-user"]')).toBeTruthy());
    expect(calls[0]).toMatchObject({ url: '/permission/Authority/Data/role-staff/Values', method: 'POST', data: { type: 'module', objectType: 'Role' } });
    expect(isChecked('menu-user')).toBe(true);
    expect(isChecked('menu-role')).toBe(false);

    // Tick the role menu too, then open the buttons: they are asked for under both menus.
    await act(async () => void fireEvent.click(checkbox('menu-role')));
    expect(isChecked('permission')).toBe(true);
    fireEvent.click(view.getByText('按钮权限'));
    await later(() => expect(document.querySelector('[data-node="menu-role-btn_add"]')).toBeTruthy());
    const buttonCall = calls.find((c) => c.data?.type === 'button')!;
    expect(String(buttonCall.data?.moduleIds).split(',').sort()).toEqual(['menu-role', 'menu-user', 'permission']);
    expect(isChecked('menu-user-btn_remove')).toBe(true);
    expect(isChecked('menu-user-btn_add')).toBe(false);
    await act(async () => void fireEvent.click(checkbox('menu-role-btn_add')));

    fireEvent.click(view.getByTestId('authorize-save'));
    await later(() => expect(closed).toHaveBeenCalled());
    const saved = calls.find((c) => c.method === 'PUT')!;
    expect(saved.url).toBe('/permission/Authority/Data/role-staff');
    const body = saved.data as Record<string, string[]>;
    expect(body.objectType).toBe('Role');
    expect([...body.module].sort()).toEqual(['menu-role', 'menu-user', 'permission']);
    expect([...body.button].sort()).toEqual(['menu-role', 'menu-role-btn_add', 'menu-user', 'menu-user-btn_remove']);
    // Kinds never opened were read before saving, so they keep what they had (here nothing).
    expect(calls.filter((c) => c.data?.type === 'column')).toHaveLength(1);
    expect(body.column).toEqual([]);
    expect(reload).toHaveBeenCalled();
  });

  it('a menu no longer ticked takes its buttons out of the save', async () => {
    render(<PageNode node={{ type: 'authorize', objectType: 'User', objectId: '{row.userId}' }} scope={{ context: { row: { userId: 'u-7' } }, close: () => undefined }} />);
    await later(() => expect(document.querySelector('[data-node="menu-user"]')).toBeTruthy());
    await act(async () => void fireEvent.click(checkbox('menu-user')));
    expect(isChecked('menu-user')).toBe(false);
    fireEvent.click(view.getByTestId('authorize-save'));
    await later(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const saved = calls.find((c) => c.method === 'PUT')!;
    expect(saved.url).toBe('/permission/Authority/Data/u-7');
    expect((saved.data as Record<string, string[]>).module).toEqual([]);
    expect((saved.data as Record<string, string[]>).button).toEqual([]);
  });
});

describe('row buttons by row', () => {
  it('shows a conditioned button only on rows that meet it', () => {
    const buttons = [
      { value: 'edit', label: '编辑', when: { prop: 'category', in: ['company'] } },
      { value: 'editDepartment', label: '编辑', when: { prop: 'category', in: ['department'] } },
      { value: 'unlock', label: '解锁', when: { prop: 'lockMark', in: [1] } },
      { value: 'remove', label: '删除' },
    ];
    expect(buttonsForRow(buttons, { category: 'company' }).map((b) => b.value)).toEqual(['edit', 'remove']);
    expect(buttonsForRow(buttons, { category: 'department', lockMark: '1' }).map((b) => b.value)).toEqual(['editDepartment', 'unlock', 'remove']);
  });
});
