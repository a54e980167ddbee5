import { useRef, useState } from 'react';
import { Button, Space, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../../../../shared/form/definition.js';
import { platformWidgetServices } from '../../../api/widgetServices.js';
import { FormRenderer, type FormRendererHandle } from '../../FormRenderer.js';
import type { PageNodeProps } from '../pageNodes.js';
import { textOf, type PageNodeSpec, type ScreenCall, type Text } from '../screen.js';
import { submitValues } from './FormNode.js';

/**
 * {type: 'steps', steps: [{title, form}], api}: a form in steps. Next validates the step's fields before moving
 * on, previous keeps what was entered, and the last step submits every step's values together to `api`.
 */
export interface StepsNodeSpec extends PageNodeSpec {
  steps: { title: Text; form: FormDefinition }[];
  api: ScreenCall;
}

export function StepsNode({ node, scope }: PageNodeProps<StepsNodeSpec>) {
  const { t, i18n } = useTranslation();
  const form = useRef<FormRendererHandle>(null);
  const [current, setCurrent] = useState(0);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [saving, setSaving] = useState(false);
  const last = current === node.steps.length - 1;
  const step = node.steps[current];

  const next = async () => {
    const stepValues = await form.current?.submit();
    if (!stepValues) return;
    const merged = { ...values, ...stepValues };
    setValues(merged);
    if (!last) return setCurrent(current + 1);
    setSaving(true);
    if (await submitValues(node.api, merged, scope, t('page.ok'))) {
      setValues({});
      setCurrent(0);
    }
    setSaving(false);
  };
  const previous = () => {
    setValues({ ...values, ...form.current?.getValues() });
    setCurrent(current - 1);
  };

  return (
    <div className="lc-steps-node" data-testid="steps-node">
      <Steps current={current} items={node.steps.map((s) => ({ title: textOf(s.title, i18n.language) }))} />
      <div className="lc-steps-node-form">
        <FormRenderer key={current} ref={form} definition={{ labelPosition: 'right', ...step.form }} initialValues={values} services={platformWidgetServices} />
      </div>
      <Space>
        {current > 0 && <Button onClick={previous} data-testid="steps-previous">{t('page.previous')}</Button>}
        <Button type="primary" loading={saving} onClick={() => void next()} data-testid="steps-next">{last ? t('page.submit') : t('page.next')}</Button>
      </Space>
    </div>
  );
}
