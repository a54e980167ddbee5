import { useMemo, useRef, useState } from 'react';
import { message, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition } from '../../../../shared/form/definition.js';
import { platformWidgetServices } from '../../api/widgetServices.js';
import { FormRenderer, type FormRendererHandle } from '../FormRenderer.js';
import { submitOnEnter } from '../submitOnEnter.js';
import { useOneAtATime } from '../useOneAtATime.js';
import { callScreenApi } from './pageApi.js';
import { textOf, type ListSpec } from './screen.js';
import { fillCall, fillValue, type Context } from './template.js';

/**
 * The add and edit dialog of a screen: its formData rendered by the form runtime, with the screen's context
 * filled into option sources, fields marked editDisabled locked when editing, and permission-hidden fields
 * hidden. Save validates first; a refused save keeps the dialog open and the button usable.
 */
export interface FormDialogState {
  mode: 'create' | 'edit';
  record?: Record<string, unknown>;
  context: Context;
}

export function prepareFields(fields: FieldDefinition[], mode: 'create' | 'edit', context: Context): FieldDefinition[] {
  return fields.map((field) => {
    const config = { ...field.__config__ };
    if (typeof config.propsUrl === 'string') config.propsUrl = String(fillValue(config.propsUrl, context));
    const prepared: FieldDefinition = { ...field, __config__: config };
    if (mode === 'edit' && config.editDisabled) prepared.disabled = true;
    if (Array.isArray(config.children)) config.children = prepareFields(config.children, mode, context);
    return prepared;
  });
}

export function FormDialog({ list, state, hiddenFields, onClose, onSaved }: { list: ListSpec; state: FormDialogState; hiddenFields: string[]; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const form = useRef<FormRendererHandle>(null);
  const [saving, setSaving] = useState(false);
  const formData = list.formData!;
  const context = useMemo(() => ({ ...state.context, id: state.record?.id ?? state.context.id ?? 0 }), [state]);
  const definition = useMemo(() => ({ ...formData, labelPosition: 'right', fields: prepareFields(formData.fields, state.mode, context) }), [formData, state.mode, context]);
  const initialValues = useMemo(() => {
    if (state.mode === 'create') {
      return Object.fromEntries(Object.entries(formData.createDefaults ?? {}).map(([key, value]) => [key, fillValue(value, context)]).filter(([, value]) => value !== undefined));
    }
    const values = { ...(state.record ?? {}) };
    const root = formData.rootValue;
    if (root && String(values[root.field]) === root.stored) values[root.field] = fillValue(root.shown, context);
    return values;
  }, [state, formData, context]);

  const save = useOneAtATime(async () => {
    const values = await form.current?.submit();
    if (!values) return;
    const call = state.mode === 'create' ? list.api.create : list.api.update;
    if (!call) return;
    setSaving(true);
    try {
      const answer = await callScreenApi(fillCall(call, context), values);
      void message.success({ content: answer.msg || t('page.ok'), duration: 1.5 });
      onSaved();
    } catch {
      // The request layer has shown why; the dialog stays, and the button is usable again.
    } finally {
      setSaving(false);
    }
  });

  const title = textOf(state.mode === 'create' ? formData.titles?.create : formData.titles?.edit, i18n.language) || textOf(list.title, i18n.language);
  return (
    <Modal
      open
      title={title}
      width={formData.generalWidth || 600}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('page.ok')}
      cancelText={t('page.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      maskClosable={false}
      rootClassName="lc-form-dialog"
    >
      <div onKeyDown={submitOnEnter(() => void save(), saving)}>
        <FormRenderer ref={form} definition={definition} initialValues={initialValues} hiddenFields={hiddenFields} services={platformWidgetServices} />
      </div>
    </Modal>
  );
}
