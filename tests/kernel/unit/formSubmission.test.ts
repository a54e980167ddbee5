import { describe, expect, it } from 'vitest';
import type { FieldDefinition, FormDefinition } from '../../../src/shared/form/definition.js';
import { columnNodes, flattenFields, shownOn, type FieldNode } from '../../../src/shared/form/walkFields.js';
import { staticOptions } from '../../../src/shared/form/fieldOptions.js';
import { BUILT_IN_STORED_VALUES } from '../../../src/shared/form/storedValues.js';
import { validateFieldValue } from '../../../src/shared/validation/fieldValidation.js';
import { validateSubmission } from '../../../src/shared/form/validateSubmission.js';
import { recalculate } from '../../../src/shared/form/recalculate.js';
import { formCalculations, runCalculations } from '../../../src/shared/form/calculatedFields.js';
import { formFixtures, sampleValue } from '../../support/unit/fixtureSamples.js';

/**
 * The server's view of a submission, on every fixture, with shared code only (no registry, no Formily): a
 * valid sample passes, and each kind of tampering is caught or, for calculated fields, undone.
 */
const fixtures = formFixtures();
const PATTERN_CANDIDATES = ['ABC-123', '13800138000', '64-17-5', '12.5'];

const stores = (node: FieldNode) => Boolean(node.field.__vModel__ && node.jnpfKey && BUILT_IN_STORED_VALUES[node.jnpfKey]?.storesValue);
const checkedByForm = (node: FieldNode) => shownOn(node.field, 'pc') && !node.config.noShow && !node.field.disabled && !node.field.readonly && node.jnpfKey !== 'calculate';

function sampleFor(field: FieldDefinition, jnpfKey: string): unknown {
  const source = staticOptions(field);
  const value = sampleValue(jnpfKey, { options: source?.options ?? [], valueKey: source?.valueKey, multiple: field.multiple, activeValue: field['active-value'] ?? field.activeValue, range: field.range });
  const regList = field.__config__?.regList ?? [];
  return [value, ...PATTERN_CANDIDATES].find((candidate) => validateFieldValue(candidate, { regList }).regValid);
}

function sample(definition: FormDefinition): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const node of flattenFields(definition.fields).filter(stores)) {
    if (node.role === 'subTable') {
      const columns = columnNodes(node).filter((column) => stores(column) && column.jnpfKey !== 'calculate');
      data[node.field.__vModel__!] = [0, 1].map(() => Object.fromEntries(columns.map((c) => [c.field.__vModel__!, sampleFor(c.field, c.jnpfKey!)])));
    } else if (node.jnpfKey !== 'calculate') {
      data[node.field.__vModel__!] = sampleFor(node.field, node.jnpfKey!);
    }
  }
  return data;
}

/** A value no widget stores for this kind of field. */
const WRONG = { nested: { object: true } };

