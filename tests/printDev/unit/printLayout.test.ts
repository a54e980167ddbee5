import { describe, expect, it } from 'vitest';
import { barcodeModules, darkRuns, qrMatrix } from '../../../src/shared/print/codes.js';
import { printFieldTree, unknownTemplateField } from '../../../src/shared/print/fields.js';
import { handleStatusLabel } from '../../../src/shared/print/handleStatus.js';
import { layoutPrint, printText, substituteFields, wrapText, type PrintItem } from '../../../src/shared/print/layout.js';
import { checkPrintTemplate, emptyPrintTemplate, type PrintBox, type PrintTemplate } from '../../../src/shared/print/template.js';

/** The print layout model (src/shared/print): what the preview and the PDF both draw. */
const page = { width: 595, height: 842, margin: 36 };
const template = (...boxes: PrintBox[]): PrintTemplate => ({ version: 1, page, boxes });
const texts = (items: PrintItem[]) => items.filter((i): i is Extract<PrintItem, { kind: 'text' }> => i.kind === 'text').map((i) => i.text);
const table: PrintBox = { id: 'tb', type: 'table', x: 36, y: 100, width: 400, height: 30, field: 'items', columns: [{ field: 'name', label: '名称' }, { field: 'qty', label: '数量' }] };

describe('checkPrintTemplate', () => {
  it('accepts a well-formed template and refuses the rest with a key', () => {
    expect('template' in checkPrintTemplate(JSON.stringify(template(table)))).toBe(true);
    expect(checkPrintTemplate('{')).toEqual({ problem: { key: 'printDev.templateInvalid' } });
    expect(checkPrintTemplate(42)).toEqual({ problem: { key: 'printDev.templateInvalid' } });
    expect(checkPrintTemplate(JSON.stringify({ page, boxes: {} }))).toEqual({ problem: { key: 'printDev.templateInvalid' } });
    expect(checkPrintTemplate(JSON.stringify({ page: { ...page, margin: 400 }, boxes: [] }))).toEqual({ problem: { key: 'printDev.templateInvalid' } });
    expect(checkPrintTemplate(JSON.stringify({ page, boxes: [{ ...table, x: 9999 }] }))).toEqual({ problem: { key: 'printDev.boxInvalid', box: 'tb' } });
    expect(checkPrintTemplate(JSON.stringify({ page, boxes: [table, table] }))).toEqual({ problem: { key: 'printDev.boxInvalid', box: 'tb' } });
    expect(checkPrintTemplate(JSON.stringify({ page, boxes: [{ ...table, field: 'a;drop' }] }))).toMatchObject({ problem: { key: 'printDev.boxInvalid' } });
    const many = Array.from({ length: 201 }, (_, i) => ({ id: `t${i}`, type: 'text', x: 0, y: 0, width: 10, height: 10, text: '' }));
    expect(checkPrintTemplate(JSON.stringify({ page, boxes: many }))).toEqual({ problem: { key: 'printDev.templateTooLarge' } });
    expect(checkPrintTemplate(JSON.stringify(emptyPrintTemplate()))).toMatchObject({ template: { boxes: [] } });
  });
});

describe('field substitution and text', () => {
  it('replaces {field} by the value, lists joined, unknown and objects empty', () => {
    expect(substituteFields('单号 {code}，{tags}{missing}{obj}', { code: 'AB1', tags: ['a', 'b'], obj: { x: 1 } })).toBe('单号 AB1，a,b');
    expect(printText(0)).toBe('0');
    expect(printText(null)).toBe('');
  });
  it('wraps CJK text by width and keeps newlines', () => {
    const lines = wrapText('一二三四五六七八九十', 50, 10);
    expect(lines).toEqual(['一二三四五', '六七八九十']);
    expect(wrapText('a\nb', 100, 10)).toEqual(['a', 'b']);
  });
});

