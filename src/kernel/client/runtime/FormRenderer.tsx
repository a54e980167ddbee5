import { forwardRef, useEffect, useImperativeHandle, useMemo, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import type { ISchema } from '@formily/react';
import { createForm, onFormValuesChange, type Form } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import { toJS } from '@formily/reactive';
import '../../../../registry/index.js';
import { getWidget, onRegistryChange } from '../../../../registry/registerWidget.js';
import { WidgetServicesContext, type WidgetServices } from '../../../../registry/components/services.js';
import type { FormDefinition } from '../../../shared/form/definition.js';
import { RuntimeContext } from './adapters.js';
import { calculationEffects } from './calculations.js';
import { buildComponentTable } from './componentTable.js';
import { compileForm, type CompiledForm } from './compileForm.js';
import { registerJnpfValidators } from './validationRules.js';
import { afterNextPaint } from './whenIdle.js';
import './runtime.css';
import { widgetText } from '../../../../registry/widgetText.js';

/**
 * Renders a JNPF form definition: compile (pure), then Formily with the registry's widgets. The handle gives
 * the page the form's values and a submit that answers the values, or nothing while anything is invalid.
 */
export interface FormRendererHandle {
  submit(): Promise<Record<string, unknown> | undefined>;
  getValues(): Record<string, unknown>;
  form: Form;
  compiled: CompiledForm;
}

export interface FormRendererProps {
  definition: FormDefinition;
  initialValues?: Record<string, unknown>;
  hiddenFields?: readonly string[];
  readOnly?: boolean;
  services?: Partial<WidgetServices>;
  /**
   * A value changed. Only the signal: copying every value on each key cost the 1,000-row table a frame; whoever
   * wants the values reads them (the handle's `getValues()`) when it needs them.
   */
  onValuesChange?: () => void;
  onCompiled?: (compiled: CompiledForm) => void;
}

/**
 * Large forms mount progressively: the fields that fill the viewport paint at once, the rest follow in the next
 * idle frames, so a 500-field form is on screen and usable in a fraction of its full mount. submit() and
 * getValues() finish the mount first, so nothing is validated or read half-mounted.
 */
const PROGRESSIVE_FROM = 80;
/**
 * Parts after the first hold about this many properties. A part far from the viewport is skipped whole; in a part
 * near it every field paints at least its own box and containment clip, even when its own content-visibility
 * skips its content, so a frame pays for the fields of the near parts. Parts of 20 instead of 60 made Paint and
 * Layerize about 40% cheaper on a key in the 500-field form and its work p95 about 2 ms lower (issue 15,
 * decision 183).
 */
const NEXT_CHUNK = 20;
/** A field row is about this tall; the first chunk fills the viewport with one spare row. */
const ROW_HEIGHT_ESTIMATE = 56;
const MOBILE_WIDTH = 992;
/**
 * A row of fields as laid out, for a part not laid out yet: a 32 px control and its 18 px margin; on a phone the
 * label sits above (28 px more). Once laid out, a part keeps its real height (contain-intrinsic-size: auto).
 */
const fieldRowHeight = (viewport: { width: number }) => (viewport.width < MOBILE_WIDTH ? 78 : 50);

/** How a top-level property sits in the 24-column flow: whether it opens a row, and how many rows it opens. */
interface Placement {
  startsRow: boolean;
  rows: number;
}

function placeProperties(properties: [string, ISchema][], viewport: { width: number; height: number }): Placement[] {
  let rowSpan = 24; // the first field opens a row
  return properties.map(([, schema]) => {
    const nested = Object.keys(schema.properties ?? {}).length;
    if (schema.type === 'void' && nested > 0) {
      // A container (card, tabs, grid): a full-width block about as tall as half its fields.
      rowSpan = 24;
      return { startsRow: true, rows: Math.ceil(nested / 2) + 1 };
    }
    const decorator = (schema['x-decorator-props'] ?? {}) as { span?: number };
    const span = viewport.width < MOBILE_WIDTH ? 24 : Math.min(24, Math.max(1, decorator.span ?? 24));
    const startsRow = rowSpan + span > 24;
    rowSpan = (startsRow ? 0 : rowSpan) + span;
    return { startsRow, rows: startsRow ? 1 : 0 };
  });
}

/** How many top-level properties fill a viewport of this size, by their spans (one per row on a phone). */
export function viewportChunkSize(properties: [string, ISchema][], viewport: { width: number; height: number }): number {
  const rowsWanted = Math.ceil(viewport.height / ROW_HEIGHT_ESTIMATE) + 1;
  let rowsUsed = 0;
  let count = 0;
  for (const { startsRow, rows } of placeProperties(properties, viewport)) {
    if (startsRow && count > 0 && rowsUsed + rows > rowsWanted) break;
    rowsUsed += rows;
    count += 1;
  }
  return Math.min(40, Math.max(8, count));
}

/** A part of a large form: its top-level properties, and about how tall it is before it has been laid out. */
export interface FormChunk {
  schema: ISchema;
  estimatedHeight: number;
}

/**
 * A large form in parts: the first fills the viewport, the others hold about NEXT_CHUNK properties each. A part
 * always ends where a row of the 24-column flow ends, so each can be its own flow (a box of its own, laid out and
 * painted only when near the viewport) and the form looks as one flow would.
 */
export function chunkProperties(schema: ISchema, viewport = currentViewport()): FormChunk[] {
  const entries = Object.entries(schema.properties ?? {}) as [string, ISchema][];
  if (entries.length < PROGRESSIVE_FROM) return [{ schema, estimatedHeight: 0 }];
  const placements = placeProperties(entries, viewport);
  const part = (start: number, end: number): FormChunk => ({
    schema: { type: 'object', properties: Object.fromEntries(entries.slice(start, end)) },
    estimatedHeight: placements.slice(start, end).reduce((rows, p) => rows + p.rows, 0) * fieldRowHeight(viewport),
  });
  const chunks: FormChunk[] = [];
  let start = 0;
  let end = viewportChunkSize(entries, viewport);
  while (start < entries.length) {
    while (end < entries.length && !placements[end].startsRow) end += 1;
    chunks.push(part(start, end));
    start = end;
    end = Math.min(entries.length, start + NEXT_CHUNK);
  }
  return chunks;
}

function currentViewport(): { width: number; height: number } {
  return typeof window === 'undefined' ? { width: 1440, height: 900 } : { width: window.innerWidth || 1440, height: window.innerHeight || 900 };
}


let registryVersion = 0;
const subscribeRegistry = (notify: () => void) =>
  onRegistryChange(() => {
    registryVersion += 1;
    notify();
  });

export const FormRenderer = forwardRef<FormRendererHandle, FormRendererProps>(function FormRenderer(props, ref) {
  const { definition, initialValues, hiddenFields, readOnly, services, onValuesChange, onCompiled } = props;
  registerJnpfValidators();
  const version = useSyncExternalStore(subscribeRegistry, () => registryVersion);
  const compiled = useMemo(() => compileForm(definition, { hiddenFields, readOnly, lookup: getWidget }), [definition, hiddenFields, readOnly, version]);
  const SchemaField = useMemo(() => createSchemaField({ components: buildComponentTable() }), [version]);
  const [submitCount, setSubmitCount] = useState(0);
  const chunks = useMemo(() => chunkProperties(compiled.schema), [compiled]);
  const [mounted, setMounted] = useState({ compiled, count: 1 });
  const mountedCount = mounted.compiled === compiled ? mounted.count : 1;
  useEffect(() => {
    if (mountedCount >= chunks.length) return undefined;
    // The rest in one render once the first part is painted: one commit instead of one per chunk, so the complete
    // mount costs what mounting everything at once does. Not a transition (decision 229): time-sliced, the same
    // render took a third longer, and Formily mounting everything at once finished first.
    return afterNextPaint(() => setMounted({ compiled, count: chunks.length }), 100);
  }, [compiled, chunks.length, mountedCount]);
  const mountAll = () => {
    if (mountedCount < chunks.length) flushSync(() => setMounted({ compiled, count: chunks.length }));
  };

  const form = useMemo(
    () =>
      createForm({
        initialValues: initialValues ? structuredClone(initialValues) : undefined,
        disabled: compiled.layout.disabled,
        effects: (f) => {
          calculationEffects(compiled.calculations)(f);
          if (onValuesChange) onFormValuesChange(() => onValuesChange());
        },
      }),
    // A new definition or initial values make a new form; the callback is read through the effect above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [compiled, initialValues],
  );

  useEffect(() => {
    onCompiled?.(compiled);
  }, [compiled, onCompiled]);

  useImperativeHandle(
    ref,
    () => ({
      form,
      compiled,
      getValues: () => {
        mountAll();
        return toJS(form.values);
      },
      async submit() {
        mountAll();
        setSubmitCount((count) => count + 1);
        try {
          await form.validate();
          return toJS(form.values);
        } catch {
          return undefined;
        }
      },
    }),
    // mountAll reads the current mount state; the handle is rebuilt when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form, compiled, mountedCount, chunks.length],
  );

  const runtime = useMemo(() => ({ labelPosition: compiled.layout.labelPosition, submitCount }), [compiled.layout.labelPosition, submitCount]);
  const widgetServices = useMemo(() => ({ ...WidgetServicesDefaults, ...services }), [services]);
  return (
    <WidgetServicesContext.Provider value={widgetServices}>
      <RuntimeContext.Provider value={runtime}>
        <FormProvider form={form}>
          <div
            className="jnpf-form"
            data-mounted={mountedCount >= chunks.length ? 'complete' : 'partial'}
            style={{ marginLeft: -compiled.layout.gutter / 2, marginRight: -compiled.layout.gutter / 2 }}
          >
            {chunks.length === 1 ? (
              <SchemaField schema={chunks[0].schema} />
            ) : (
              // Each part is a flow of its own, skipped by layout and paint while far from the viewport (issue 15).
              chunks.slice(0, mountedCount).map((chunk, index) => (
                <div key={index} className="jnpf-form-part" style={{ containIntrinsicSize: `auto ${chunk.estimatedHeight}px` }}>
                  <SchemaField schema={chunk.schema} />
                </div>
              ))
            )}
          </div>
        </FormProvider>
      </RuntimeContext.Provider>
    </WidgetServicesContext.Provider>
  );
});

const WidgetServicesDefaults: WidgetServices = {
  loadDictionaryOptions: () => Promise.reject(new Error(widgetText('noDictionaryService'))),
  loadInterfaceOptions: () => Promise.reject(new Error(widgetText('noInterfaceService'))),
  language: 'zh',
  uploadUrl: (type) => `/api/file/Uploader/${type}`,
  authorization: () => null,
};
