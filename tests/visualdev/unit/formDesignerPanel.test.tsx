import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { i18n } from '../../../src/kernel/client/i18n/index.js';
import type { FormDefinition } from '../../../src/shared/form/definition.js';
import { FormDesigner } from '../../../src/modules/visualdev/client/formDesigner/FormDesigner.js';
import { FormDesigner as LazyFormDesigner, validateDesign } from '../../../src/modules/visualdev/client/formDesigner/index.js';
import { interpretingValidator } from '../../../src/modules/visualdev/client/formDesigner/panel/interpretingValidator.js';

/** The designer in happy-dom: click-to-add, the property panel (common and rjsf), key errors, undo/redo. */
let latest: FormDefinition | undefined;
function Host({ initial = { fields: [] } as FormDefinition, lazy = false }) {
  const [value, setValue] = useState(initial);
  const Designer = lazy ? LazyFormDesigner : FormDesigner;
  return (
    <Designer
      value={value}
      height={800}
      onChange={(next) => {
        latest = next;
        setValue(next);
      }}
    />
  );
}
const palette = (key: string) => document.querySelector(`[data-palette="${key}"]`) as HTMLElement;
const canvasNode = (vModel: string) => document.querySelector(`.fd-canvas [data-vmodel="${vModel}"]`) as HTMLElement;
const prop = (name: string) => document.querySelector(`.fd-side-right [data-prop="${name}"]`) as HTMLInputElement;

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
afterEach(() => {
  cleanup();
  latest = undefined;
});

