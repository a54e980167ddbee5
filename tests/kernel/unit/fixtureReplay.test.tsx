import { createRef } from 'react';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormRenderer, type FormRendererHandle } from '../../../src/kernel/client/runtime/FormRenderer.js';
import { formFixtures, sampleValues } from '../../support/unit/fixtureSamples.js';

/**
 * Every fixture replays: it loads, renders every field without error, takes values, validates, and round-trips.
 */
afterEach(cleanup);

async function renderForm(definition: Parameters<typeof FormRenderer>[0]['definition']) {
  const ref = createRef<FormRendererHandle>();
  const errors: unknown[] = [];
  const view = render(<FormRenderer ref={ref} definition={definition} />);
  // Up: every part of a large form mounted, and the widgets whose code loads on first use loaded.
  await waitFor(() => {
    expect(view.container.querySelector('.jnpf-form')!.getAttribute('data-mounted')).toBe('complete');
    expect(view.container.querySelector('.jnpf-widget-loading')).toBeNull();
  });
  return { ref, view, errors };
}

describe.each(formFixtures())('fixture $name', ({ definition }) => {
  it('renders every field with its data-field wrapper and knows every widget', async () => {
    const { ref, view } = await renderForm(definition);
    const compiled = ref.current!.compiled;
    expect(compiled.problems.filter((p) => p.kind === 'unknownWidget' || p.kind === 'missingModel')).toEqual([]);
    const hidden = new Set(Object.entries(compiled.schema.properties as Record<string, { 'x-display'?: string }>).filter(([, s]) => s['x-display'] === 'hidden').map(([k]) => k));
    for (const key of compiled.valueKeys) {
      if (hidden.has(key)) continue;
      expect(view.container.querySelector(`[data-field="${key}"]`), `field ${key}`).not.toBeNull();
    }
    expect(view.container.querySelector('[data-unknown-widget]')).toBeNull();
  });

  it('takes values and round-trips them', async () => {
    const { ref } = await renderForm(definition);
    const handle = ref.current!;
    const values = sampleValues(handle.compiled);
    await act(async () => {
      handle.form.setValues(values, 'overwrite');
    });
    const out = handle.getValues();
    for (const [key, value] of Object.entries(values)) {
      if (Array.isArray(value) && value.length && typeof value[0] === 'object' && !('fileId' in (value[0] as object))) {
        // Sub-table rows: every entered cell comes back (calculated columns are added beside them).
        (value as Record<string, unknown>[]).forEach((row, index) => expect((out[key] as Record<string, unknown>[])[index]).toMatchObject(row));
      } else {
        expect(out[key], key).toEqual(value);
      }
    }
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });

  it('validates: an empty submit answers nothing when anything is required, and says 不能为空', async () => {
    const { ref, view } = await renderForm(definition);
    const handle = ref.current!;
    const anyRequired = /"(mustFill|required)":true/.test(JSON.stringify(handle.compiled.schema));
    let result: unknown;
    await act(async () => {
      result = await handle.submit();
    });
    if (anyRequired) {
      expect(result).toBeUndefined();
      expect(view.container.textContent).toContain('不能为空');
    } else {
      expect(result).toBeTypeOf('object');
    }
  });
});
