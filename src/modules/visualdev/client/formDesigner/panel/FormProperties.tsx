import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateForm } from '../model/operations.js';
import type { DesignTree } from '../model/designTree.js';

/** The form's own settings, as JNPF's formData keeps them beside the fields. */
export function FormProperties({ form, apply }: { form: DesignTree['form']; apply(change: (tree: DesignTree) => DesignTree, coalesce?: string): void }) {
  const { t } = useTranslation();
  const set = (name: string) => (value: unknown) => apply((tree) => updateForm(tree, { [name]: value ?? undefined }), `form:${name}`);
  return (
    <Form layout="vertical" size="small" className="fd-panel-form">
      <Form.Item label={t('formDesigner.panel.labelPosition')}>
        <Select value={form.labelPosition ?? 'right'} onChange={set('labelPosition')} options={['left', 'right', 'top'].map((value) => ({ value, label: value }))} />
      </Form.Item>
      <Form.Item label={t('formDesigner.panel.labelWidth')}>
        <InputNumber min={0} max={400} value={typeof form.labelWidth === 'number' ? form.labelWidth : 100} onChange={set('labelWidth')} />
      </Form.Item>
      <Form.Item label={t('formDesigner.panel.gutter')}>
        <InputNumber min={0} max={48} value={typeof form.gutter === 'number' ? form.gutter : 15} onChange={set('gutter')} />
      </Form.Item>
      <Form.Item label={t('formDesigner.panel.formSize')}>
        <Select value={form.size ?? 'small'} onChange={set('size')} options={['large', 'medium', 'small', 'mini'].map((value) => ({ value, label: value }))} />
      </Form.Item>
      <Form.Item label={t('formDesigner.panel.popupType')}>
        <Select value={form.popupType ?? 'general'} onChange={set('popupType')} options={['general', 'fullScreen', 'drawer'].map((value) => ({ value, label: value }))} />
      </Form.Item>
    </Form>
  );
}