describe('the form designer screen', () => {
  it('loads lazily through the public entry and shows every palette group with translated names', async () => {
    render(<Host lazy />);
    await screen.findByTestId('form-designer', {}, { timeout: 10_000 });
    for (const group of ['基础控件', '高级控件', '系统控件', '布局控件']) expect(screen.getByText(group)).toBeTruthy();
    expect(palette('comInput').textContent).toBe('单行输入');
    expect(palette('tableGrid')).toBeTruthy();
  });

  it('adds by click, edits common properties, shows key errors on the field, and undoes and redoes', async () => {
    render(<Host />);
    fireEvent.click(palette('comInput'));
    expect(latest!.fields.map((f) => f.__vModel__)).toEqual(['comInputField101']);
    // The new field is selected: the panel edits it.
    fireEvent.change(prop('label'), { target: { value: '样品名称' } });
    expect(latest!.fields[0]!.__config__.label).toBe('样品名称');
    fireEvent.change(prop('__vModel__'), { target: { value: '9name' } });
    expect(latest!.fields[0]!.__vModel__).toBe('9name');
    const message = '“样品名称”的字段名 9name 不合法：以字母或下划线开头，只含字母、数字、下划线，最长 63 个字符';
    expect(within(canvasNode('9name')).getByRole('alert').textContent).toBe(message);
    expect(screen.getAllByText(message).length).toBe(2);
    fireEvent.change(prop('__vModel__'), { target: { value: 'sampleName' } });
    expect(document.querySelectorAll('.fd-problem')).toHaveLength(0);
    fireEvent.click(within(screen.getByRole('main')).getByText('样品名称'));
    fireEvent.click(prop('required'));
    expect(latest!.fields[0]!.__config__.required).toBe(true);
    expect(within(canvasNode('sampleName')).getByText('*')).toBeTruthy();
    // Pattern rules: a pattern that does not compile is an error in the panel and on the canvas.
    fireEvent.click(screen.getByText('添加规则'));
    fireEvent.change(prop('regList.0.pattern'), { target: { value: '([a-' } });
    expect(latest!.fields[0]!.__config__.regList).toEqual([{ pattern: '([a-', message: '' }]);
    expect(validateDesign(latest!).map((p) => p.code)).toEqual(['regListPattern']);
    expect(within(canvasNode('sampleName')).getByRole('alert').textContent).toContain('([a-');

    fireEvent.click(palette('numInput'));
    expect(latest!.fields).toHaveLength(2);
    const undo = screen.getByRole('button', { name: '撤销' });
    fireEvent.click(undo);
    expect(latest!.fields).toHaveLength(1);
    // Ctrl+Z outside a text box, Ctrl+Shift+Z to redo.
    act(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    });
    // One step back: the pattern typed is undone, the empty rule row it was typed into stays.
    expect(latest!.fields[0]!.__config__.regList).toEqual([{ pattern: '', message: '' }]);
    act(() => {
      fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
      fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    });
    expect(latest!.fields).toHaveLength(2);
  });

  it('adds into the selected container, copies and deletes', async () => {
    render(<Host />);
    fireEvent.click(palette('card'));
    fireEvent.click(palette('textarea'));
    expect(latest!.fields).toHaveLength(1);
    expect(latest!.fields[0]!.__config__.children!.map((f) => f.__vModel__)).toEqual(['textareaField102']);
    fireEvent.click(screen.getByRole('button', { name: '复制' }));
    expect(latest!.fields[0]!.__config__.children!.map((f) => f.__vModel__)).toEqual(['textareaField102', 'textareaField103']);
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(latest!.fields[0]!.__config__.children!.map((f) => f.__vModel__)).toEqual(['textareaField102']);
  });

  it('draws the widget props from its JSON Schema with rjsf and writes them where the definition keeps them', async () => {
    render(<Host />);
    fireEvent.click(palette('comInput'));
    const panel = document.querySelector('.fd-rjsf') ?? (await waitFor(() => {
      const found = document.querySelector('.fd-rjsf');
      if (!found) throw new Error('rjsf not loaded yet');
      return found;
    }, { timeout: 10_000 }));
    const prepend = within(panel as HTMLElement).getByLabelText('前缀');
    fireEvent.change(prepend, { target: { value: 'SN-' } });
    await waitFor(() => expect(latest!.fields[0]!.__slot__?.prepend).toBe('SN-'));
    const maxLength = within(panel as HTMLElement).getByLabelText('最多输入');
    fireEvent.change(maxLength, { target: { value: '12' } });
    await waitFor(() => expect(latest!.fields[0]!.maxLength ?? latest!.fields[0]!.maxlength).toBe(12));
  });

  it('adds a sub-table\'s total field with "+ Add Item" and keeps the designer standing', async () => {
    render(<Host />);
    fireEvent.click(palette('table'));
    const panel = (await waitFor(() => {
      const found = document.querySelector('.fd-rjsf');
      if (!found) throw new Error('rjsf not loaded yet');
      return found;
    }, { timeout: 10_000 })) as HTMLElement;
    // This click threw in the validator ("Instances of "undefined" type are not supported") and lost the design.
    fireEvent.click(within(panel.querySelector('#root_summaryFields') as HTMLElement).getByRole('button', { name: /Add Item/ }));
    const item = await waitFor(() => panel.querySelector('#root_summaryFields_0') as HTMLInputElement);
    fireEvent.change(item, { target: { value: 'amount' } });
    await waitFor(() => expect(latest!.fields[0]!.summaryField).toEqual(['amount']));
    expect(document.querySelector('[data-testid="panel-error"]')).toBeNull();
    expect(document.querySelector('.fd-canvas [data-jnpf-key="table"]')).not.toBeNull();
  });

  it('edits a formula checked with the shared evaluator', async () => {
    render(<Host />);
    fireEvent.click(palette('numInput'));
    fireEvent.click(palette('calculate'));
    fireEvent.change(prop('expression'), { target: { value: 'numInputField101 * (' } });
    expect(latest!.fields[1]!.expression).toBe('numInputField101 * (');
    expect(document.querySelector('.fd-canvas .fd-problem')?.textContent).toMatch(/^“计算公式”的计算公式有误/);
    fireEvent.change(prop('expression'), { target: { value: '' } });
    fireEvent.click(screen.getByText('numInputField101', { selector: '.fd-formula-field' }));
    expect(latest!.fields[1]!.expression).toBe('numInputField101');
    expect(validateDesign(latest!)).toEqual([]);
  });
});

describe('the interpreting rjsf validator', () => {
  it('reports schema errors by property, as rjsf expects, without generating code', () => {
    const schema = { type: 'object', properties: { precision: { type: 'integer', minimum: 0, maximum: 15 }, name: { type: 'string' } } } as const;
    const result = interpretingValidator.validateFormData({ precision: 20, name: 'x' }, schema as never);
    expect(result.errors.map((e) => [e.property, e.name])).toEqual([['.precision', 'maximum']]);
    expect(result.errorSchema.precision?.__errors).toHaveLength(1);
    expect(interpretingValidator.isValid(schema as never, { precision: 3 }, schema as never)).toBe(true);
    expect(interpretingValidator.isValid(schema as never, { precision: 'x' }, schema as never)).toBe(false);
  });
});
