import { createRef } from 'react';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getWidget, registerWidget, registeredKeys, WidgetRegistrationError } from '../../../registry/index.js';
import { FormRenderer, type FormRendererHandle } from '../../../src/kernel/client/runtime/FormRenderer.js';
import type { WidgetDefinition, WidgetProps } from '../../../registry/types.js';

afterEach(cleanup);

/** An integrator's widget: a pH meter reading, added with one call and nothing else. */
function PhReading({ value, onChange }: WidgetProps<number>) {
  return <input aria-label="pH" type="number" value={value ?? ''} onChange={(e) => onChange?.(Number(e.target.value))} />;
}

/** The README's example widget, registered by the tests below. */
const phMeter: WidgetDefinition = {
  label: { zh: 'pH 读数', zhtw: 'pH 讀數', en: 'pH reading' },
  kind: 'field',
  component: PhReading,
  defaultProps: { min: 0, max: 14 },
  propsSchema: { type: 'object', properties: { min: { type: 'number' }, max: { type: 'number' } } },
  value: { empty: null, shape: 'number' },
  flags: { storesValue: true, allowedInSubTable: true, listColumn: true, searchable: false },
};

describe('registerWidget, the integrator way in', () => {
  it('knows every built-in kind, and V5 names resolve to them', () => {
    for (const key of ['comInput', 'textarea', 'numInput', 'switch', 'radio', 'checkbox', 'select', 'cascader', 'treeSelect', 'date', 'time', 'dateRange', 'timeRange', 'colorPicker', 'rate', 'slider', 'editor', 'uploadFz', 'uploadImg', 'divider', 'groupTitle', 'JNPFText', 'link', 'alert', 'button', 'barcode', 'qrcode', 'calculate', 'numRange', 'card', 'row', 'tab', 'collapse', 'tableGrid', 'table', 'createUser', 'createTime', 'modifyUser', 'modifyTime', 'currOrganize', 'currDept', 'currPosition', 'billRule', 'comSelect', 'depSelect', 'posSelect', 'roleSelect', 'groupSelect', 'userSelect', 'address', 'dicSelect', 'billRuleSelect', 'relationForm', 'popupSelect', 'relationFormAttr', 'popupAttr']) {
      expect(registeredKeys(), key).toContain(key);
    }
    expect(getWidget('inputNumber')).toBe(getWidget('numInput'));
    expect(getWidget('uploadFile')).toBe(getWidget('uploadFz'));
  });

  it('adds a widget with one call, and a form using it renders and stores its value', async () => {
    registerWidget('phMeter', phMeter);
    const ref = createRef<FormRendererHandle>();
    const view = render(<FormRenderer ref={ref} definition={{ fields: [{ __config__: { jnpfKey: 'phMeter', label: 'pH', required: true }, __vModel__: 'ph' }] }} />);
    await waitFor(() => expect(view.container.querySelector('[data-field="ph"] input[aria-label="pH"]')).not.toBeNull());
    await act(async () => ref.current!.form.setValuesIn('ph', 7.2));
    let submitted: unknown;
    await act(async () => {
      submitted = await ref.current!.submit();
    });
    expect(submitted).toEqual({ ph: 7.2 });
  });

  it('shows an integrator widget with cellText as text in idle sub-table cells, and mounts it in the cell being edited', async () => {
    registerWidget('phMeterText', { ...phMeter, cellText: (value) => (typeof value === 'number' ? value.toFixed(2) : '') });
    const definition = { fields: [{ __config__: { jnpfKey: 'table', label: '读数', children: [{ __config__: { jnpfKey: 'phMeterText', label: 'pH' }, __vModel__: 'ph' }] }, __vModel__: 'readings' }] };
    const view = render(<FormRenderer definition={definition} initialValues={{ readings: [{ ph: 7 }] }} />);
    await waitFor(() => expect(view.container.querySelector('[data-cell="0.ph"] .jnpf-cell-text')).not.toBeNull());
    const idle = view.container.querySelector('[data-cell="0.ph"] .jnpf-cell-text') as HTMLElement;
    expect(idle.textContent).toBe('7.00');
    expect(view.container.querySelector('[data-cell="0.ph"] input')).toBeNull();
    await act(async () => {
      fireEvent.focus(idle);
    });
    expect(document.activeElement).toBe(view.container.querySelector('[data-cell="0.ph"] input[aria-label="pH"]'));
  });

  it('keeps a cell live when an integrator cellText throws or answers no string, and the rest of the table as text', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    registerWidget('phMeterOdd', {
      ...phMeter,
      cellText: (value) => {
        if (value === 13) throw new Error('out of range');
        return (value === 12 ? 12 : String(value)) as string;
      },
    });
    const definition = { fields: [{ __config__: { jnpfKey: 'table', label: '读数', children: [{ __config__: { jnpfKey: 'phMeterOdd', label: 'pH' }, __vModel__: 'ph' }] }, __vModel__: 'readings' }] };
    const view = render(<FormRenderer definition={definition} initialValues={{ readings: [{ ph: 7 }, { ph: 13 }, { ph: 12 }] }} />);
    await waitFor(() => expect(view.container.querySelectorAll('[data-cell$=".ph"]')).toHaveLength(3));
    expect(view.container.querySelector('[data-cell="0.ph"] .jnpf-cell-text')!.textContent).toBe('7');
    expect(view.container.querySelector('[data-cell="1.ph"] input[aria-label="pH"]')).not.toBeNull();
    expect(view.container.querySelector('[data-cell="2.ph"] input[aria-label="pH"]')).not.toBeNull();
    // Said once for the function, not once a cell.
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('refuses a widget whose props schema is not JSON Schema, or whose defaults break it', () => {
    expect(() => registerWidget('broken', { ...phMeter, defaultProps: {}, propsSchema: { type: 'not-a-type' } })).toThrow(WidgetRegistrationError);
    expect(() => registerWidget('badDefaults', { ...phMeter, defaultProps: { min: 'low' }, propsSchema: { type: 'object', properties: { min: { type: 'number' } } } })).toThrow(/defaultProps do not match/);
    expect(() => registerWidget('', { ...phMeter, defaultProps: {}, propsSchema: {} })).toThrow(WidgetRegistrationError);
    expect(() => registerWidget('badCellText', { ...phMeter, cellText: 'x' as never })).toThrow(/cellText must be a function/);
    expect(getWidget('badCellText')).toBeUndefined();
    expect(getWidget('broken')).toBeUndefined();
  });
});
