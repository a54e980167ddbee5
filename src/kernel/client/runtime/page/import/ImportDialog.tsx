import { useMemo, useState } from 'react';
import { Alert, Button, Input, message, Modal, Result, Space, Steps, Table, Typography, Upload, type TableColumnsType } from 'antd';
import { CheckCircleFilled, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../pageApi.js';
import type { ImportApi } from './importApi.js';
import { IMPORT_MAX_ROWS, importFileProblem, isBlankRow, leafHeaders, type ImportHeader, type ImportResult, type ImportRow } from './importFile.js';

/**
 * The bulk import dialog (spec 001 §2, 1000 px): 1 upload an .xls/.xlsx under 500 KB (refused before sending
 * otherwise) or download the template; 2 preview and edit the rows (back to 1 allowed, at most 1,000 rows);
 * 3 the result, with the failed rows and their errorsInfo and a download of the failure list. The module's calls
 * come in `api` (importApiFor(module) in the app). `onClose(imported)` says whether any row went in.
 */
type Row = ImportRow & { __key: number };

const ROW_KEY = '__key';
const BOX = { flex: '1 1 280px', border: '1px dashed #d9d9d9', borderRadius: 8, padding: 20 } as const;
const withKeys = (rows: ImportRow[]): Row[] => rows.map((row, index) => ({ ...row, __key: index }));
const withoutKeys = (rows: Row[]): ImportRow[] => rows.map(({ __key: _key, ...row }) => row);

function previewColumns(headers: ImportHeader[], render: (header: ImportHeader) => TableColumnsType<Row>[number]['render']): TableColumnsType<Row> {
  return headers.map((header) =>
    header.children?.length
      ? { key: header.id, title: header.fullName, children: previewColumns(header.children, render) }
      : { key: header.id, dataIndex: header.id, title: header.fullName, width: 160, render: render(header) },
  );
}

export function ImportDialog({ api, title, onClose }: { api: ImportApi; title?: string; onClose: (imported: boolean) => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [fileName, setFileName] = useState<{ stored: string; shown: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [headers, setHeaders] = useState<ImportHeader[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [result, setResult] = useState<ImportResult | null>(null);

  const choose = async (file: File) => {
    const problem = importFileProblem(file);
    if (problem) {
      void message.error({ content: t(problem), duration: 3 });
      return;
    }
    setUploading(true);
    try {
      const { name } = await api.upload(file);
      setFileName({ stored: name, shown: file.name });
    } catch {
      // The request layer has shown the server's reason; the step stays as it was.
    } finally {
      setUploading(false);
    }
  };

  const template = async () => {
    try {
      const { url, name } = await api.template();
      await downloadFile(url, name);
    } catch {
      // Shown by the request layer.
    }
  };

  const toPreview = async () => {
    if (!fileName) {
      void message.warning({ content: t('importDialog.uploadFirst'), duration: 3 });
      return;
    }
    setBusy(true);
    try {
      const answer = await api.preview(fileName.stored);
      const dataRow = Array.isArray(answer.dataRow) ? answer.dataRow : [];
      if (dataRow.length > IMPORT_MAX_ROWS) {
        void message.error({ content: t('importDialog.tooManyRows', { max: IMPORT_MAX_ROWS }), duration: 3 });
        return;
      }
      setHeaders(Array.isArray(answer.headerRow) ? answer.headerRow : []);
      setRows(withKeys(dataRow));
      setStep(1);
    } catch {
      // Shown by the request layer (a file over 1,000 rows is refused there with its message).
    } finally {
      setBusy(false);
    }
  };

  const runImport = async () => {
    const list = withoutKeys(rows).filter((row) => !isBlankRow(row));
    if (!list.length) {
      void message.warning({ content: t('importDialog.emptyData'), duration: 3 });
      return;
    }
    if (list.length > IMPORT_MAX_ROWS) {
      void message.error({ content: t('importDialog.tooManyRows', { max: IMPORT_MAX_ROWS }), duration: 3 });
      return;
    }
    setBusy(true);
    try {
      setResult(await api.importData(list));
      setStep(2);
    } catch {
      // Shown by the request layer; the rows stay for another try.
    } finally {
      setBusy(false);
    }
  };

  const downloadFailures = async () => {
    if (!result) return;
    try {
      const { url, name } = await api.failures(result.failResult);
      await downloadFile(url, name);
    } catch {
      // Shown by the request layer.
    }
  };

  const edit = (key: number, field: string, value: string) => setRows((current) => current.map((row) => (row.__key === key ? { ...row, [field]: value } : row)));
  const columns = useMemo<TableColumnsType<Row>>(
    () => [
      { key: '__index', title: t('importDialog.rowNumber'), width: 64, fixed: 'left', render: (_value, _row, index) => index + 1 },
      ...previewColumns(headers, (header) => (value: unknown, row: Row) => (
        <Input size="small" value={value === null || value === undefined ? '' : String(value)} onChange={(event) => edit(row.__key, header.id, event.target.value)} data-cell={`${row.__key}-${header.id}`} />
      )),
      {
        key: '__remove',
        title: t('page.actions'),
        width: 72,
        fixed: 'right',
        render: (_value, row) => (
          <Button type="link" danger size="small" onClick={() => setRows((current) => current.filter((other) => other.__key !== row.__key))} data-action="removeImportRow">
            {t('importDialog.removeRow')}
          </Button>
        ),
      },
    ],
    [headers, t],
  );
  const failureColumns = useMemo<TableColumnsType<Row>>(
    () => [
      { key: 'errorsInfo', dataIndex: 'errorsInfo', title: t('importDialog.errorsInfo'), width: 280, fixed: 'left', render: (value: unknown) => <Typography.Text type="danger">{String(value ?? '')}</Typography.Text> },
      ...leafHeaders(headers).map((header) => ({ key: header.id, dataIndex: header.id, title: header.fullName, width: 140, render: (value: unknown) => (value === null || value === undefined ? '' : String(value)) })),
    ],
    [headers, t],
  );

  const imported = (result?.snum ?? 0) > 0;
  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={() => onClose(false)}>{t('page.cancel')}</Button>
        <Button type="primary" loading={busy} onClick={() => void toPreview()} data-testid="import-next">{t('page.next')}</Button>
      </Space>
    ) : step === 1 ? (
      <Space>
        <Button onClick={() => setStep(0)} data-testid="import-back">{t('page.previous')}</Button>
        <Button type="primary" loading={busy} onClick={() => void runImport()} data-testid="import-run">{t('importDialog.import')}</Button>
      </Space>
    ) : (
      <Button type="primary" onClick={() => onClose(imported)} data-testid="import-close">{t('importDialog.close')}</Button>
    );

  return (
    <Modal open width={1000} title={title || t('importDialog.title')} footer={footer} onCancel={() => onClose(imported)} maskClosable={false} destroyOnHidden rootClassName="lc-import-dialog">
      <div data-testid="import-dialog" data-step={step + 1}>
        <Steps size="small" current={step} className="lc-import-steps" style={{ marginBottom: 16 }} items={[{ title: t('importDialog.stepUpload') }, { title: t('importDialog.stepPreview') }, { title: t('importDialog.stepResult') }]} />
        {step === 0 && (
          <div className="lc-import-upload" style={{ display: 'flex', flexWrap: 'wrap', gap: 16, marginTop: 24 }}>
            <div className="lc-import-box" style={BOX}>
              <Typography.Title level={5}>{t('importDialog.uploadTitle')}</Typography.Title>
              <Typography.Paragraph type="secondary">{t('importDialog.hint', { max: IMPORT_MAX_ROWS })}</Typography.Paragraph>
              <Upload accept=".xls,.xlsx" showUploadList={false} beforeUpload={(file) => { void choose(file); return false; }}>
                <Button icon={<UploadOutlined />} loading={uploading} data-testid="import-choose">{t('importDialog.chooseFile')}</Button>
              </Upload>
              {fileName && (
                <div className="lc-import-file" style={{ marginTop: 12 }} data-testid="import-file">
                  <CheckCircleFilled style={{ color: '#52c41a' }} /> {fileName.shown}
                </div>
              )}
            </div>
            <div className="lc-import-box" style={BOX}>
              <Typography.Title level={5}>{t('importDialog.templateTitle')}</Typography.Title>
              <Typography.Paragraph type="secondary">{t('importDialog.templateHint')}</Typography.Paragraph>
              <Button icon={<DownloadOutlined />} onClick={() => void template()} data-testid="import-template">{t('importDialog.downloadTemplate')}</Button>
            </div>
          </div>
        )}
        {step === 1 && (
          <>
            <Alert type="info" showIcon message={t('importDialog.previewHint', { count: rows.length, max: IMPORT_MAX_ROWS })} className="lc-import-alert" style={{ marginBottom: 12 }} />
            <Table<Row> size="small" bordered rowKey={ROW_KEY} columns={columns} dataSource={rows} scroll={{ x: 'max-content', y: 420 }} pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }} data-testid="import-preview" />
          </>
        )}
        {step === 2 && result && (
          <div data-testid="import-result" data-success={result.snum} data-failure={result.fnum}>
            <Result
              status={result.fnum > 0 ? (result.snum > 0 ? 'warning' : 'error') : 'success'}
              title={result.fnum > 0 ? t('importDialog.partlyImported') : t('importDialog.allImported')}
              subTitle={t('importDialog.counts', { success: result.snum, failure: result.fnum })}
              extra={result.fnum > 0 ? <Button icon={<DownloadOutlined />} onClick={() => void downloadFailures()} data-testid="import-failures">{t('importDialog.downloadFailures')}</Button> : undefined}
            />
            {result.fnum > 0 && (
              <Table<Row> size="small" bordered rowKey={ROW_KEY} columns={failureColumns} dataSource={withKeys(result.failResult)} scroll={{ x: 'max-content', y: 300 }} pagination={false} data-testid="import-failure-table" />
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
