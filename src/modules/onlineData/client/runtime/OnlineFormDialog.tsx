import { useEffect, useMemo, useRef, useState } from 'react';
import { message, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../../../shared/form/definition.js';
import { request } from '../../../../kernel/client/api/request.js';
import { platformWidgetServices } from '../../../../kernel/client/api/widgetServices.js';
import { FormRenderer, type FormRendererHandle } from '../../../../kernel/client/runtime/FormRenderer.js';
import { refusedFields } from '../../../../kernel/client/runtime/refusedFields.js';
import { submitOnEnter } from '../../../../kernel/client/runtime/submitOnEnter.js';
import { useOneAtATime } from '../../../../kernel/client/runtime/useOneAtATime.js';
import { callScreenApi } from '../../../../kernel/client/runtime/page/pageApi.js';
import type { ScreenCall } from '../../../../kernel/client/runtime/page/screen.js';
import { fillCall, type Context } from '../../../../kernel/client/runtime/page/template.js';
import { recordValues } from './generateScreen.js';

/**
 * The add and edit dialog of a released design: its form rendered by the form runtime, saved as JNPF saves it
 * ({data: "<JSON of the values>"}). The server recalculates and validates every submission; a refusal naming a
 * field (data.field, or data.problems [{field, message}]) shows its translated message on that field, and the
 * request layer has shown it as a toast too, so a refusal without a field is still read.
 */
export interface OnlineFormState {
  mode: 'create' | 'edit';
  id?: string;
}

export function OnlineFormDialog({ title, formData, calls, context, state, hiddenFields, onClose, onSaved }: {
  title: string;
  formData: FormDefinition;
  calls: { info: ScreenCall; create: ScreenCall; update: ScreenCall };
  context: Context;
  state: OnlineFormState;
  hiddenFields: string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const form = useRef<FormRendererHandle>(null);
  const [saving, setSaving] = useState(false);
  const [values, setValues] = useState<Record<string, unknown> | null>(state.mode === 'create' ? {} : null);
  const rowContext = useMemo(() => ({ ...context, id: state.id }), [context, state.id]);
  const definition = useMemo(() => ({ ...formData, labelPosition: formData.labelPosition ?? 'right' }), [formData]);

  useEffect(() => {
    if (state.mode !== 'edit') return;
    let cancelled = false;
    callScreenApi(fillCall(calls.info, rowContext)).then(
      ({ data }) => !cancelled && setValues(recordValues(data)),
      () => !cancelled && onClose(),
    );
    return () => {
      cancelled = true;
    };
  }, [state.mode, calls.info, rowContext, onClose]);

  const save = useOneAtATime(async () => {
    const submitted = await form.current?.submit();
    if (!submitted) return;
    const call = fillCall(state.mode === 'create' ? calls.create : calls.update, rowContext);
    setSaving(true);
    try {
      const body = { ...(state.id ? { id: state.id } : {}), data: JSON.stringify(submitted) };
      const answer = await request({ url: call.url, method: call.method, params: call.query, data: body });
      void message.success({ content: answer.msg || t('onlineData.runtime.saved'), duration: 1.5 });
      onSaved();
    } catch (error) {
      for (const [field, text] of refusedFields(error)) {
        form.current?.form.setFieldState(field, (field) => {
          field.selfErrors = [text];
        });
      }
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal
      open
      title={title}
      width={formData.generalWidth || 800}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('page.ok')}
      cancelText={t('page.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: values === null }}
      destroyOnHidden
      maskClosable={false}
      rootClassName="lc-form-dialog"
      data-testid="online-form-dialog"
    >
      {values === null ? <Spin /> : (
        <div onKeyDown={submitOnEnter(() => void save(), saving)}>
          <FormRenderer ref={form} definition={definition} initialValues={values} hiddenFields={hiddenFields} services={platformWidgetServices} />
        </div>
      )}
    </Modal>
  );
}
