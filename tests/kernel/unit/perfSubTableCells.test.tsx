import { createRef } from 'react';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormRenderer, type FormRendererHandle } from '../../../src/kernel/client/runtime/FormRenderer.js';
import type { FormDefinition } from '../../../src/shared/form/definition.js';

/** Issue 15: every sub-table cell carries data-field="<column>" inside its table's [data-field="<table>"]. */
afterEach(cleanup);
/** The sub-table shows `count` rows. */
const rowsShown = (container: HTMLElement, count: number) => waitFor(() => expect(container.querySelectorAll('[data-field="items"] [data-row]')).toHaveLength(count));

const definition: FormDefinition = {
  fields: [
    // A top-level field named like a column of the table: only the table's scope tells them apart.
    { __config__: { jnpfKey: 'comInput', label: '名称' }, __vModel__: 'name' },
    {
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        children: [
          { __config__: { jnpfKey: 'comInput', label: '名称' }, __vModel__: 'name' },
          { __config__: { jnpfKey: 'numInput', label: '数量' }, __vModel__: 'qty' },
        ],
      },
      __vModel__: 'items',
    },
  ],
};

describe('sub-table cells are found by their column', () => {
  it('gives each rendered cell data-field inside the table, so a test can type into a cell by column and row', async () => {
    const ref = createRef<FormRendererHandle>();
    const { container } = render(<FormRenderer ref={ref} definition={definition} initialValues={{ name: 'top', items: [{ name: 'a', qty: 1 }, { name: 'b', qty: 2 }] }} />);
    await rowsShown(container, 2);
    const table = container.querySelector('[data-field="items"]')!;
    expect(table).not.toBeNull();
    const rows = [...table.querySelectorAll('[data-row]')];
    expect(rows).toHaveLength(2);
    // Every rendered cell of every row, one per column, in column order.
    for (const row of rows) expect([...row.querySelectorAll('[data-field]')].map((cell) => cell.getAttribute('data-field'))).toEqual(['name', 'qty']);
    // Idle text cells show their value as text; focusing one puts the input there, focused, with the value.
    const idle = table.querySelector('[data-row="1"] [data-field="name"] .jnpf-cell-text') as HTMLElement;
    expect(idle.textContent).toBe('b');
    expect(table.querySelectorAll('input')).toHaveLength(0);
    await act(async () => {
      fireEvent.focus(idle);
    });
    const cell = table.querySelector('[data-row="1"] [data-field="name"] input') as HTMLInputElement;
    expect(cell.value).toBe('b');
    expect(document.activeElement).toBe(cell);
    await act(async () => {
      fireEvent.change(cell, { target: { value: 'changed' } });
    });
    expect(ref.current!.getValues()).toMatchObject({ name: 'top', items: [{ name: 'a' }, { name: 'changed' }] });
    // The top-level field of the same name is outside the table and untouched.
    const top = container.querySelector('[data-field="name"] input') as HTMLInputElement;
    expect(top.closest('[data-field="items"]')).toBeNull();
    expect(top.value).toBe('top');
  });

  it('puts the widget in one cell at a time: focus leaving the cell turns it back into text', async () => {
    const { container } = render(<FormRenderer definition={definition} initialValues={{ name: 'top', items: [{ name: 'a', qty: 1 }, { name: 'b', qty: 1234.5 }] }} />);
    await rowsShown(container, 2);
    const text = (row: number, key: string) => container.querySelector(`[data-field="items"] [data-row="${row}"] [data-field="${key}"] .jnpf-cell-text`) as HTMLElement | null;
    await act(async () => {
      fireEvent.focus(text(0, 'qty')!);
    });
    const input = container.querySelector('[data-field="items"] [data-row="0"] [data-field="qty"] input') as HTMLInputElement;
    expect(input.value).toBe('1');
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe(1);
    // Focus moves to another cell (a click, or Tab): that one edits, the first shows text again.
    await act(async () => {
      text(1, 'name')!.focus();
    });
    // The first cell ends its edit once the focus has landed elsewhere (on the next turn).
    await waitFor(() => expect(container.querySelectorAll('[data-field="items"] input')).toHaveLength(1));
    expect(text(0, 'qty')!.textContent).toBe('1');
    expect((container.querySelector('[data-field="items"] [data-row="1"] [data-field="name"] input') as HTMLInputElement).value).toBe('b');
    expect(text(1, 'qty')!.textContent).toBe('1234.5');
  });

  it('keeps cells with more than text (addons) as live widgets', async () => {
    const withAddon: FormDefinition = {
      fields: [
        {
          __config__: { jnpfKey: 'table', label: '明细', children: [{ __config__: { jnpfKey: 'comInput', label: '编号' }, __vModel__: 'code', __slot__: { prepend: 'SN' } }] },
          __vModel__: 'items',
        },
      ],
    };
    const { container } = render(<FormRenderer definition={withAddon} initialValues={{ items: [{ code: 'x1' }] }} />);
    await waitFor(() => expect(container.querySelector('[data-row="0"] [data-field="code"]')).not.toBeNull());
    expect((container.querySelector('[data-row="0"] [data-field="code"] input') as HTMLInputElement).value).toBe('x1');
    expect(container.querySelector('[data-row="0"] [data-field="code"] .jnpf-cell-text')).toBeNull();
  });

  it('ends an edit whose row goes away, so the cell does not take the focus back when a row is there again', async () => {
    const ref = createRef<FormRendererHandle>();
    const { container } = render(<FormRenderer ref={ref} definition={definition} initialValues={{ name: 'top', items: [{ name: 'a', qty: 1 }, { name: 'b', qty: 2 }] }} />);
    await rowsShown(container, 2);
    await act(async () => {
      fireEvent.focus(container.querySelector('[data-field="items"] [data-row="1"] [data-field="name"] .jnpf-cell-text')!);
    });
    expect(document.activeElement).toBe(container.querySelector('[data-field="items"] [data-row="1"] [data-field="name"] input'));
    // The edited row is removed while its input has the focus (as scrolling it out of the rendered rows does). The
    // cell ends its edit on the next turn after it left the page: that turn is run here.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => ref.current!.form.setValuesIn('items', [{ name: 'a', qty: 1 }]));
    expect(container.querySelectorAll('[data-field="items"] [data-row]')).toHaveLength(1);
    await act(() => vi.runOnlyPendingTimersAsync());
    vi.useRealTimers();
    const top = container.querySelector('[data-field="name"] input') as HTMLInputElement;
    top.focus();
    // A second row again: it shows text, and the focus stays in the top field.
    await act(async () => ref.current!.form.setValuesIn('items', [{ name: 'a', qty: 1 }, { name: 'c', qty: 3 }]));
    await rowsShown(container, 2);
    expect(container.querySelector('[data-field="items"] [data-row="1"] [data-field="name"] .jnpf-cell-text')!.textContent).toBe('c');
    expect(document.activeElement).toBe(top);
  });
});
