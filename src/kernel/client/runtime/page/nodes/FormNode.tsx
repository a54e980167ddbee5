import { useMemo, useRef, useState } from 'react';
import { Button, message, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../../../../shared/form/definition.js';
import { platformWidgetServices } from '../../../api/widgetServices.js';
import { FormRenderer, type FormRendererHandle } from '../../FormRenderer.js';
import { prepareFields } from '../FormDialog.js';
import { callScreenApi } from '../pageApi.js';
import type { NodeScope, PageNodeProps } from '../pageNodes.js';
import { textOf, type PageNodeSpec, type ScreenCall, type Text } from '../screen.js';
import { fillCall } from '../template.js';
import { useCallData } from './useCallData.js';

/**
 * {type: 'form', form, api, info?, submitText?}: a JNPF form definition rendered by the form runtime, filled from
 * `info` when given, submitted to `api` after validation. A saved form reloads what holds it and closes the dialog
 * or drawer it is in; a refused one stays as it is, its button usable again.
 */
export interface FormNodeSpec extends PageNodeSpec {
  form: FormDefinition;
  api: ScreenCall;
  info?: ScreenCall;
  submitText?: Text;
  /**
   * A second way to send the form, beside the first (存草稿 beside 发送): its own call and text. With `validate:
   * false` it sends what is filled without the form's rules (a draft is kept unfinished; its server checks less).
   */
  alternate?: { api: ScreenCall; text: Text; validate?: boolean; testId?: string };
}

/** Sends the values, says so, and lets the holder move on; answers whether the server took them. */
export async function submitValues(api: ScreenCall, values: Record<string, unknown>, scope: NodeScope, okText: string): Promise<boolean> {
  try {
    const answer = await callScreenApi(fillCall(api, scope.context), values);
    void message.success({ content: answer.msg || okText, duration: 1.5 });
  } catch {
    return false;
  }
  await scope.reload?.();
  scope.close?.();
  return true;
}

export function FormNode({ node, scope }: PageNodeProps<FormNodeSpec>) {
  const { t, i18n } = useTranslation();
  const form = useRef<FormRendererHandle>(null);
  const [saving, setSaving] = useState(false);
  const { data: initialValues, loading } = useCallData<Record<string, unknown>>(node.info, scope.context);
  // Option sources may name the context ('/permission/Organize/Selector/{id}': every node but this one).
  const definition = useMemo(() => ({ labelPosition: 'right', ...node.form, fields: prepareFields(node.form.fields, node.info ? 'edit' : 'create', { ...scope.context, id: scope.context.id ?? 0 }) }), [node.form, node.info, scope.context]);

  const submit = async (api: ScreenCall, validate: boolean) => {
    const values = validate ? await form.current?.submit() : form.current?.getValues();
    if (!values) return;
    setSaving(true);
    await submitValues(api, values, scope, t('page.ok'));
    setSaving(false);
  };

  if (loading) return <div className="lc-page-loading-inline"><Spin /></div>;
  return (
    <div className="lc-form-node" data-testid="form-node">
      <FormRenderer ref={form} definition={definition} initialValues={initialValues} services={platformWidgetServices} />
      <Space className="lc-form-node-buttons">
        <Button type="primary" loading={saving} onClick={() => void submit(node.api, true)} data-testid="form-submit">{textOf(node.submitText, i18n.language) || t('page.submit')}</Button>
        {node.alternate && (
          <Button loading={saving} onClick={() => void submit(node.alternate!.api, node.alternate!.validate !== false)} data-testid={node.alternate.testId ?? 'form-alternate'}>
            {textOf(node.alternate.text, i18n.language)}
          </Button>
        )}
        {scope.close && <Button onClick={scope.close}>{t('page.cancel')}</Button>}
      </Space>
    </div>
  );
}
