import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiSignIn, newPage, signIn, DESKTOP, type E2EContext } from '../../support/e2e/browser.js';

/**
 * The steps the online-development e2e files share: a list row by its text, a signed-in page at an address,
 * the release of a design under 在线开发, the staff role given a released page, and a search on a runtime list.
 */
export const rowOf = (page: Page, text: string) => page.getByTestId('list-table').locator('tr.ant-table-row', { hasText: text });

/** A page signed in as the account (by token: sign-in is not these files' subject), at the path, its page errors collected. */
export async function openAs(ctx: E2EContext, account: string, password: string, path: string, errors: string[], viewport = DESKTOP): Promise<Page> {
  const page = await newPage(ctx, viewport);
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, account, password, path);
  return page;
}

/** 发布: the design's row on 功能设计, released under 在线开发 through the dialog. */
export async function releaseUnderOnlineDev(page: Page, name: string): Promise<void> {
  await rowOf(page, name).locator('[data-action="release"]').click();
  const release = page.locator('.ant-modal', { hasText: '发布菜单' });
  await release.getByTestId('release-parent').click();
  await page.locator('.ant-select-tree-title', { hasText: '在线开发' }).first().click();
  await release.getByRole('button', { name: /确\s?定/ }).click();
  await expect.poll(async () => rowOf(page, name).textContent()).toContain('已发布');
}

/** An administrator's API caller, answering the envelope. */
export async function adminApi(ctx: E2EContext) {
  const token = await apiSignIn(ctx, 'admin', 'admin123456');
  return async (method: string, url: string, body?: unknown) =>
    (await (await fetch(`${ctx.server.url}/api${url}`, { method, headers: { authorization: token, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })).json()) as { code: number; msg: string; data: any };
}

/**
 * The staff role gets the released page of the design with this code, its directory and its buttons (through
 * the authorisation API: the screen for it has its own e2e test). Answers the design's id and how many buttons.
 */
export async function grantReleasedPageToStaff(ctx: E2EContext, enCode: string): Promise<{ designId: string; buttons: number }> {
  const call = await adminApi(ctx);
  const designId = (await call('GET', `/visualdev/Base?keyword=${enCode}`)).data.list[0].id as string;
  const menuId = `visualdev-${designId}`;
  const values = await call('GET', `/permission/Authority/Data/role-staff/Values?type=button&objectType=Role&moduleIds=${menuId}`);
  const buttonIds = ((values.data?.all ?? []) as string[]).filter((id) => id !== menuId && id !== 'menu-onlineDev');
  for (const item of ['menu-onlineDev', menuId, ...buttonIds]) {
    const holders = await call('GET', `/permission/Authority/Model/${item}/Role`);
    const saved = await call('PUT', `/permission/Authority/Model/${item}`, { objectType: 'Role', objectId: [...new Set([...(holders.data?.ids ?? []), 'role-staff'])] });
    expect(saved.code, `${item}: ${saved.msg}`).toBe(200);
  }
  return { designId, buttons: buttonIds.length };
}

/** 查询 on a runtime list by its title search field. */
export async function searchTitle(list: Locator, text: string): Promise<void> {
  await list.locator('.lc-list-search [data-field="title"] input').fill(text);
  await list.getByTestId('list-search').click();
}