describe('layoutPrint', () => {
  it('loops a sub-table: a header and one row per record row, the boxes below moved down by its growth', () => {
    const below: PrintBox = { id: 'f', type: 'field', x: 36, y: 140, width: 300, height: 18, field: 'total', label: '合计' };
    const rows = Array.from({ length: 5 }, (_, i) => ({ name: `试剂${i}`, qty: i }));
    const [first] = layoutPrint(template(table, below), { items: rows, total: 10 });
    expect(texts(first.items)).toEqual(['名称', '数量', ...rows.flatMap((r) => [r.name, String(r.qty)]), '合计：10']);
    const lastRow = first.items.filter((i) => i.kind === 'text' && i.text === '试剂4')[0];
    const total = first.items.find((i) => i.kind === 'text' && i.text === '合计：10')!;
    expect(total.y).toBeGreaterThan(lastRow.y + lastRow.height - 1);
    // Cells are bordered.
    expect(first.items.filter((i) => i.kind === 'rect' && !i.fill)).toHaveLength(12);
  });

  it('carries rows over to new pages with the header repeated, and prints every row once', () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({ name: `行${i}`, qty: i }));
    const pages = layoutPrint(template(table), { items: rows });
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.flatMap((p) => texts(p.items));
    for (const row of rows) expect(all.filter((t) => t === row.name)).toHaveLength(1);
    for (const p of pages) {
      expect(texts(p.items)[0]).toBe('名称');
      for (const item of p.items) expect(item.y + item.height).toBeLessThanOrEqual(page.height - page.margin + 0.01);
    }
  });

  it('draws barcodes (default module 4, height 80) of alphanumeric values only, and QR codes in their box', () => {
    const barcode: PrintBox = { id: 'b', type: 'barcode', x: 0, y: 0, width: 595, height: 100, field: 'code' };
    const [bars] = layoutPrint(template(barcode), { code: 'AB123' });
    const marks = bars.items.filter((i) => i.kind === 'rect');
    expect(marks.length).toBeGreaterThan(5);
    expect(Math.max(...marks.map((m) => m.height))).toBe(80);
    expect(Math.min(...marks.map((m) => m.width))).toBe(4);
    expect(texts(bars.items)).toEqual(['AB123']);
    expect(layoutPrint(template(barcode), { code: '中文' })[0].items).toEqual([]);

    const qr: PrintBox = { id: 'q', type: 'qrcode', x: 10, y: 10, width: 265, height: 265, text: 'ID {id}' };
    const [codes] = layoutPrint(template(qr), { id: 'r1' });
    const cells = codes.items.filter((i) => i.kind === 'rect');
    expect(cells.length).toBeGreaterThan(20);
    for (const c of cells) {
      expect(c.x).toBeGreaterThanOrEqual(10);
      expect(c.x + c.width).toBeLessThanOrEqual(275.01);
    }
  });

  it('prints the approval records with the handle action labels', () => {
    const approvals: PrintBox = { id: 'a', type: 'approvals', x: 36, y: 36, width: 523, height: 20 };
    const [first] = layoutPrint(template(approvals), {}, [{ nodeName: '部门审批', userName: '甲', handleTime: Date.UTC(2026, 0, 2), handleStatus: 1, handleOpinion: '好' }, { nodeName: '开始', userName: '乙', handleStatus: 2 }], { language: 'zh' });
    const shown = texts(first.items);
    expect(shown.slice(0, 5)).toEqual(['审批节点', '审批人', '审批时间', '审批动作', '审批意见']);
    expect(shown).toEqual(expect.arrayContaining(['部门审批', '甲', '同意', '好', '开始', '乙', '发起']));
    expect(handleStatusLabel(0, 'en')).toBe('Sent back');
    expect(handleStatusLabel(9, 'zhtw')).toBe('復活');
  });
});

describe('codes', () => {
  it('encodes code128 and QR matrices', () => {
    expect(barcodeModules('AB123')).toMatch(/^[01]+$/);
    expect(barcodeModules('a b')).toBeNull();
    expect(darkRuns('0110111')).toEqual([[1, 2], [4, 3]]);
    expect(qrMatrix('hello')?.length).toBe(21);
    expect(qrMatrix('')).toBeNull();
  });
});

describe('printFieldTree', () => {
  const definition = {
    fields: [
      { __config__: { jnpfKey: 'row', children: [{ __config__: { jnpfKey: 'comInput', label: '标题' }, __vModel__: 'title' }] } },
      { __config__: { jnpfKey: 'divider', label: '线' }, __vModel__: 'd' },
      { __config__: { jnpfKey: 'table', label: '明细', children: [{ __config__: { jnpfKey: 'comInput', label: '物料' }, __vModel__: 'material' }] }, __vModel__: 'items' },
    ],
  };
  it('lists value fields through layouts, sub-tables with their columns', () => {
    const tree = printFieldTree(definition);
    expect(tree.map((n) => [n.id, n.isSubTable])).toEqual([['title', false], ['items', true]]);
    expect(tree[1].children).toEqual([expect.objectContaining({ id: 'material', fullName: '物料', parentId: 'items' })]);
    expect(unknownTemplateField(template({ ...table, columns: [{ field: 'material', label: 'm' }] }), tree)).toBeUndefined();
    expect(unknownTemplateField(template(table), tree)).toBe('items.name');
    expect(unknownTemplateField(template({ id: 'x', type: 'field', x: 0, y: 0, width: 1, height: 1, field: 'items' }), tree)).toBe('items');
  });
});
