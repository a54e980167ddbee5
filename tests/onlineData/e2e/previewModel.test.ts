import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/serverProcess.js';
import { PHONE, fillCell, newPage, screenshot, signIn, e2eContext } from '../../support/e2e/browser.js';

const fixture = (name: string) => path.join(ROOT, 'fixtures', name);

describe('the function preview in Chromium', () => {
  const ctx = e2eContext();

  it('renders a pasted definition, keeps live values, calculates, validates, and refuses to print', async () => {
    const page = await newPage(ctx);
    const violations: string[] = [];
    page.on('console', (m) => /Content Security Policy|unsafe-eval/i.test(m.text()) && violations.push(m.text()));
    await signIn(page, 'admin', 'admin123456', '/previewModel');
    await page.getByTestId('preview-source').fill(fs.readFileSync(fixture('labcode/purchase-calculations-v5.form.json'), 'utf8'));
    await page.getByTestId('preview-render').click();
    await page.locator('[data-field="applyNo"] input').fill('SL-2026-001');
    await page.locator('[data-field="taxRate"] input').fill('10');
    await expect.poll(() => page.getByTestId('preview-values').textContent()).toContain('SL-2026-001');

    // Two rows in the sub-table; the amount column and the total follow 100 ms later.
    const items = page.locator('[data-field="items"]');
    await items.getByRole('button', { name: /添加/ }).click();
    await items.getByRole('button', { name: /添加/ }).click();
    await fillCell(items, '0.material', '无水乙醇');
    await fillCell(items, '0.price', '12.5');
    await fillCell(items, '0.qty', '4');
    await fillCell(items, '1.material', '丙酮');
    await fillCell(items, '1.price', '30');
    await fillCell(items, '1.qty', '2');
    // Focus left the last cell: every cell shows its value as text again.
    await page.locator('[data-field="applyNo"] input').click();
    await expect.poll(() => items.locator('[data-cell="1.qty"] .jnpf-cell-text').textContent()).toBe('2');
    // The price column keeps two decimals, as its input does.
    expect(await items.locator('[data-cell="0.price"] .jnpf-cell-text').textContent()).toBe('12.50');
    await expect.poll(async () => JSON.parse((await page.getByTestId('preview-values').textContent()) ?? '{}').total, { timeout: 5000 }).toBe(121);
    await expect.poll(() => items.locator('[data-summary="amount"]').textContent()).toBe('110');
    expect(await page.locator('[data-field="total"]').textContent()).toContain('壹佰贰拾壹元整');
    // The barcode shows applyNo, and renders only alphanumeric content: none for SL-2026-001, one for SL2026001.
    expect(await page.locator('svg.jnpf-barcode').count()).toBe(0);
    await page.locator('[data-field="applyNo"] input').fill('SL2026001');
    await page.locator('svg.jnpf-barcode').waitFor();
    // Every widget of the definition renders: the pickers that once showed their stored value only are built.
    await expect.poll(() => page.getByTestId('preview-problems').textContent()).toContain('所有字段均已渲染');
    await screenshot(page, 'preview-desktop');

    await page.getByTestId('preview-print').click();
    await page.getByText('功能预览不支持打印').waitFor();

    // Clear a required field: submit refuses and says why.
    await page.locator('[data-field="applyNo"] input').fill('');
    await page.getByTestId('preview-submit').click();
    await page.getByTestId('preview-submit-result').getByText('有未通过校验的字段').waitFor();
    expect(await page.locator('[data-field="applyNo"]').textContent()).toContain('不能为空');

    // The record viewer in the definition's popupType (a drawer here).
    await page.getByTestId('preview-view').click();
    await page.locator('.jnpf-viewer-drawer').getByText('预览详情').waitFor();
    await screenshot(page, 'preview-viewer-drawer-desktop');
    expect(violations).toEqual([]);
    await page.close();
  });

  it('loads a definition from a picked file, and reports what is not JSON', async () => {
    const page = await newPage(ctx, PHONE);
    await signIn(page, 'staff', 'demo123456', '/previewModel');
    await page.getByTestId('preview-source').fill('{ not json');
    await page.getByTestId('preview-render').click();
    await page.getByTestId('preview-error').getByText(/不是有效的 JSON/).waitFor();
    await page.getByTestId('preview-file').setInputFiles(fixture('jnpf/all-widgets-flow.form.json'));
    await page.locator('[data-field="comInputField101"]').waitFor();
    expect(await page.getByTestId('preview-error').count()).toBe(0);
    await screenshot(page, 'preview-phone');
    await page.close();
  });
  it('stops following the form when its values grow large, and shows them as they are on 刷新', async () => {
    const page = await newPage(ctx);
    await signIn(page, 'admin', 'admin123456', '/previewModel');
    // 70,000 characters of default text: over the 64 K the values card follows by itself (issue 34).
    const definition = { fields: [
      { __config__: { jnpfKey: 'textarea', label: '长文本', defaultValue: '试'.repeat(70_000) }, __vModel__: 'long' },
      { __config__: { jnpfKey: 'comInput', label: '编号' }, __vModel__: 'code' },
    ] };
    await page.getByTestId('preview-source').fill(JSON.stringify(definition));
    await page.getByTestId('preview-render').click();
    const values = page.getByTestId('preview-values');
    await expect.poll(async () => (await values.textContent())?.length ?? 0).toBeGreaterThan(70_000);
    await expect.poll(() => page.getByTestId('preview-values-note').textContent()).toContain('不随输入自动刷新');
    await page.locator('[data-field="code"] input').fill('LC-42');
    await expect.poll(() => page.getByTestId('preview-values-note').textContent()).toContain('数据已改变');
    expect(await values.textContent()).not.toContain('LC-42');
    await page.getByTestId('preview-values-refresh').click();
    await expect.poll(() => values.textContent()).toContain('"code": "LC-42"');
    await page.close();
  });
});