describe('validateSubmission and recalculate on every fixture', () => {
  it('has the fixtures to run on', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(15);
  });

  for (const { name, definition } of fixtures) {
    describe(name, () => {
      const fields = flattenFields(definition.fields).filter(stores);
      const valid = recalculate(definition, sample(definition));

      it('accepts a valid sample, before and after recalculation', () => {
        expect(fields.length).toBeGreaterThan(0);
        expect(validateSubmission(definition, valid)).toEqual([]);
        expect(validateSubmission(definition, sample(definition))).toEqual([]);
      });

      it('refuses a field the form does not have, at the top and in sub-table rows', () => {
        expect(validateSubmission(definition, { ...valid, notAField: 'x' })).toEqual([{ field: 'notAField', rule: 'unknownField', message: '表单中没有此字段' }]);
        for (const table of fields.filter((node) => node.role === 'subTable')) {
          const key = table.field.__vModel__!;
          const rows = valid[key] as Record<string, unknown>[];
          const tampered = { ...valid, [key]: [rows[0], { ...rows[1], injected: 1 }] };
          expect(validateSubmission(definition, tampered)).toEqual([{ field: `${key}.1.injected`, rule: 'unknownField', message: '表单中没有此字段' }]);
        }
      });

      it('refuses a value of the wrong type in every stored field', () => {
        for (const node of fields) {
          const key = node.field.__vModel__!;
          const problems = validateSubmission(definition, { ...valid, [key]: WRONG });
          expect(problems, key).toEqual([{ field: key, rule: node.jnpfKey === 'switch' ? 'option' : 'shape', message: node.jnpfKey === 'switch' ? '不是可选的选项' : '数据类型不正确' }]);
        }
        for (const node of fields.filter((f) => f.jnpfKey === 'numInput' || f.jnpfKey === 'calculate')) {
          const key = node.field.__vModel__!;
          expect(validateSubmission(definition, { ...valid, [key]: '12' }), key).toEqual([expect.objectContaining({ field: key, rule: 'shape' })]);
        }
        for (const table of fields.filter((node) => node.role === 'subTable')) {
          const key = table.field.__vModel__!;
          expect(validateSubmission(definition, { ...valid, [key]: 'rows' })).toEqual([expect.objectContaining({ field: key, rule: 'shape' })]);
          for (const column of columnNodes(table).filter(stores)) {
            const rows = valid[key] as Record<string, unknown>[];
            const path = `${key}.0.${column.field.__vModel__}`;
            expect(validateSubmission(definition, { ...valid, [key]: [{ ...rows[0], [column.field.__vModel__!]: WRONG }, rows[1]] }), path).toEqual([expect.objectContaining({ field: path })]);
          }
        }
      });

      it('refuses an emptied required field with the message the form shows', () => {
        for (const node of fields.filter((f) => f.role === 'field' && f.config.required && checkedByForm(f))) {
          const key = node.field.__vModel__!;
          const message = node.config.requiredMessage ?? '不能为空';
          expect(validateSubmission(definition, { ...valid, [key]: '' }), key).toEqual([{ field: key, rule: 'required', message }]);
          expect(validateSubmission(definition, { ...valid, [key]: '' }, { hiddenFields: [key] }), key).toEqual([]);
        }
        for (const table of fields.filter((node) => node.role === 'subTable' && checkedByForm(node))) {
          const key = table.field.__vModel__!;
          for (const column of columnNodes(table).filter((c) => stores(c) && c.config.required && checkedByForm(c))) {
            const rows = valid[key] as Record<string, unknown>[];
            const tampered = { ...valid, [key]: [rows[0], { ...rows[1], [column.field.__vModel__!]: null }] };
            expect(validateSubmission(definition, tampered)).toEqual([{ field: `${key}.1.${column.field.__vModel__}`, rule: 'required', message: '不能为空' }]);
          }
        }
      });

      it('refuses a value that breaks a regList pattern with that rule\'s message', () => {
        for (const node of fields.filter((f) => (f.config.regList?.length ?? 0) > 0 && checkedByForm(f))) {
          const key = node.field.__vModel__!;
          expect(validateSubmission(definition, { ...valid, [key]: '!! broken !!' }), key).toEqual([{ field: key, rule: 'pattern', message: node.config.regList![0].message || '格式不正确' }]);
        }
      });

      it('restores tampered calculated values, sub-table columns included', () => {
        const calculations = formCalculations(definition);
        for (const calc of calculations) {
          const tampered: Record<string, unknown> = calc.table
            ? { ...valid, [calc.table]: (valid[calc.table] as Record<string, unknown>[]).map((row) => ({ ...row, [calc.key]: 999999 })) }
            : { ...valid, [calc.key]: 999999 };
          expect(recalculate(definition, tampered)).toEqual(valid);
          expect(tampered).not.toEqual(valid);
        }
      });
    });
  }

  it('covered each kind of breakage somewhere', () => {
    const all = fixtures.flatMap(({ definition }) => flattenFields(definition.fields).filter(stores));
    expect(all.filter((f) => f.config.required && checkedByForm(f)).length).toBeGreaterThanOrEqual(10);
    const columns = all.filter((f) => f.role === 'subTable').flatMap((table) => columnNodes(table));
    expect([...all, ...columns].filter((f) => (f.config.regList?.length ?? 0) > 0).length).toBe(4);
    expect(fixtures.flatMap(({ definition }) => formCalculations(definition)).length).toBe(3);
  });
});

describe('recalculate', () => {
  const purchase = fixtures.find((f) => f.name === 'labcode/purchase-calculations-v5.form.json')!.definition;

  it('computes row formulas, then the totals over them, whatever was sent', () => {
    const data = { taxRate: 12, items: [{ material: 'A', price: 12.5, qty: 2, amount: 1 }, { material: 'B', price: 3, qty: 4 }], total: 0, qtyTotal: 'lots' };
    const result = recalculate(purchase, data);
    expect(result).toMatchObject({ items: [{ amount: 25 }, { amount: 12 }], total: 41.44, qtyTotal: 6 });
    expect(data.items[0].amount).toBe(1);
  });

  it('runs calculations in dependency order, not definition order', () => {
    const definition: FormDefinition = {
      fields: [
        { __vModel__: 'withTax', __config__: { jnpfKey: 'calculate' }, expression: 'net * 1.1' },
        { __vModel__: 'net', __config__: { jnpfKey: 'calculate' }, expression: [{ __vModel__: 'lines.sum' }] },
        { __vModel__: 'lines', __config__: { jnpfKey: 'table', children: [{ __vModel__: 'a', __config__: { jnpfKey: 'numInput' } }, { __vModel__: 'sum', __config__: { jnpfKey: 'calculate' }, expression: 'lines.a * 2' }] } },
      ],
    };
    expect(recalculate(definition, { lines: [{ a: 1 }, { a: 4 }] })).toEqual({ lines: [{ a: 1, sum: 2 }, { a: 4, sum: 8 }], net: 10, withTax: 11 });
  });

  it('keeps the identity of rows whose results do not change', () => {
    const calculations = formCalculations(purchase);
    const first = runCalculations({ taxRate: 0, items: [{ price: 2, qty: 3 }, { price: 1, qty: 1 }] }, calculations).values;
    const rows = first.items as Record<string, unknown>[];
    const edited = runCalculations({ ...first, items: [rows[0], { ...rows[1], qty: 5 }] }, calculations);
    const next = edited.values.items as Record<string, unknown>[];
    expect(next[0]).toBe(rows[0]);
    expect(next[1]).toEqual({ price: 1, qty: 5, amount: 5 });
    expect(edited.changed.sort()).toEqual(['items', 'qtyTotal', 'total']);
    expect(runCalculations(edited.values, calculations).changed).toEqual([]);
  });
});

