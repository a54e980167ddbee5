import { forwardRef, useEffect, useImperativeHandle, useMemo, useState, useSyncExternalStore } from 'react';
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
      getValues: () => toJS(form.values),
      async submit() {
        setSubmitCount((count) => count + 1);
        try {
          await form.validate();
          return toJS(form.values);
        } catch {
          return undefined;
        }
      },
    }),
    [form, compiled],
  );

  const runtime = useMemo(() => ({ labelPosition: compiled.layout.labelPosition, submitCount }), [compiled.layout.labelPosition, submitCount]);
  const widgetServices = useMemo(() => ({ ...WidgetServicesDefaults, ...services }), [services]);
  return (
    <WidgetServicesContext.Provider value={widgetServices}>
      <RuntimeContext.Provider value={runtime}>
        <FormProvider form={form}>
          <div className="jnpf-form" style={{ marginLeft: -compiled.layout.gutter / 2, marginRight: -compiled.layout.gutter / 2 }}>
            <SchemaField schema={compiled.schema} />
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
