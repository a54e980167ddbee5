import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen as view, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../registry/index.js';
import { i18n } from '../../../src/kernel/client/i18n/index.js';
import { session } from '../../../src/kernel/client/stores/session.js';
import type { PageNodeSpec } from '../../../src/kernel/client/runtime/page/screen.js';
import { useFakeRequest } from '../../support/unit/fakeRequest.js';

/**
 * The users screen as shipped (schemas/users/permission/user.json) through the page runtime, against a scripted
 * server: its buttons follow the menu's button codes, the unlock button shows on locked rows only, buttons past
 * four fold under 更多, and the import button opens the import dialog on the module's calls.
 */
const calls: { url: string; method?: string; data?: unknown }[] = [];
const users = [
  { id: 'u1', account: 'admin', realName: '系统管理员', gender: 1, organize: '示例公司', enabledMark: 1, lockMark: 0 },
  { id: 'u2', account: 'locked1', realName: '被锁定', gender: 2, organize: '示例公司/采购部', enabledMark: 1, lockMark: 1 },
];
useFakeRequest(vi.fn(async (config: { url: string; method?: string; data?: unknown }) => {
    calls.push(config);
    if (config.url === '/permission/Users') return { code: 200, msg: '', data: { list: users, pagination: { currentPage: 1, pageSize: 20, total: 2 } } };
    if (config.url.startsWith('/permission/Organize')) return { code: 200, msg: '', data: { list: [{ id: 'c1', fullName: '示例公司', children: [{ id: 'd1', fullName: '采购部' }] }] } };
    return { code: 200, msg: '', data: null };
  }));
const { PageNode } = await import('../../../src/kernel/client/runtime/page/pageNodes.js');
const { screenBody } = await import('../../../src/kernel/client/runtime/page/screen.js');
await import('../../../src/kernel/client/runtime/page/builtIns.js');

const userScreen = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../schemas/users/permission/user.json'), 'utf8'));
const COLUMNS = ['account', 'realName', 'gender', 'mobilePhone', 'organize', 'enabledMark', 'creatorTime'];
const grant = (buttons: string[]) => {
  session.permissionList = [{ modelId: 'menu-user', moduleName: '用户管理', button: buttons.map((enCode) => ({ enCode, fullName: enCode })), column: COLUMNS.map((enCode) => ({ enCode, fullName: enCode })), form: [], resource: [] }] as never;
};
const draw = () => render(<PageNode node={screenBody(userScreen) as PageNodeSpec} scope={{ modelId: 'menu-user', context: {} }} />);
const row = (account: string) => view.getByText(account).closest('tr')!;
const later = (check: () => void) => waitFor(check, { timeout: 8000 });

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
beforeEach(() => {
  calls.length = 0;
});
afterEach(() => {
  cleanup();
  session.permissionList = [];
});

describe('the users screen', { timeout: 30_000 }, () => {
  it('shows only the buttons the menu grants: 新建 alone', async () => {
    grant(['btn_add']);
    draw();
    await later(() => expect(view.getByText('locked1')).toBeTruthy());
    const toolbar = document.querySelector('.lc-list-toolbar')!;
    expect([...toolbar.querySelectorAll('[data-action]')].map((b) => b.getAttribute('data-action'))).toEqual(['add']);
    expect(row('admin').querySelector('[data-action]')).toBeNull();
  });

  it('with every button: unlock on the locked row only, the rest past four under 更多', async () => {
    grant(['btn_add', 'btn_edit', 'btn_remove', 'btn_export', 'btn_import', 'btn_resetPassword', 'btn_authorize']);
    draw();
    await later(() => expect(view.getByText('locked1')).toBeTruthy());
    const toolbar = document.querySelector('.lc-list-toolbar')!;
    expect([...toolbar.querySelectorAll('[data-action]')].map((b) => b.getAttribute('data-action'))).toEqual(['add', 'import', 'export']);
    const inline = (account: string) => [...row(account).querySelectorAll('[data-action]')].map((b) => b.getAttribute('data-action'));
    expect(inline('admin')).toEqual(['edit', 'state', 'remove', 'more']);
    expect(inline('locked1')).toEqual(['edit', 'state', 'remove', 'more']);
    fireEvent.click(row('locked1').querySelector('[data-action="more"]')!);
    await later(() => expect(document.querySelector('.ant-dropdown [data-action="unlock"]')).toBeTruthy());
    expect([...document.querySelectorAll('.ant-dropdown [data-action]')].map((b) => b.getAttribute('data-action'))).toEqual(['unlock', 'resetPassword', 'authorize']);
  });

  it('the import button opens the import dialog for permission/Users, and the tree filters the list', async () => {
    grant(['btn_add', 'btn_import']);
    draw();
    await later(() => expect(view.getByText('locked1')).toBeTruthy());
    expect(calls.some((c) => c.url === '/permission/Organize/Department/SelectorByAuth/0')).toBe(true);
    await act(async () => void fireEvent.click(document.querySelector('.lc-list-toolbar [data-action="import"]')!));
    await later(() => expect(view.getByTestId('import-dialog')).toBeTruthy());
    expect(view.getByText('批量导入用户')).toBeTruthy();
    fireEvent.click(view.getByTestId('import-template'));
    await later(() => expect(calls.some((c) => c.url === '/permission/Users/TemplateDownload')).toBe(true));

    calls.length = 0;
    fireEvent.click(view.getByText('采购部'));
    await later(() => expect(calls.some((c) => c.url === '/permission/Users' && (c.data as Record<string, unknown>)?.organizeId === 'd1')).toBe(true));
  });
});
