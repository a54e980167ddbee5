import { useRef, useState } from 'react';
import { Alert, Button, Modal, Segmented, Space, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../../../shared/form/definition.js';
import { platformWidgetServices } from '../../../../kernel/client/api/widgetServices.js';
import { FormRenderer, type FormRendererHandle } from '../../../../kernel/client/runtime/FormRenderer.js';
import type { DesignProblem } from './validateDesign.js';

/**
 * The design as staff will meet it: the runtime's own FormRenderer, at a desktop width and at a phone's 390 px.
 * "Validate" runs the form's rules (required, patterns, sub-table cells) on what was typed.
 */
export function PreviewDialog({ definition, problems, onClose }: { definition: FormDefinition; problems: readonly DesignProblem[]; onClose(): void }) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<'desktop' | 'phone'>('desktop');
  const form = useRef<FormRendererHandle>(null);
  const validate = async () => {
    const values = await form.current?.submit();
    if (values) void message.success(t('formDesigner.preview.valid'));
  };
  return (
    <Modal
      open
      title={t('formDesigner.preview.title')}
      width={device === 'phone' ? 460 : 1000}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('formDesigner.action.close')}</Button>
          <Button type="primary" onClick={() => void validate()}>
            {t('formDesigner.preview.submit')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented
          value={device}
          onChange={(value) => setDevice(value as 'desktop' | 'phone')}
          options={[
            { value: 'desktop', label: t('formDesigner.action.desktop') },
            { value: 'phone', label: t('formDesigner.action.phone') },
          ]}
        />
        {problems.length > 0 ? <Alert type="warning" showIcon message={t('formDesigner.preview.problems', { count: problems.length })} description={<ul className="fd-problem-list">{problems.map((problem, index) => <li key={index}>{problem.message}</li>)}</ul>} /> : null}
        <div className={`fd-preview fd-preview-${device}`} data-device={device}>
          <FormRenderer key={device} ref={form} definition={definition} services={platformWidgetServices} />
        </div>
      </Space>
    </Modal>
  );
}
