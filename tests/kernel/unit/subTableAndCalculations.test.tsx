import { createRef } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormRenderer, type FormRendererHandle } from '../../../src/kernel/client/runtime/FormRenderer.js';
import { DELETE_ROW_CONFIRMATION, submitRows, summarize, validateRows } from '../../../src/shared/form/subTable.js';
import type { FormDefinition } from '../../../src/shared/form/definition.js';

afterEach(cleanup);
const rowCount = (ref: { current: FormRendererHandle | null }) => (ref.current!.getValues().items as unknown[]).length;

const definition: FormDefinition = {
  fields: [
    {
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        children: [
          { __config__: { jnpfKey: 'numInput', label: '单价', required: true }, __vModel__: 'price' },
          { __config__: { jnpfKey: 'numInput', label: '数量', regList: [{ pattern: '^[1-9]\\d*$', message: '数量须为正整数' }] }, __vModel__: 'qty' },
          { __config__: { jnpfKey: 'calculate', label: '金额' }, __vModel__: 'amount', expression: [{ __vModel__: 'items.price' }, '×', { __vModel__: 'items.qty' }], thousands: true },
        ],
      },
      __vModel__: 'items',
      summaryField: ['qty', 'amount'],
      'show-summary': true,
    },
    { __config__: { jnpfKey: 'calculate', label: '总额' }, __vModel__: 'total', expression: [{ __vModel__: 'items.amount' }, '+', { __vModel__: 'fee' }] },
    { __config__: { jnpfKey: 'numInput', label: '运费' }, __vModel__: 'fee' },
  ],
};

async function renderForm(initialValues?: Record<string, unknown>, readOnly = false) {
  const ref = createRef<FormRendererHandle>();
  const view = render(<FormRenderer ref={ref} definition={definition} initialValues={initialValues} readOnly={readOnly} />);
  // Up: the sub-table shows its rows.
  await waitFor(() => expect(view.container.querySelector('.jnpf-subtable [role="row"][data-row]')).not.toBeNull());
  return { ref, view };
}

describe('sub-table rules (spec 001 §5)', () => {
  const columns = [{ key: 'price', required: true }, { key: 'qty', regList: [{ pattern: '^[1-9]\\d*$', message: '数量须为正整数' }] }];

  it('submits nothing while any cell is invalid, the rows otherwise', () => {
    expect(submitRows([{ price: 1, qty: 2 }, { price: null, qty: 1 }], columns)).toBeUndefined();
    expect(submitRows([{ price: 1, qty: 0 }], columns)).toBeUndefined();
    expect(submitRows([{ price: 1, qty: 2 }], columns)).toEqual([{ price: 1, qty: 2 }]);
    expect(validateRows([{ price: '', qty: 'x' }], columns).invalid.map((i) => [i.key, i.validity])).toEqual([
      ['price', { valid: false, regValid: true }],
      ['qty', { valid: true, regValid: false, regErrorText: '数量须为正整数' }],
    ]);
  });

  it('sums only the summary fields: integers as they are, others to 2 decimals, thousands where asked', () => {
    expect(summarize([{ a: 1, b: 1000.5 }, { a: 2, b: '2000.256' }, { a: null }], ['a', 'b'], ['b'])).toEqual({ a: '3', b: '3,000.76' });
  });
});

