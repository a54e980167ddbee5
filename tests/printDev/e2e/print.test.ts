import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignIn, DESKTOP, e2eContext, expectInViewport, expectNoHorizontalScroll, newPage, PHONE, screenshot, settled, signIn } from '../../support/e2e/browser.js';
import { purchase, purchaseForm, purchaseList } from '../../onlineData/api/onlineDataDesign.js';
import { downloadedPdfText, rowAction } from '../../workflow/e2e/workflowSteps.js';

/**
 * Print in Chromium (issue 16 item 3): an administrator designs a template for a form with a sub-table in the
 * editor, staff open a record, press Print, see the preview, and Download gives a PDF whose text is the record's.
 */
/** A picture kept in docs/screenshots as well, where the docs show it. */
const shot = (page: Page, name: string) => screenshot(page, name, { docs: true });
const rowOf = (page: Page, text: string) => page.getByTestId('list-table').locator('tr.ant-table-row', { hasText: text });

describe('print, in Chromium', () => {
  const ctx = e2eContext();

  it('designs a template, previews a record, downloads its PDF and logs the print', async () => {
    const token = await apiSignIn(ctx, 'admin', 'admin123456');
    const call = async (method: string, url: string, body?: unknown) =>
      (await fetch(`${ctx.server.url}/api${url}`, { method, headers: { authorization: token, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })).json();
    const list = { ...purchaseList, btnsList: [...purchaseList.btnsList, { value: 'batchPrint', label: '批量打印' }], columnBtnsList: [{ value: 'detail' }, ...purchaseList.columnBtnsList] };
    const design = { fullName: '打印采购单', enCode: 'e2ePrint', category: 'matApply', webType: 2, columnData: JSON.stringify(list), tables: '[]' };
    const created = await call('POST', '/visualdev/Base', { ...design, formData: JSON.stringify(purchaseForm) });
    expect(created.code, created.msg).toBe(200);
    const designId = created.data.id;

    // The administrator builds the template in the editor: the form, its title field, the items loop, a barcode.
    const page = await newPage(ctx);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'admin', 'admin123456', '/system/printDev');
    await page.getByTestId('list-table').waitFor();
    await page.getByRole('button', { name: /新\s?建/ }).click();
    const editor = page.getByTestId('print-editor');
    await editor.waitFor();
    await page.getByTestId('print-fullName').fill('采购单打印');
    await page.getByTestId('print-enCode').fill('purchaseSheet');
    await page.getByTestId('print-form').locator('.ant-select-selector').click();
    await page.locator('.ant-select-item-option', { hasText: '打印采购单' }).click();
    const fields = page.getByTestId('print-fields');
    await fields.getByText('标题', { exact: true }).click();
    await fields.getByText('明细 ⟳').click();
    await page.getByTestId('print-add-barcode').click();
    await page.getByTestId('print-add-approvals').click();
    // Placed by dragging as well as by numbers: the barcode's frame dragged on the sheet moves the box, and with
    // the frame focused an arrow key moves it one point.
    const barcodeBox = page.getByTestId('print-box-barcode');
    const xOf = async () => Number(await barcodeBox.getByLabel('x', { exact: true }).inputValue());
    const yOf = async () => Number(await barcodeBox.getByLabel('y', { exact: true }).inputValue());
    const [x0, y0] = [await xOf(), await yOf()];
    const frame = page.getByTestId('print-drag-barcode');
    const at = (await frame.boundingBox())!;
    await page.mouse.move(at.x + 10, at.y + 5);
    await page.mouse.down();
    await page.mouse.move(at.x + 70, at.y + 45, { steps: 6 });
    await page.mouse.up();
    await expect.poll(xOf).toBeGreaterThan(x0 + 30);
    expect(await yOf()).toBeGreaterThan(y0 + 20);
    const x1 = await xOf();
    await frame.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(xOf).toBe(x1 - 1);
    await expect.poll(() => page.getByTestId('print-page-0').locator('text').allTextContents()).toEqual(expect.arrayContaining(['标题：标题', '物料', '物料1', '单价2']));
    await shot(page, 'print-editor-desktop');
    await page.getByTestId('print-editor-save').click();
    await rowOf(page, '采购单打印').waitFor();
    // Its time as the product shows times, not the answer's ISO string.
    expect(await rowOf(page, '采购单打印').innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await rowOf(page, '采购单打印').innerText()).not.toMatch(/T\d{2}:\d{2}:\d{2}/);

    // The form prints with it: hasPrintBtn and printId, released; staff may open the page.
    const templates = await call('GET', '/system/printDev?keyword=purchaseSheet');
    const templateId = templates.data.list[0].id;
    expect((await call('PUT', `/visualdev/Base/${designId}`, { ...design, formData: JSON.stringify({ ...purchaseForm, hasPrintBtn: true, printId: templateId }) })).code).toBe(200);
    const released = await call('POST', `/visualdev/Base/${designId}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'], app: 0 });
    expect(released.code, released.msg).toBe(200);
    for (const item of ['menu-onlineDev', released.data.menuId]) {
      const holders = await call('GET', `/permission/Authority/Model/${item}/Role`);
      expect((await call('PUT', `/permission/Authority/Model/${item}`, { objectType: 'Role', objectId: [...new Set([...(holders.data?.ids ?? []), 'role-staff'])] })).code).toBe(200);
    }
    const record = await call('POST', `/visualdev/OnlineDev/${designId}`, { data: JSON.stringify(purchase('打印用申请')) });
    expect(record.code, record.msg).toBe(200);

    // Staff open the record, press Print, and see the preview.
    const staff = await newPage(ctx);
    staff.on('pageerror', (error) => errors.push(error.message));
    await signIn(staff, 'staff', 'demo123456', '/e2ePrint');
    await rowOf(staff, '打印用申请').locator('[data-action="detail"]').click();
    await staff.getByTestId('viewer-print').click();
    const preview = staff.getByTestId('print-preview');
    await preview.waitFor();
    await expect.poll(() => preview.locator('text').allTextContents()).toEqual(expect.arrayContaining(['标题：打印用申请', '乙醇', '丙酮']));
    await shot(staff, 'print-preview-desktop');

    const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByTestId('print-download').click()]);
    expect(download.suggestedFilename()).toBe('采购单打印.pdf');
    const text = await downloadedPdfText(download);
    for (const expected of ['标题：打印用申请', '物料', '乙醇', '丙酮', '12.5', '审批节点']) expect(text).toContain(expected);

    // Print: the browser's print, then the log.
    await staff.evaluate(() => {
      window.print = () => undefined;
    });
    const logged = staff.waitForResponse((response) => response.url().includes('/api/system/printLog/save'));
    await staff.getByTestId('print-print').click();
    await logged;
    // The same preview on a phone's width: the page opened at that width (crossing into the phone layout mounts
    // the page anew, which closes what was open on it), the record's actions under 更多.
    await staff.setViewportSize(PHONE);
    await staff.goto('/e2ePrint');
    await staff.locator('[data-layout="mobile"]').waitFor();
    await rowAction(staff, '打印用申请', 'detail', '详情');
    await staff.getByTestId('viewer-print').click();
    await preview.waitFor();
    await expect.poll(() => preview.locator('text').allTextContents()).toEqual(expect.arrayContaining(['标题：打印用申请', '乙醇', '丙酮']));
    await settled(staff);
    // The preview takes the phone's width, its pages and buttons within it.
    await expectInViewport(staff.locator('.print-preview .ant-modal-content'));
    await expectInViewport(staff.getByTestId('print-print'), { whole: true });
    await expectNoHorizontalScroll(staff);
    await shot(staff, 'print-preview-phone');
    await staff.setViewportSize(DESKTOP);
    await expect.poll(async () => (await call('GET', `/system/printLog/${templateId}`)).data.pagination.total).toBe(1);

    // 批量打印 on the list: two chosen records, one after the other in the preview and in the PDF; one log line for both.
    expect((await call('POST', `/visualdev/OnlineDev/${designId}`, { data: JSON.stringify(purchase('第二份申请')) })).code).toBe(200);
    await staff.goto('/e2ePrint');
    for (const title of ['打印用申请', '第二份申请']) await rowOf(staff, title).locator('input[type="checkbox"]').check();
    await staff.getByRole('button', { name: '批量打印' }).click();
    await preview.waitFor();
    await expect.poll(() => preview.locator('text').allTextContents()).toEqual(expect.arrayContaining(['标题：打印用申请', '标题：第二份申请']));
    await shot(staff, 'print-batch-desktop');
    const [batchPdf] = await Promise.all([staff.waitForEvent('download'), staff.getByTestId('print-download').click()]);
    const batchText = await downloadedPdfText(batchPdf);
    expect(batchText).toContain('标题：打印用申请');
    expect(batchText).toContain('标题：第二份申请');
    const batchLogged = staff.waitForResponse((response) => response.url().includes('/api/system/printLog/save'));
    await staff.getByTestId('print-print').click();
    expect(JSON.parse((await batchLogged).request().postData() ?? '{}')).toMatchObject({ printNum: 2 });
    await staff.getByTestId('print-cancel').click();

    // The template's print log, on the 打印模板 page: both prints, the batch counted as two copies.
    await page.goto('/system/printDev');
    await rowOf(page, '采购单打印').locator('[data-action="more"]').click();
    await page.locator('.ant-dropdown:visible [data-action="printLog"]').click();
    const log = page.getByTestId('print-log');
    await expect.poll(() => log.locator('tr.ant-table-row').count()).toBe(2);
    expect((await log.innerText()).match(/系统管理员|王小明/g)?.length).toBe(2);
    await shot(page, 'print-log-desktop');

    // The phone: the same editor and preview at 390 wide.
    const phone = await newPage(ctx, PHONE);
    await signIn(phone, 'admin', 'admin123456', '/system/printDev');
    await rowOf(phone, '采购单打印').waitFor();
    await rowOf(phone, '采购单打印').locator('[data-action="design"], [data-action="more"]').first().click();
    const more = phone.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '编辑' });
    if (await more.count()) await more.click();
    await phone.getByTestId('print-editor').waitFor();
    await phone.getByTestId('print-page-0').waitFor();
    await shot(phone, 'print-editor-phone');
    expect(errors).toEqual([]);
  });
});
