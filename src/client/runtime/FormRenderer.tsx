import { forwardRef, startTransition, useEffect, useImperativeHandle, useMemo, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import type { ISchema } from '@formily/react';
import { createForm, onFormValuesChange, type Form } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import { toJS } from '@formily/reactive';
import '../../../registry/index.js';
import { getWidget, onRegistryChange } from '../../../registry/registerWidget.js';
import { WidgetServicesContext, type WidgetServices } from '../../../registry/components/services.js';
import type { FormDefinition } from '../../shared/form/definition.js';
import { RuntimeContext } from './adapters.js';
import { calculationEffects } from './calculations.js';
import { buildComponentTable } from './componentTable.js';
import { compileForm, type CompiledForm } from './compileForm.js';
import { registerJnpfValidators } from './validationRules.js';
import './runtime.css';

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
  onValuesChange?: (values: Record<string, unknown>) => void;
  onCompiled?: (compiled: CompiledForm) => void;
}

/**
 * Large forms mount progressively: the first fields paint at once, the rest follow in the next idle frames, so a
 * 500-field form is on screen and usable in a fraction of its full mount. submit() and getValues() finish the
 * mount first, so nothing is validated or read half-mounted.
 */
const PROGRESSIVE_FROM = 80;
const FIRST_CHUNK = 40;
const NEXT_CHUNK = 60;

export function chunkProperties(schema: ISchema): ISchema[] {
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length < PROGRESSIVE_FROM) return [schema];
  const chunks: ISchema[] = [];
  for (let start = 0; start < entries.length; start += start === 0 ? FIRST_CHUNK : NEXT_CHUNK) {
    const size = start === 0 ? FIRST_CHUNK : NEXT_CHUNK;
    chunks.push({ type: 'object', properties: Object.fromEntries(entries.slice(start, start + size)) });
  }
  return chunks;
}

const whenIdle = (run: () => void): (() => void) => {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 100 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
};

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
    return whenIdle(() => startTransition(() => setMounted({ compiled, count: mountedCount + 1 })));
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
          if (onValuesChange) onFormValuesChange((changed) => onValuesChange(toJS(changed.values)));
        },
      }),
    // A new definition or initial values make a new form; the callback is read through the effect above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [compiled, initialValues],
  );

  useEffect(() => onCompiled?.(compiled), [compiled, onCompiled]);

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
            {chunks.slice(0, mountedCount).map((chunk, index) => (
              <SchemaField key={index} schema={chunk} />
            ))}
          </div>
        </FormProvider>
      </RuntimeContext.Provider>
    </WidgetServicesContext.Provider>
  );
});

const WidgetServicesDefaults: WidgetServices = {
  loadDictionaryOptions: () => Promise.reject(new Error('字典接口尚未提供')),
  loadInterfaceOptions: () => Promise.reject(new Error('数据接口尚未提供')),
  language: 'zh',
  uploadUrl: (type) => `/api/file/Uploader/${type}`,
  authorization: () => null,
};
