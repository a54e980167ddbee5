import fc from 'fast-check';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../registry/index.js';
import { registeredKeys } from '../../../registry/registerWidget.js';
import { FormRenderer } from '../../../src/kernel/client/runtime/FormRenderer.js';
import type { FieldDefinition } from '../../../src/shared/form/definition.js';

afterEach(cleanup);

/** Well-formed random definitions, built from every registered key plus a few unknown ones, nested in layouts. */
const keys = [...registeredKeys().filter((k) => !['editor'].includes(k)), 'unknownThing', 'tabItem'];
const leaf: fc.Arbitrary<FieldDefinition> = fc.record({
  __config__: fc.record({
    jnpfKey: fc.constantFrom(...keys),
    label: fc.string({ maxLength: 8 }),
    span: fc.integer({ min: -2, max: 30 }),
    required: fc.boolean(),
    noShow: fc.boolean(),
    regList: fc.array(fc.record({ pattern: fc.constantFrom('^\\d+$', '([', '.*', '[a-z'), message: fc.string({ maxLength: 6 }) }), { maxLength: 2 }),
    defaultValue: fc.oneof(fc.constant(null), fc.string({ maxLength: 5 }), fc.integer(), fc.array(fc.integer(), { maxLength: 2 })),
  }),
  __vModel__: fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'items'), { nil: undefined }),
  options: fc.array(fc.record({ id: fc.string({ maxLength: 3 }), fullName: fc.string({ maxLength: 5 }) }), { maxLength: 3 }),
  expression: fc.array(fc.oneof(fc.constantFrom('+', '×', '(', ')', '1'), fc.record({ __vModel__: fc.constantFrom('a', 'b', 'items.a') })), { maxLength: 5 }),
}) as fc.Arbitrary<FieldDefinition>;

const definition = fc.letrec((tie) => ({
  field: fc.oneof({ maxDepth: 2, withCrossShrink: true }, leaf, tie('layout') as fc.Arbitrary<FieldDefinition>),
  layout: fc.record({
    __config__: fc.record({ jnpfKey: fc.constantFrom('row', 'card', 'tab', 'collapse', 'table', 'tableGrid'), label: fc.string({ maxLength: 5 }), children: fc.array(tie('field'), { maxLength: 3 }) }),
    __vModel__: fc.constant('items'),
  }),
})).field;

describe('the renderer under random definitions', () => {
  it('never crashes on well-formed definitions (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(definition, { maxLength: 6 }), async (fields) => {
        const view = render(<FormRenderer definition={{ fields }} />);
        // Settled: every part mounted and every widget whose code loads on first use loaded (or failed).
        await waitFor(() => {
          expect(view.container.querySelector('.jnpf-form[data-mounted="complete"]')).not.toBeNull();
          expect(view.container.querySelector('.jnpf-widget-loading')).toBeNull();
        });
        expect(view.container.querySelector('.jnpf-form')).not.toBeNull();
        // No field fell back to its error boundary: every widget coped with what it was given.
        const failed = view.container.querySelector('[data-field-error-boundary]');
        expect(failed?.textContent ?? null).toBeNull();
        view.unmount();
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
