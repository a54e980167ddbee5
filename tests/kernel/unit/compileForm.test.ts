import { describe, expect, it } from 'vitest';
import { BUILT_IN_WIDGETS } from '../../../registry/index.js';
import { getWidget } from '../../../registry/registerWidget.js';
import { compileForm, UNKNOWN_WIDGET } from '../../../src/kernel/client/runtime/compileForm.js';
import type { FieldDefinition, FormDefinition } from '../../../src/shared/form/definition.js';
import { BUILT_IN_STORED_VALUES } from '../../../src/shared/form/storedValues.js';

const field = (jnpfKey: string, vModel: string | undefined, config: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): FieldDefinition => ({
  __config__: { jnpfKey, label: vModel ?? jnpfKey, ...config },
  ...(vModel ? { __vModel__: vModel } : {}),
  ...extra,
});
const compile = (fields: FieldDefinition[], options: Partial<Parameters<typeof compileForm>[1]> = {}) =>
  compileForm({ fields } as FormDefinition, { lookup: getWidget, ...options });
const props = (compiled: ReturnType<typeof compile>) => compiled.schema.properties as Record<string, Record<string, any>>;

describe('the form compiler', () => {
  it('is pure: the same definition gives the same schema, and nothing in it is code', () => {
    const fields = [field('comInput', 'a', { required: true, regList: [{ pattern: '^\\d+$', message: 'digits' }] }), field('calculate', 'c', {}, { expression: [{ __vModel__: 'a' }, '+', '1'] })];
    const first = compile(fields);
    const second = compile(fields);
    expect(JSON.stringify(first.schema)).toBe(JSON.stringify(second.schema));
    expect(JSON.stringify(first.schema)).not.toMatch(/\{\{/);
    expect(props(first).a['x-validator']).toEqual([{ jnpfField: true, mustFill: true, regList: [{ pattern: '^\\d+$', message: 'digits' }] }]);
    expect(first.calculations).toEqual([{ key: 'c', expression: [{ __vModel__: 'a' }, '+', '1'], precision: 2, references: ['a'] }]);
  });

  it('accepts V5 key names through the aliases', () => {
    const compiled = compile([field('input', 'a'), field('inputNumber', 'b'), field('datePicker', 'c'), field('timePicker', 'd'), field('uploadFile', 'e'), field('text', undefined), field('organizeSelect', 'f'), field('areaSelect', 'g')]);
    expect(compiled.problems.filter((p) => p.kind === 'unknownWidget')).toEqual([]);
    expect(props(compiled).a['x-component']).toBe('comInput');
    expect(props(compiled).b['x-component']).toBe('numInput');
    expect(props(compiled).g['x-component']).toBe('address');
  });

  it('reports an unknown widget and renders a clear placeholder instead of failing', () => {
    const compiled = compile([field('hologram', 'h')]);
    expect(compiled.problems).toEqual([expect.objectContaining({ kind: 'unknownWidget', field: 'h', jnpfKey: 'hologram', path: 'fields[0]' })]);
    expect(Object.values(props(compiled))[0]['x-component']).toBe(UNKNOWN_WIDGET);
  });

  it('reports a malformed formula instead of failing, and computes nothing from it', () => {
    const compiled = compile([field('numInput', 'a'), field('calculate', 'c', {}, { expression: {} })]);
    expect(compiled.problems).toEqual([expect.objectContaining({ kind: 'badExpression', field: 'c' })]);
    expect(compiled.calculations).toEqual([expect.objectContaining({ key: 'c', references: [] })]);
  });

  it('reports a pattern that does not compile, a missing __vModel__ and a duplicate one', () => {
    const compiled = compile([field('comInput', 'a', { regList: [{ pattern: '([', message: 'x' }] }), field('comInput', undefined), field('numInput', 'a')]);
    expect(compiled.problems.map((p) => p.kind).sort()).toEqual(['badPattern', 'duplicateModel', 'missingModel']);
  });

  it('shows only pc fields, hides noShow and permission-listed fields, and attribute fields follow their source', () => {
    const compiled = compile(
      [
        field('comInput', 'pcOnly', { visibility: ['pc'] }),
        field('comInput', 'appOnly', { visibility: ['app'] }),
        field('comInput', 'noShow', { noShow: true }),
        field('comInput', 'secret'),
        field('relationForm', 'project'),
        field('relationFormAttr', undefined, {}, { relationField: 'project', showField: 'code' }),
        field('table', 'items', { children: [field('comInput', 'name'), field('numInput', 'price')] }),
      ],
      { hiddenFields: ['secret', 'project', 'items-price'] },
    );
    const p = props(compiled);
    expect(p.pcOnly).toBeDefined();
    expect(p.appOnly).toBeUndefined();
    expect(p.noShow['x-display']).toBe('hidden');
    expect(p.secret['x-display']).toBe('hidden');
    expect(p.project['x-display']).toBe('hidden');
    expect(Object.values(p).some((s) => s['x-component'] === 'relationFormAttr')).toBe(false);
    expect(p.items['x-component-props'].columns.map((c: { key: string }) => c.key)).toEqual(['name']);
  });

  it('carries layout: span, label width and position, gutter and show-label', () => {
    const compiled = compileForm(
      { labelWidth: 120, labelPosition: 'top', gutter: 20, fields: [field('comInput', 'a', { span: 12, showLabel: false }), field('comInput', 'b', { labelWidth: 80 })] } as FormDefinition,
      { lookup: getWidget },
    );
    expect(compiled.layout).toMatchObject({ labelWidth: 120, labelPosition: 'top', gutter: 20 });
    expect(props(compiled).a['x-decorator-props']).toMatchObject({ span: 12, showLabel: false, labelWidth: 120, gutter: 20, fieldKey: 'a' });
    expect(props(compiled).b['x-decorator-props']).toMatchObject({ span: 24, labelWidth: 80 });
  });

  it('compiles sub-table columns with their rules and calculated columns', () => {
    const compiled = compile([
      field('table', 'items', { children: [field('numInput', 'price', { required: true }), field('numInput', 'qty'), field('calculate', 'amount', {}, { expression: [{ __vModel__: 'items.price' }, '×', { __vModel__: 'items.qty' }] })] }, { summaryField: ['amount'], 'show-summary': true }),
    ]);
    const table = props(compiled).items;
    expect(table['x-component-props']).toMatchObject({ showSummary: true, summaryFields: ['amount'] });
    expect(table['x-validator'][0].columns[0]).toEqual({ key: 'price', required: true, regList: [] });
    expect(compiled.calculations).toEqual([expect.objectContaining({ key: 'amount', table: 'items', references: ['items.price', 'items.qty'] })]);
    expect(table['x-component-props'].columns[2].readOnly).toBe(true);
  });

  it('makes everything read-only for the record viewer', () => {
    const compiled = compile([field('comInput', 'a', { required: true })], { readOnly: true });
    expect(props(compiled).a['x-pattern']).toBe('readOnly');
    expect(props(compiled).a['x-validator']).toBeUndefined();
  });

  it('reads sub-table columns through the shared walk, with their place in the definition', () => {
    const compiled = compile([field('table', 'rows', { children: [field('comInput', 'a'), field('hologram', 'b')] })]);
    expect(compiled.problems).toEqual([expect.objectContaining({ kind: 'unknownWidget', field: 'rows.b', path: 'fields[0].__config__.children[1]' })]);
  });

  it('agrees with the shared table of stored values (what the server checks) on every built-in widget', () => {
    expect(Object.keys(BUILT_IN_STORED_VALUES).sort()).toEqual(Object.keys(BUILT_IN_WIDGETS).sort());
    for (const [jnpfKey, widget] of Object.entries(BUILT_IN_WIDGETS)) {
      expect(BUILT_IN_STORED_VALUES[jnpfKey], jnpfKey).toEqual({ storesValue: widget.flags.storesValue && widget.kind !== 'display', shape: widget.value.shape });
    }
  });
});
