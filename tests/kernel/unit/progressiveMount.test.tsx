import { createRef } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkProperties, FormRenderer, viewportChunkSize, type FormRendererHandle } from '../../../src/kernel/client/runtime/FormRenderer.js';
import type { FieldDefinition } from '../../../src/shared/form/definition.js';

afterEach(cleanup);

const fields = (count: number, span = 12): FieldDefinition[] =>
  Array.from({ length: count }, (_, i) => ({ __config__: { jnpfKey: 'comInput', label: `F${i}`, span, required: i === count - 1 }, __vModel__: `f${i}` }));

describe('progressive mounting of large forms', () => {
  it('sizes the first chunk to the viewport: two half-width fields a row on a desktop, one a row on a phone', () => {
    const properties = fields(200).map((f, i): [string, object] => [f.__vModel__!, { type: 'string', 'x-decorator-props': { span: 12 }, 'x-index': i }]);
    expect(viewportChunkSize(properties as never, { width: 1440, height: 900 })).toBe(36);
    expect(viewportChunkSize(properties as never, { width: 390, height: 844 })).toBe(17);
    expect(chunkProperties({ type: 'object', properties: Object.fromEntries(properties) } as never, { width: 1440, height: 900 }).length).toBe(1 + Math.ceil((200 - 36) / 20));
    expect(chunkProperties({ type: 'object', properties: Object.fromEntries(properties.slice(0, 79)) } as never).length).toBe(1);
  });

  it('ends every part where a row of the flow ends, so the parts look like one flow', () => {
    // Seven half-width fields and a full-width one, again and again: rows open at 0, 2, 4, 6 and 7 of each eight.
    const properties = Array.from({ length: 300 }, (_, i): [string, object] => [`f${i}`, { type: 'string', 'x-decorator-props': { span: i % 8 === 7 ? 24 : 12 }, 'x-index': i }]);
    const chunks = chunkProperties({ type: 'object', properties: Object.fromEntries(properties) } as never, { width: 1440, height: 900 });
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.flatMap((c) => Object.keys(c.schema.properties ?? {}))).toEqual(properties.map(([key]) => key));
    for (const chunk of chunks) {
      const first = Number(Object.keys(chunk.schema.properties ?? {})[0].slice(1));
      expect([0, 2, 4, 6, 7]).toContain(first % 8);
    }
    // 37 whole repeats of five rows, then four half-width fields in two rows.
    expect(chunks.reduce((sum, c) => sum + c.estimatedHeight, 0)).toBe((37 * 5 + 2) * 50);
  });

  it('mounts the rest in idle time, and submit finishes the mount before validating', async () => {
    const ref = createRef<FormRendererHandle>();
    const view = render(<FormRenderer ref={ref} definition={{ fields: fields(300) }} />);
    expect(view.container.querySelector('.jnpf-form')!.getAttribute('data-mounted')).toBe('partial');
    expect(view.container.querySelector('[data-field="f299"]')).toBeNull();
    let result: unknown = 'unset';
    await act(async () => {
      result = await ref.current!.submit();
    });
    // The last field is required and empty: it was mounted and validated.
    expect(result).toBeUndefined();
    expect(view.container.querySelector('[data-field="f299"]')!.textContent).toContain('不能为空');
    expect(view.container.querySelector('.jnpf-form')!.getAttribute('data-mounted')).toBe('complete');
    // Each part is a flow of its own: every field sits in one.
    expect(view.container.querySelectorAll('.jnpf-form-part .jnpf-field[data-field]').length).toBe(300);
  });
});