describe('the sub-table widget in a form', () => {
  it('calculates row cells from table.column, the total from the column sum, 100 ms after a change', async () => {
    const { ref, view } = await renderForm({ items: [{ price: 2, qty: 3 }, { price: 1.5, qty: 2 }], fee: 10 });
    // The first results come as soon as the form is up.
    await waitFor(() => expect(ref.current!.getValues()).toMatchObject({ items: [{ amount: 6 }, { amount: 3 }], total: 19 }));
    // The debounce on the form's own clock: 30 ms after a change nothing yet, 150 ms later the new results.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => ref.current!.form.setValuesIn('items.0.qty', 4));
    await act(() => vi.advanceTimersByTimeAsync(30));
    expect(ref.current!.getValues().total).toBe(19);
    await act(() => vi.advanceTimersByTimeAsync(150));
    vi.useRealTimers();
    expect(ref.current!.getValues()).toMatchObject({ items: [{ amount: 8 }, { amount: 3 }], total: 21 });
    expect(view.container.querySelector('[data-summary="qty"]')!.textContent).toBe('6');
    expect(view.container.querySelector('[data-summary="amount"]')!.textContent).toBe('11');
    expect(view.container.textContent).toContain('合计');
  });

  it('shows cell flags after a failed submit and resets a cell when it changes', async () => {
    const { ref, view } = await renderForm({ items: [{ price: null, qty: 0 }] });
    let result: unknown = 'unset';
    await act(async () => {
      result = await ref.current!.submit();
    });
    expect(result).toBeUndefined();
    await waitFor(() => expect(view.container.querySelector('[data-cell="0.price"]')!.textContent).toContain('不能为空'));
    expect(view.container.querySelector('[data-cell="0.qty"]')!.textContent).toContain('数量须为正整数');
    // An idle cell is text; focusing it mounts the number input, as a click or Tab does.
    await act(async () => {
      fireEvent.focus(view.container.querySelector('[data-cell="0.price"] .jnpf-cell-text')!);
    });
    const priceInput = view.container.querySelector('[data-cell="0.price"] input') as HTMLInputElement;
    fireEvent.change(priceInput, { target: { value: '5' } });
    await waitFor(() => expect(view.container.querySelector('[data-cell="0.price"]')!.textContent).not.toContain('不能为空'));
    expect(view.container.querySelector('[data-cell="0.qty"]')!.textContent).toContain('数量须为正整数');
    await act(async () => ref.current!.form.setValuesIn('items.0.qty', 2));
    await act(async () => {
      result = await ref.current!.submit();
    });
    expect(result).toMatchObject({ items: [{ price: 5, qty: 2 }] });
  });

  it('adds an empty row with the link, and deletes a row only after the confirmation', async () => {
    const { ref } = await renderForm({ items: [{ price: 1, qty: 1 }] });
    fireEvent.click(screen.getByRole('button', { name: /添加/ }));
    await waitFor(() => expect(rowCount(ref)).toBe(2));
    fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0]);
    // The confirmation is up, and the row is still there until it is answered.
    await waitFor(() => expect(document.body.textContent).toContain(DELETE_ROW_CONFIRMATION));
    expect(rowCount(ref)).toBe(2);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(rowCount(ref)).toBe(1));
  });

  it('hides the add link and the delete icons when read-only', async () => {
    await renderForm({ items: [{ price: 1, qty: 1 }] }, true);
    expect(screen.queryByRole('button', { name: /添加/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('renders a thousand rows through the virtualizer, not a thousand row elements', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => ({ price: i, qty: 1 }));
    const { view } = await renderForm({ items });
    const table = view.container.querySelector('.jnpf-subtable')!;
    expect(table.getAttribute('data-rows')).toBe('1000');
    await waitFor(() => expect(table.querySelectorAll('[role="row"][data-row]').length).toBeGreaterThan(5));
    const rendered = table.querySelectorAll('[role="row"][data-row]').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(40);
  });
});

describe('sub-table rendering cost', () => {
  it('re-renders only the edited row, and still repaints rows changed in place', async () => {
    const { registerWidget } = await import('../../../registry/registerWidget.js');
    let renders = 0;
    function CountingCell({ value, onChange }: { value?: unknown; onChange?: (v: unknown) => void }) {
      renders += 1;
      return <input className="counting" value={String(value ?? '')} onChange={(e) => onChange?.(e.target.value)} />;
    }
    registerWidget('countingCell', {
      label: { zh: '计数', zhtw: '計數', en: 'Counting' },
      kind: 'field',
      component: CountingCell,
      defaultProps: {},
      propsSchema: { type: 'object' },
      value: { empty: null, shape: 'string' },
      flags: { storesValue: true, allowedInSubTable: true, listColumn: true, searchable: false },
    });
    const columns = ['a', 'b', 'c', 'd'];
    const ref = createRef<FormRendererHandle>();
    const view = render(
      <FormRenderer
        ref={ref}
        definition={{ fields: [{ __config__: { jnpfKey: 'table', label: 'T', children: columns.map((key) => ({ __config__: { jnpfKey: 'countingCell', label: key }, __vModel__: key })) }, __vModel__: 'rows' }] }}
        initialValues={{ rows: Array.from({ length: 200 }, (_, i) => Object.fromEntries(columns.map((key) => [key, `${key}${i}`]))) }}
      />,
    );
    // Up: the cells are there and the mount has done all its rendering. The change is counted once all of its
    // rendering is done too.
    await waitFor(() => expect(view.container.querySelector('[data-cell="2.b"] input')).not.toBeNull());
    await act(async () => {});
    renders = 0;
    await act(async () => {
      fireEvent.change(view.container.querySelector('[data-cell="2.b"] input')!, { target: { value: 'changed' } });
    });
    expect(renders).toBe(columns.length);
    expect((ref.current!.getValues().rows as Record<string, unknown>[])[2].b).toBe('changed');
    renders = 0;
    await act(async () => ref.current!.form.setValuesIn('rows.3.a', 'in place'));
    await waitFor(() => expect((view.container.querySelector('[data-cell="3.a"] input') as HTMLInputElement).value).toBe('in place'));
    expect(renders).toBeGreaterThan(columns.length);
  });
});
