import { useEffect, useState } from 'react';
import { Empty, Modal, Spin, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../../../shared/form/definition.js';
import { readFormDefinition } from '../../../../shared/form/definition.js';
import { platformWidgetServices } from '../../../../kernel/client/api/widgetServices.js';
import { FormRenderer } from '../../../../kernel/client/runtime/FormRenderer.js';
import { designApi } from '../designApi.js';
import { readColumnData, type ColumnData } from '../listDesigner/columnData.js';

/**
 * 预览: the saved design's form as staff will fill it (nothing is stored) and its list's columns and search, before
 * it is released. Data needs a released design: the list here shows its shape, not records.
 */
export function DesignPreview({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [design, setDesign] = useState<{ form: FormDefinition; list: ColumnData | null } | null>(null);

  useEffect(() => {
    let cancelled = false;
    designApi.info(id).then(
      (record) => !cancelled && setDesign({ form: readFormDefinition(record.formData ?? { fields: [] }), list: Number(record.webType) === 2 && record.columnData ? readColumnData(record.columnData) : null }),
      () => !cancelled && onClose(),
    );
    return () => {
      cancelled = true;
    };
  }, [id, onClose]);

  return (
    <Modal open title={t('visualdev.screen.previewTitle', { name })} width={960} footer={null} onCancel={onClose} destroyOnHidden data-testid="design-preview">
      {!design ? (
        <Spin />
      ) : (
        <Tabs
          items={[
            { key: 'form', label: t('visualdev.editor.stepForm'), children: design.form.fields.length ? <FormRenderer definition={design.form} services={platformWidgetServices} /> : <Empty description={t('visualdev.screen.previewNoForm')} /> },
            {
              key: 'list',
              label: t('visualdev.editor.stepList'),
              children: design.list ? (
                <Table size="small" rowKey="id" dataSource={[]} pagination={false} scroll={{ x: 'max-content' }} columns={design.list.columnList.map((c) => ({ key: c.prop, dataIndex: c.prop, title: c.label, width: c.width ?? undefined, align: c.align }))} />
              ) : (
                <Empty description={t('visualdev.screen.previewNoList')} />
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
