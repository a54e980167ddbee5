import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFormDefinition } from '../../../src/shared/form/definition.js';
import { validateSubmission } from '../../../src/shared/form/validateSubmission.js';
import { recalculate } from '../../../src/shared/form/recalculate.js';

/**
 * The server's side of "never trust the client": the shared submission checks and recalculation run in Node,
 * where there is no window or document, on definitions read the way the server stores them (JSON text).
 */
const fixture = (name: string) => readFormDefinition(fs.readFileSync(path.resolve(__dirname, '../../../fixtures', name), 'utf8'));

describe('form submissions on the server', () => {
  it('runs with no DOM', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
  });

  it('recomputes the purchase form and refuses what a hand-made request could send', () => {
    const purchase = fixture('labcode/purchase-calculations-v5.form.json');
    const sent = {
      applyNo: 'PO-1',
      taxRate: 10,
      items: [{ material: 'A', price: 4, qty: 5, amount: 1000000 }, { material: 'B', price: 2.5, qty: 2 }],
      total: 1,
      qtyTotal: 0,
    };
    const stored = recalculate(purchase, sent);
    expect(stored).toMatchObject({ items: [{ amount: 20 }, { amount: 5 }], total: 27.5, qtyTotal: 7 });
    expect(validateSubmission(purchase, stored)).toEqual([]);

    expect(validateSubmission(purchase, { ...stored, applyNo: '', taxRate: '10', isAdmin: true, items: [{ material: 'A', price: 4, qty: null, amount: 0 }] })).toEqual([
      { field: 'applyNo', rule: 'required', message: '不能为空' },
      { field: 'items.0.qty', rule: 'required', message: '不能为空' },
      { field: 'taxRate', rule: 'shape', message: '数据类型不正确' },
      { field: 'isAdmin', rule: 'unknownField', message: '表单中没有此字段' },
    ]);
  });

  it('checks a JNPF sub-table form in the sender\'s language', () => {
    const expense = fixture('jnpf/expense-reimbursement-subtable.form.json');
    const sent = { f_userid: 'u1', notAField: 1, tableField109: [{ f_costclasses: '', f_amount: 12 }] };
    expect(validateSubmission(expense, sent, { language: 'en' })).toEqual([
      { field: 'f_depname', rule: 'required', message: 'is required' },
      { field: 'tableField109.0.f_costclasses', rule: 'required', message: 'is required' },
      { field: 'tableField109.0.f_amount', rule: 'shape', message: 'has the wrong type of value' },
      { field: 'notAField', rule: 'unknownField', message: 'is not a field of this form' },
    ]);
  });
});
