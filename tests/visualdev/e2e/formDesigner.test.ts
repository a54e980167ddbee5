import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, apiSignIn, newPage, screenshot, signIn, e2eContext } from '../../support/e2e/browser.js';
import { drag } from '../../support/e2e/dragAndDrop.js';

const definitionOf = async (page: Page) => JSON.parse((await page.getByTestId('sandbox-definition').textContent()) ?? '{}') as { fields: { __vModel__?: string; __config__: { jnpfKey?: string; children?: unknown[]; required?: boolean; rule?: string } }[] };

describe('the form designer in Chromium', () => {
  const ctx = e2eContext();

  it('drags widgets in, nests and reorders them, sets properties through the schema panel, previews, under the app CSP', async () => {
    const page = await newPage(ctx);
    const violations: string[] = [];
    page.on('console', (m) => /Content Security Policy|unsafe-eval|EvalError/i.test(m.text()) && violations.push(m.text()));
    page.on('pageerror', (error) => violations.push(error.message));
    await signIn(page, 'admin', 'admin123456', '/visualdev/formDesignerSandbox');
    const designer = page.getByTestId('form-designer');
    await designer.waitFor();
    const canvas = designer.locator('.fd-canvas-form');
    const palette = (key: string) => designer.locator(`[data-palette="${key}"]`);

    // Drag a text field and a row onto the empty form, then a number field into the row.
    await drag(page, palette('comInput'), canvas);
    await designer.locator('.fd-canvas [data-vmodel="comInputField101"]').waitFor();
    await drag(page, palette('row'), canvas);
    const row = designer.locator('.fd-canvas [data-jnpf-key="row"]');
    await row.waitFor();
    await drag(page, palette('numInput'), row.locator('.fd-list').first());
    await row.locator('[data-vmodel="numInputField103"]').waitFor();
    // Reorder: the row goes above the text field.
    await drag(page, row.locator('.fd-node-title'), designer.locator('.fd-canvas [data-vmodel="comInputField101"]'), 'top');
    await expect.poll(async () => (await definitionOf(page)).fields.map((f) => f.__config__.jnpfKey)).toEqual(['row', 'comInput']);
    // Move the number field out of the row, below the text field.
    await drag(page, row.locator('[data-vmodel="numInputField103"]'), designer.locator('.fd-canvas [data-vmodel="comInputField101"]'), 'bottom');
    await expect.poll(async () => (await definitionOf(page)).fields.map((f) => f.__vModel__ ?? f.__config__.jnpfKey)).toEqual(['row', 'comInputField101', 'numInputField103']);

    // Properties: the common ones, then a widget prop drawn by rjsf from the props schema.
    await designer.locator('.fd-canvas [data-vmodel="comInputField101"]').click();
    await designer.locator('.fd-canvas [data-vmodel="comInputField101"].fd-selected').waitFor();
    const panel = designer.locator('.fd-side-right');
    await panel.locator('[data-prop="label"]').fill('样品名称');
    await panel.locator('[data-prop="__vModel__"]').fill('sample name');
    await designer.locator('.fd-canvas .fd-problem').first().waitFor();
    expect(await designer.locator('.fd-canvas .fd-problem').first().textContent()).toContain('字段名 sample name 不合法');
    await panel.locator('[data-prop="__vModel__"]').fill('sampleName');
    await panel.locator('[data-prop="required"]').click();
    // The schema panel is a chunk of its own, fetched on the first selection: on a loaded machine that can take a while.
    await panel.locator('.fd-rjsf').waitFor({ timeout: 60_000 });
    // By rjsf's id, not its title: titles follow the user's language, which an earlier suite may have changed.
    // The fields arrive after the panel's frame on a loaded machine (the whole suite timed out at 30 s here).
    await panel.locator('.fd-rjsf #root_prepend').waitFor({ timeout: 60_000 });
    await panel.locator('.fd-rjsf #root_prepend').fill('SN-');
    await expect.poll(async () => JSON.stringify((await definitionOf(page)).fields[1])).toContain('"prepend":"SN-"');
    expect(await page.getByTestId('sandbox-summary').getAttribute('data-problems')).toBe('0');
    await screenshot(page, 'form-designer-desktop');

    // Undo twice by keyboard (outside text boxes), then redo.
    await designer.locator('.fd-toolbar').click({ position: { x: 400, y: 10 } });
    await page.keyboard.press('Control+z');
    await expect.poll(async () => JSON.stringify((await definitionOf(page)).fields[1])).not.toContain('"prepend":"SN-"');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => JSON.stringify((await definitionOf(page)).fields[1])).toContain('"prepend":"SN-"');

    // Containers: tabs (fields go into a pane) and a sub-table (only column widgets go in).
    await designer.locator('.fd-canvas').click({ position: { x: 20, y: 600 } });
    await palette('tab').click();
    const secondPane = designer.locator('.fd-canvas [data-jnpf-key="tab"] .fd-role-pane').nth(1);
    await drag(page, palette('textarea'), secondPane.locator('.fd-list'));
    await secondPane.locator('[data-jnpf-key="textarea"]').waitFor();
    await designer.locator('.fd-canvas').click({ position: { x: 20, y: 700 } });
    await palette('table').click();
    const table = designer.locator('.fd-canvas [data-jnpf-key="table"]');
    await drag(page, palette('numInput'), table.locator('.fd-list'));
    await table.locator('[data-jnpf-key="numInput"]').waitFor();
    await drag(page, palette('row'), table.locator('.fd-list'));
    const built = await definitionOf(page);
    expect(built.fields.map((f) => f.__config__.jnpfKey)).toEqual(['row', 'comInput', 'numInput', 'tab', 'table']);
    expect(JSON.stringify(built.fields[3])).toContain('"jnpfKey":"textarea"');
    expect((built.fields[4]!.__config__.children ?? []).map((c) => (c as { __config__: { jnpfKey: string } }).__config__.jnpfKey)).toEqual(['numInput']);
    await screenshot(page, 'form-designer-containers-desktop');

    // Preview with the runtime's renderer: the required rule holds, on desktop and phone widths.
    await designer.getByRole('button', { name: '预览' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '预览' });
    await dialog.locator('[data-field="sampleName"]').waitFor();
    await dialog.getByRole('button', { name: '校验提交' }).click();
    await expect.poll(() => dialog.locator('[data-field="sampleName"]').textContent()).toContain('不能为空');
    await screenshot(page, 'form-designer-preview-desktop');
    await dialog.getByText('手机').click();
    await dialog.locator('[data-device="phone"] [data-field="sampleName"]').waitFor();
    await screenshot(page, 'form-designer-preview-phone-width');
    expect(violations).toEqual([]);
  });

  it('chooses a dictionary category, a related design, an attribute’s fields and a bill rule from lists in the design editor, previews, and saves them where the server reads them', async () => {
    // The real editor (功能设计 › 新建 › 表单设计), not the sandbox: the choices are checked in the design it saves.
    const token = await apiSignIn(ctx, 'admin', 'admin123456');
    const page = await newPage(ctx);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'admin', 'admin123456', '/onlineDev/webDesign');
    await page.getByTestId('list-table').waitFor();
    await page.locator('[data-action="create"]').first().click();
    const editor = page.locator('.lc-design-editor');
    const base = editor.getByTestId('editor-base');
    await base.locator('[data-field="fullName"] input').fill('复检登记');
    await base.locator('[data-field="enCode"] input').fill('e2eChoosers');
    await base.locator('[data-field="tableName"] input').fill('e2e_choosers');
    await editor.getByTestId('editor-next').click();
    const designer = editor.getByTestId('form-designer');
    await designer.waitFor();
    const panel = designer.locator('.fd-side-right');
    const add = async (key: string) => {
      await designer.locator(`[data-palette="${key}"]`).click();
      const node = designer.locator(`.fd-canvas [data-jnpf-key="${key}"]`).last();
      await node.click();
      await node.and(designer.locator('.fd-selected')).waitFor();
      await panel.locator('.fd-rjsf').waitFor({ timeout: 60_000 });
      return (await node.getAttribute('data-vmodel')) ?? '';
    };
    const choose = async (prop: string, option: string) => {
      await panel.locator(`.fd-rjsf #root_${prop}`).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').click();
      await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).first().click();
    };

    // The dictionary picker's category: the category tree, not a text box for an id.
    const dictionaryKey = await add('dicSelect');
    await choose('dictionaryType', '试剂等级');
    // A relation form over the demo's released 动态表单示例, and an attribute that shows, and saves, the sample's state.
    const relationKey = await add('relationForm');
    await choose('modelId', '动态表单示例');
    await choose('relationField', '样品名称 (sampleName)');
    const attributeKey = await add('relationFormAttr');
    expect(attributeKey).not.toBe('');
    await choose('relationField', `关联表单 (${relationKey})`);
    await choose('showField', '样品状态 (sampleState)');
    await choose('isStorage', '展示并保存');
    await panel.locator('[data-prop="__vModel__"]').waitFor();
    await screenshot(page, 'form-designer-attribute-panel-desktop');
    // A bill number's rule, chosen in the template dialog.
    await add('billRule');
    await panel.locator('.fd-rjsf [data-picker-field] .ant-select-selector').click();
    const templates = page.locator('.ant-modal.jnpf-picker-dialog').filter({ hasText: '业务分类' });
    await templates.locator('tr.ant-table-row', { hasText: 'PurchaseOrder' }).click();
    await templates.getByRole('button', { name: /确\s*定/ }).click();
    await templates.waitFor({ state: 'hidden' });

    // The preview follows a pick through the attribute, and offers the chosen category's entries.
    await designer.getByRole('button', { name: '预览' }).click();
    const preview = page.locator('.ant-modal').filter({ has: page.locator('.fd-preview') });
    await preview.locator(`[data-field="${relationKey}"] [data-picker-field] .ant-select-selector`).click();
    const samples = page.locator('.ant-modal.jnpf-picker-dialog');
    await samples.locator('tr.ant-table-row', { hasText: '土壤样品 S-07' }).click();
    await samples.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => preview.locator('[data-attribute="sampleState"]').inputValue()).toBe('固体');
    await preview.locator(`[data-field="${dictionaryKey}"] .ant-select-selector`).click();
    await page.locator('.ant-select-dropdown:visible').getByText('色谱纯', { exact: true }).click();
    await preview.locator('.ant-modal-close').click();
    await preview.waitFor({ state: 'detached' });

    // Saved: each choice is where the server reads it.
    // The list shows the dictionary value and the saved attribute.
    await editor.getByTestId('editor-next').click();
    const lists = editor.getByTestId('list-designer');
    await lists.waitFor();
    for (const prop of [dictionaryKey, attributeKey]) await lists.getByTestId(`as-column-${prop}`).click();
    await editor.getByTestId('editor-save').click();
    await page.locator('.ant-message-notice').first().waitFor();
    const call = async (url: string) => (await fetch(`${ctx.server.url}/api${url}`, { headers: { authorization: token } })).json();
    const designId = (await call('/visualdev/Base?keyword=e2eChoosers')).data.list[0].id as string;
    const saved = JSON.parse((await call(`/visualdev/Base/${designId}`)).data.formData) as { fields: Record<string, unknown>[] };
    const field = (jnpfKey: string) => saved.fields.find((f) => (f.__config__ as { jnpfKey?: string }).jnpfKey === jnpfKey)!;
    expect(field('dicSelect').__config__).toMatchObject({ dictionaryType: 'dict-type-reagent-grade' });
    expect(field('relationForm')).toMatchObject({ __vModel__: relationKey, relationField: 'sampleName', modelId: expect.any(String) });
    expect(field('relationFormAttr')).toMatchObject({ __vModel__: attributeKey, relationField: relationKey, showField: 'sampleState', isStorage: 2 });
    expect(field('billRule').__config__).toMatchObject({ rule: 'PurchaseOrder' });
    expect(field('billRule').rule).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('on a phone says it needs a wider screen', async () => {
    const page = await newPage(ctx, PHONE);
    await signIn(page, 'admin', 'admin123456', '/visualdev/formDesignerSandbox');
    await page.getByText('表单设计需要更宽的屏幕').waitFor();
    await screenshot(page, 'form-designer-phone');
  });
});
