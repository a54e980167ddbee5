import { createRef } from 'react';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormRenderer, type FormRendererHandle } from '../../src/client/runtime/FormRenderer.js';
import type { FormDefinition } from '../../src/shared/form/definition.js';

/** Issue 15: every sub-table cell carries data-field="<column>" inside its table's [data-field="<table>"]. */
afterEach(cleanup);
const wait = (ms: number) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));

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
    await wait(20);
    const table = container.querySelector('[data-field="items"]')!;
    expect(table).not.toBeNull();
    const rows = [...table.querySelectorAll('[data-row]')];
    expect(rows).toHaveLength(2);
    // Every rendered cell of every row, one per column, in column order.
    for (const row of rows) expect([...row.querySelectorAll('[data-field]')].map((cell) => cell.getAttribute('data-field'))).toEqual(['name', 'qty']);
    const cell = table.querySelector('[data-row="1"] [data-field="name"] input') as HTMLInputElement;
    expect(cell.value).toBe('b');
    await act(async () => {
      fireEvent.change(cell, { target: { value: 'changed' } });
    });
    expect(ref.current!.getValues()).toMatchObject({ name: 'top', items: [{ name: 'a' }, { name: 'changed' }] });
    // The top-level field of the same name is outside the table and untouched.
    const top = container.querySelector('[data-field="name"] input') as HTMLInputElement;
    expect(top.closest('[data-field="items"]')).toBeNull();
    expect(top.value).toBe('top');
  });
});
