import { expect } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { apiSignIn, screenshot, type E2EContext } from '../../support/e2e/browser.js';

/** The workflow's steps in Chromium, shared by workflow.test.ts and approvalPrint.test.ts. */
export const leaveForm = {
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '事由', required: true, span: 24 }, __vModel__: 'reason', maxlength: 100 },
    { __config__: { jnpfKey: 'numInput', label: '天数', span: 24 }, __vModel__: 'days' },
  ],
};
export const leaveList = { type: 1, columnList: [{ prop: 'reason', label: '事由' }, { prop: 'days', label: '天数' }], btnsList: [{ value: 'add', label: '新增' }], columnBtnsList: [{ value: 'edit', label: '编辑' }], hasPage: true, pageSize: 20 };

export async function caller(ctx: E2EContext) {
  const token = await apiSignIn(ctx, 'admin', 'admin123456');
  return async (method: string, url: string, body?: unknown) =>
    (await (await fetch(`${ctx.server.url}/api${url}`, { method, headers: { authorization: token, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })).json()) as { code: number; msg: string; data: any };
}

export const rowOf = (page: Page, text: string) => page.getByTestId('list-table').locator('tr.ant-table-row', { hasText: text });

/** A row action as a person reaches it: its link, or under 更多 (past four actions, and always on a phone). */
export async function rowAction(page: Page, text: string, action: string, label: string) {
  const inline = rowOf(page, text).locator(`[data-action="${action}"]`);
  if (await inline.count()) return inline.click();
  await rowOf(page, text).locator('[data-action="more"]').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: label }).first().click();
}

/** A picture kept in docs/screenshots as well, where the docs show it. */
export const keep = (page: Page, name: string) => screenshot(page, name, { docs: true });

/** Staff file a leave record on the released page at `route`: the flow starts with it. */
export async function submitLeave(page: Page, route: string, reason: string, days: string) {
  await page.goto(route);
  await page.getByTestId('online-list').getByRole('button', { name: /新\s?增/ }).click();
  const dialog = page.locator('.lc-form-dialog');
  await dialog.locator('[data-field="reason"] input').first().fill(reason);
  await dialog.locator('[data-field="days"] input').first().fill(days);
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await rowOf(page, reason).waitFor();
}

export async function approveFromTodo(page: Page, title: string, word: string | null, name: string | null) {
  await page.goto('/workFlow/flowTodo');
  await rowOf(page, title).waitFor();
  if (name) await keep(page, `${name}-todo-desktop`);
  await rowAction(page, title, 'detail', '审批');
  await page.waitForURL(/\/workFlowDetail\?id=/);
  await page.getByTestId('flow-audit').waitFor();
  if (word) {
    await page.getByTestId('common-words').getByRole('button').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: word }).first().click();
    await expect.poll(() => page.getByTestId('flow-opinion').locator('textarea').inputValue()).toBe(word);
  } else {
    await page.getByTestId('flow-opinion').locator('textarea').fill('准假，注意交接工作');
  }
  // The common words' menu has closed (keep's screenshot waits for it to finish fading).
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'detached' });
  if (name) await keep(page, `${name}-detail-desktop`);
  await page.getByTestId('flow-audit').getByRole('button').click();
  await page.getByTestId('flow-audit').waitFor({ state: 'detached' });
}

/** The text of a downloaded PDF's pages, as pdfjs-dist's legacy build reads it. */
export async function downloadedPdfText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) texts.push((await (await pdf.getPage(n)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('\n'));
  return texts.join('\n');
}
