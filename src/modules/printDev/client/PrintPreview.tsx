import { useEffect, useMemo, useState } from 'react';
import { Button, List, Modal, Space, Spin, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { layoutPrint, type OperatorRecord } from '../../../shared/print/layout.js';
import type { PrintTemplate } from '../../../shared/print/template.js';
import type { Language } from '../../../shared/language.js';
import { request } from '../../../kernel/client/api/request.js';
import { session } from '../../../kernel/client/stores/session.js';
import { PrintSheet } from './PrintSheet.js';
import './words.js';
import './print.css';

/**
 * The print preview (spec 001 §2): a full-screen dialog with the record (or a list's chosen records, one after the
 * other) laid out by its template, and Download
 * (the server's PDF of the same layout), Print (the browser's print of the sheets, then POST printLog/save) and
 * Cancel. PrintChooser picks the template first when the form offers several, listed by fullName.
 */
interface PrintDataAnswer {
  printTemplate: string;
  printData: Record<string, unknown>;
  operatorRecordList: OperatorRecord[];
}

export function PrintPreview({ templateId, recordIds, title, onClose }: { templateId: string; recordIds: readonly string[]; title?: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [data, setData] = useState<PrintDataAnswer[] | null>(null);
  const formId = recordIds.join(',');
  useEffect(() => {
    let live = true;
    // One record through Data, several (a list's chosen rows) through BatchData: the same print, one after the other.
    const load = recordIds.length === 1
      ? request<PrintDataAnswer>({ url: '/system/printDev/Data', method: 'GET', params: { id: templateId, formId } }).then((answer) => [answer.data])
      : request<PrintDataAnswer[]>({ url: '/system/printDev/BatchData', method: 'GET', params: { id: templateId, formId } }).then((answer) => answer.data);
    void load.then(
      (prints) => live && setData(prints),
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [templateId, formId, recordIds.length, onClose]);
  const language = (['zh', 'zhtw', 'en'].includes(i18n.language) ? i18n.language : 'zh') as Language;
  const pages = useMemo(() => (data ? data.flatMap((print) => layoutPrint(JSON.parse(print.printTemplate) as PrintTemplate, print.printData, print.operatorRecordList, { language })) : []), [data, language]);

  const download = async () => {
    const response = await fetch(`/api/system/printDev/Pdf?id=${encodeURIComponent(templateId)}&formId=${encodeURIComponent(formId)}`, { headers: { Authorization: session.token ?? '' } });
    if (!response.ok || response.headers.get('content-type') !== 'application/pdf') {
      void message.error({ content: t('common.requestFailed', '请求出错，请重试'), duration: 1.5 });
      return;
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `${title ?? 'print'}.pdf`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const print = async () => {
    window.print();
    await request({ url: '/system/printLog/save', method: 'POST', data: { printTitle: title || t('printDev.print'), printNum: recordIds.length, printId: templateId, formId } });
  };

  return (
    <Modal
      open
      title={t('printDev.preview')}
      zIndex={1100}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 130px)', overflow: 'auto', background: '#f0f2f5', padding: 16 } }}
      onCancel={onClose}
      wrapClassName="print-preview"
      footer={
        <Space>
          <span data-testid="print-download"><Button onClick={() => void download()} disabled={!data}>{t('printDev.download')}</Button></span>
          <span data-testid="print-print"><Button type="primary" onClick={() => void print()} disabled={!data}>{t('printDev.print')}</Button></span>
          <span data-testid="print-cancel"><Button onClick={onClose}>{t('printDev.cancel')}</Button></span>
        </Space>
      }
    >
      {data ? (
        <div className="print-sheets" data-testid="print-preview">
          {pages.map((page, i) => <PrintSheet key={i} page={page} index={i} />)}
        </div>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

/** The template chooser: one template prints at once; several are listed by fullName. */
export function PrintChooser({ printIds, recordIds, onClose }: { printIds: string[]; recordIds: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<{ id: string; fullName: string }[] | null>(null);
  const [chosen, setChosen] = useState<{ id: string; fullName: string } | null>(null);
  useEffect(() => {
    void request<{ id: string; fullName: string }[]>({ url: '/system/printDev/getListOptions', method: 'POST', data: { ids: printIds } }).then(
      (answer) => {
        setOptions(answer.data);
        if (answer.data.length === 1) setChosen(answer.data[0]);
        if (answer.data.length === 0) {
          void message.warning({ content: t('printDev.none'), duration: 1.5 });
          onClose();
        }
      },
      () => onClose(),
    );
  }, [printIds, onClose, t]);
  if (chosen) return <PrintPreview templateId={chosen.id} recordIds={recordIds} title={chosen.fullName} onClose={onClose} />;
  if (!options || options.length < 2) return null;
  return (
    <Modal open title={t('printDev.choose')} footer={null} onCancel={onClose} width={450}>
      <List
        data-testid="print-chooser"
        dataSource={options}
        renderItem={(option) => (
          <List.Item>
            <Button type="link" onClick={() => setChosen(option)}>{option.fullName}</Button>
          </List.Item>
        )}
      />
    </Modal>
  );
}

/** printId as forms store it: an id, a comma-separated list (V3) or an array (V5). */
export function printIdsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  return typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : [];
}
