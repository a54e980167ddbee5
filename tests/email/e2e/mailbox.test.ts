import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, e2eContext, expectNoHorizontalScroll, newPage, PHONE, screenshot, signIn } from '../../support/e2e/browser.js';

/**
 * The mailbox (消息中心 › 邮件收发, JNPF's extend/Email) in Chromium: staff save a draft with an attachment, finish it
 * from 草稿箱 and send it; the administrator finds it unread in 收件箱, opens it at /emailDetail with its attachment,
 * and stars it into 星标邮件. Pictures: test-results/screenshots/mailbox-*.png (SCREENSHOTS=1).
 */
const shot = (page: Page, name: string) => screenshot(page, `mailbox-${name}`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-mailbox-e2e-'));
const pane = (page: Page) => page.locator('.ant-tabs-tabpane-active');
const rowOf = (page: Page, text: string) => pane(page).getByTestId('list-table').locator('tr.ant-table-row', { hasText: text });
const tab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name }).click();
  await pane(page).getByTestId('list-table').waitFor();
};
const composer = (page: Page): Locator => page.locator('.ant-modal').filter({ has: page.getByTestId('form-node') }).last();

describe('the mailbox, in Chromium', () => {
  const ctx = e2eContext();
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('saves a draft with an attachment, sends it from 草稿箱, and the recipient reads and stars it', async () => {
    const subject = `样品送检安排 ${Date.now()}`;
    const attachment = path.join(work, '送检清单.txt');
    fs.writeFileSync(attachment, '水样 3 份；土壤样品 1 份。');

    const staff = await newPage(ctx, DESKTOP);
    const errors: string[] = [];
    staff.on('pageerror', (error) => errors.push(error.message));
    await signIn(staff, 'staff', 'demo123456');
    await staff.getByTestId('side-menu').getByText('消息中心', { exact: true }).click();
    await staff.getByTestId('side-menu').getByText('邮件收发', { exact: true }).click();
    await staff.waitForURL(/\/extend\/email$/);
    await pane(staff).getByTestId('list-table').waitFor();

    // 写邮件: a subject and an attachment, kept as a draft without a recipient.
    await pane(staff).locator('[data-action="compose"]').click();
    let dialog = composer(staff);
    await dialog.locator('[data-field="subject"] input').fill(subject);
    await dialog.locator('[data-field="bodyText"] textarea').fill('周三上午送检，请安排。');
    await dialog.getByTestId('upload-input').setInputFiles(attachment);
    await dialog.getByTestId('upload-file').filter({ hasText: '送检清单.txt' }).waitFor({ timeout: 30_000 });
    await shot(staff, 'compose-desktop');
    await dialog.getByTestId('email-save-draft').click();
    await dialog.waitFor({ state: 'hidden' });

    // 草稿箱: edit it, add the recipient, send.
    await tab(staff, '草稿箱');
    await rowOf(staff, subject).locator('[data-action="editDraft"]').click();
    dialog = composer(staff);
    await expect.poll(() => dialog.locator('[data-field="subject"] input').inputValue()).toBe(subject);
    await dialog.getByTestId('upload-file').filter({ hasText: '送检清单.txt' }).waitFor();
    // Sending asks for a recipient first.
    await dialog.getByTestId('form-submit').click();
    await dialog.locator('[data-field="recipient"]').getByText('请输入收件人').waitFor();
    await dialog.locator('[data-field="recipient"] input').fill('admin');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rowOf(staff, subject).count()).toBe(0);
    await tab(staff, '已发送');
    await rowOf(staff, subject).waitFor();
    expect(await rowOf(staff, subject).innerText()).toContain('admin');

    // The administrator: unread in 收件箱, opened at /emailDetail with the attachment, then starred.
    const admin = await newPage(ctx, DESKTOP);
    await signIn(admin, 'admin', 'admin123456', '/extend/email');
    await rowOf(admin, subject).waitFor();
    expect(await rowOf(admin, subject).innerText()).toContain('未读');
    await shot(admin, 'inbox-desktop');
    await rowOf(admin, subject).locator('[data-action="view"]').click();
    await admin.waitForURL(/\/emailDetail\?id=/);
    await admin.getByText('周三上午送检，请安排。').waitFor();
    await admin.getByText('送检清单.txt').waitFor();
    await admin.goto('/extend/email');
    await rowOf(admin, subject).locator('[data-action="star"]').click();
    await rowOf(admin, subject).locator('[data-action="unstar"]').waitFor();
    expect(await rowOf(admin, subject).innerText()).toContain('已读');
    await tab(admin, '星标邮件');
    await rowOf(admin, subject).waitFor();
    expect(errors).toEqual([]);
  });

  it('fits the mailbox and the composer on a phone', async () => {
    const page = await newPage(ctx, PHONE);
    await signIn(page, 'staff', 'demo123456', '/extend/email');
    await pane(page).getByTestId('list-table').waitFor();
    await expectNoHorizontalScroll(page);
    await shot(page, 'inbox-phone');
    await pane(page).locator('[data-action="compose"]').click();
    await composer(page).locator('[data-field="subject"] input').waitFor();
    await expectNoHorizontalScroll(page);
    await shot(page, 'compose-phone');
  });
});
