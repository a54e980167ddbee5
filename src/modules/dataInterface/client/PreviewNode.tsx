import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Empty, Form, Input, Space, Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageNodeProps } from '../../../kernel/client/runtime/page/pageNodes.js';
import { interfaceParameters, previewInterface, type InterfaceParameterInfo } from '../../../kernel/client/api/dataInterface.js';

/**
 * The 测试 dialog of the data-interface screen: the interface's declared parameters with their defaults, a run
 * through the same Preview call the forms use (so the call is logged like theirs), and what came back, as a table
 * of its rows and as raw JSON. A refusal (an internal address, a bad SQL, a missing parameter) is shown in place.
 */
type Row = Record<string, unknown>;
const cellText = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

export default function PreviewNode({ scope }: PageNodeProps) {
  const { t } = useTranslation();
  const id = String(scope.context.id ?? '');
  const [params, setParams] = useState<InterfaceParameterInfo[]>([]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [state, setState] = useState<{ running: boolean; rows?: Row[]; error?: string }>({ running: false });

  useEffect(() => {
    let cancelled = false;
    interfaceParameters(id).then(
      (list) => {
        if (cancelled) return;
        setParams(list);
        setValues(Object.fromEntries(list.map((param) => [param.field, param.defaultValue ?? ''])));
      },
      (error: Error) => !cancelled && setState({ running: false, error: error.message }),
    );
    return () => {
      cancelled = true;
    };
  }, [id]);

  const run = async () => {
    setState({ running: true });
    try {
      const rows = await previewInterface(id, Object.entries(values).map(([field, defaultValue]) => ({ field, defaultValue })));
      setState({ running: false, rows });
    } catch (error) {
      setState({ running: false, error: (error as Error).message });
    }
  };

  const columns = useMemo(() => {
    const keys = [...new Set((state.rows ?? []).slice(0, 50).flatMap((row) => (row && typeof row === 'object' ? Object.keys(row) : [])))];
    return keys.map((key) => ({ key, dataIndex: key, title: key, ellipsis: true, render: cellText }));
  }, [state.rows]);

  return (
    <div data-testid="data-interface-preview">
      <Typography.Title level={5}>{t('dataInterface.params')}</Typography.Title>
      {params.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('dataInterface.noParams')}</Typography.Paragraph>
      ) : (
        <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
          {params.map((param) => (
            <Form.Item key={param.field} label={param.fieldName || param.field} required={param.required === 1}>
              <Input value={values[param.field] ?? ''} data-param={param.field} onChange={(event) => setValues((current) => ({ ...current, [param.field]: event.target.value }))} />
            </Form.Item>
          ))}
        </Form>
      )}
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" loading={state.running} onClick={run} data-testid="data-interface-run">
          {t('dataInterface.run')}
        </Button>
        {state.rows ? <Typography.Text data-testid="data-interface-count">{t('dataInterface.rows', { count: state.rows.length })}</Typography.Text> : null}
      </Space>
      {state.error ? <Alert type="error" showIcon message={t('dataInterface.failed', { message: state.error })} /> : null}
      {state.rows ? (
        state.rows.length === 0 ? (
          <Empty description={t('dataInterface.noRows')} />
        ) : (
          <Tabs
            items={[
              { key: 'table', label: t('dataInterface.rows', { count: state.rows.length }), children: <Table<Row> size="small" rowKey={(_, index) => String(index)} dataSource={state.rows} columns={columns} pagination={{ pageSize: 10, size: 'small' }} scroll={{ x: 'max-content' }} /> },
              { key: 'raw', label: t('dataInterface.raw'), children: <pre style={{ maxHeight: 360, overflow: 'auto', fontSize: 12 }}>{JSON.stringify(state.rows, null, 2)}</pre> },
            ]}
          />
        )
      ) : null}
    </div>
  );
}