describe('validateSubmission beyond the fixtures', () => {
  const definition: FormDefinition = {
    fields: [
      { __vModel__: 'name', __config__: { jnpfKey: 'input', required: true }, maxlength: 5 },
      { __vModel__: 'rate', __config__: { jnpfKey: 'numInput' }, min: 0, max: 100, precision: 1 },
      { __vModel__: 'shop', __config__: { jnpfKey: 'radio', dataType: 'static' }, __slot__: { options: [{ id: '1', fullName: '北京店' }] } },
      { __config__: { jnpfKey: 'row', children: [{ __vModel__: 'secret', __config__: { jnpfKey: 'hologram' } }] } },
      { __config__: { jnpfKey: 'divider' } },
    ],
  };

  it('checks lengths, ranges, precision and static options, in the asked language', () => {
    const problems = validateSubmission(definition, { name: '六个字符的名', rate: 100.25, shop: '9', secret: 'x' }, { language: 'en' });
    expect(problems).toEqual([
      { field: 'name', rule: 'maxLength', message: 'has at most 5 characters' },
      { field: 'rate', rule: 'range', message: 'must be at most 100' },
      { field: 'shop', rule: 'option', message: 'is not one of the options' },
      { field: 'secret', rule: 'unknownWidget', message: 'has an unknown widget type and cannot be checked' },
    ]);
    expect(validateSubmission(definition, { name: 'abc', rate: 1.25, shop: '1' })).toEqual([
      { field: 'rate', rule: 'precision', message: '最多1位小数' },
      { field: 'secret', rule: 'unknownWidget', message: '控件类型未知，无法校验' },
    ]);
  });

  it('accepts the stored shapes of the organisation and multi-tab pickers, and nothing else', () => {
    const pickers: FormDefinition = {
      fields: [
        { __vModel__: 'org', __config__: { jnpfKey: 'comSelect' }, multiple: true },
        { __vModel__: 'one', __config__: { jnpfKey: 'comSelect' } },
        { __vModel__: 'who', __config__: { jnpfKey: 'usersSelect' } },
        { __vModel__: 'many', __config__: { jnpfKey: 'usersSelect' }, multiple: true },
      ],
    };
    const paths = { org: [['c1', 'd1'], ['c1', 'd2']], one: ['c1', 'd1'], who: 'u1--user', many: ['u1--user', 'd1--department'] };
    expect(validateSubmission(pickers, paths)).toEqual([]);
    expect(validateSubmission(pickers, { org: [['c1', { id: 'x' }]], one: 'c1', who: { id: 'u1' }, many: [['u1']] }).map((p) => p.field)).toEqual(['org', 'who', 'many']);
  });

  it('says what is wrong with a submission that is not an object, and never throws on a broken definition', () => {
    expect(validateSubmission(definition, [1, 2])).toEqual([{ field: '', rule: 'shape', message: '数据类型不正确' }]);
    const broken = { fields: [null, 'x', { __config__: null }, { __vModel__: 'a', __config__: { jnpfKey: 'input', regList: 'nope' } }] } as unknown as FormDefinition;
    expect(validateSubmission(broken, { a: 'fine' })).toEqual([{ field: 'fields[2]', rule: 'unknownWidget', message: '控件类型未知，无法校验' }]);
    expect(validateSubmission({} as FormDefinition, { a: 1 })).toEqual([{ field: 'a', rule: 'unknownField', message: '表单中没有此字段' }]);
  });
});

describe('definitions the registry does not know', () => {
  const field = (key: string, jnpfKey: string, extra: Record<string, unknown> = {}) => ({ __vModel__: key, __config__: { jnpfKey, label: key }, ...extra });

  it('walks an integrator\'s layout like a built-in one, so the server recomputes and accepts its fields', () => {
    const definition = {
      fields: [{ __config__: { jnpfKey: 'myGrid', children: [field('a', 'numInput'), field('c', 'calculate', { expression: [{ __vModel__: 'a', label: 'a' }, '+', '1'] })] } }],
    } as unknown as FormDefinition;
    expect(recalculate(definition, { a: 1, c: 999 })).toMatchObject({ c: 2 });
    expect(validateSubmission(definition, { a: 1, c: 2 }).filter((problem) => problem.rule === 'unknownField')).toEqual([]);
  });

  it('computes nothing from a malformed formula instead of throwing', () => {
    for (const expression of [{}, 5, null, true]) {
      const definition = { fields: [field('a', 'numInput'), field('c', 'calculate', { expression })] } as unknown as FormDefinition;
      expect(() => recalculate(definition, { a: 1 })).not.toThrow();
      expect(() => validateSubmission(definition, { a: 1 })).not.toThrow();
    }
  });
});
