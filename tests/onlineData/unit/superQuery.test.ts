import { describe, expect, it } from 'vitest';
import { queryFields, superQueryJsonOf } from '../../../src/modules/onlineData/client/runtime/superQuery.js';
import { purchaseForm } from '../api/onlineDataDesign.js';

/** The advanced query dialog's model: which fields it offers, with which conditions, and the JSON it sends. */
describe('advanced query of online-development lists', () => {
  it('offers the main-table fields, with conditions that fit their kind, and static options', () => {
    const fields = queryFields(purchaseForm as never);
    expect(fields.map((f) => f.field)).toEqual(['title', 'code', 'kind', 'budget', 'needDate', 'buyer', 'billNo', 'total']);
    const kind = fields.find((f) => f.field === 'kind')!;
    expect(kind).toMatchObject({ kind: 'option', options: [{ label: '试剂', value: 'reagent' }, { label: '耗材', value: 'supply' }] });
    expect(kind.symbols).not.toContain('like');
    expect(fields.find((f) => f.field === 'budget')!.symbols).toContain('between');
    expect(fields.find((f) => f.field === 'title')!.symbols).toContain('like');
  });

  it("sends JNPF 5's grouped shape, leaving out conditions without a value", () => {
    expect(superQueryJsonOf('or', [{ field: 'title', symbol: 'like', value: '' }])).toBe('');
    expect(JSON.parse(superQueryJsonOf('or', [{ field: 'title', symbol: 'like', value: '乙醇' }, { field: 'code', symbol: 'null', value: 'ignored' }, { field: 'budget', symbol: 'between', value: [null, undefined] }]))).toEqual({
      matchLogic: 'or',
      conditionList: [{ logic: 'or', groups: [{ field: 'title', symbol: 'like', fieldValue: '乙醇' }, { field: 'code', symbol: 'null' }] }],
    });
  });
});
