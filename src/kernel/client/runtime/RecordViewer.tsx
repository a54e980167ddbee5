import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Drawer, Modal, Result, Space, Spin } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import type { FormDefinition } from '../../../shared/form/definition.js';
import { FormRenderer } from './FormRenderer.js';
import { widgetText } from '../../../../registry/widgetText.js';
import type { WidgetServices } from '../../../../registry/components/services.js';

/**
 * The record detail viewer of spec 001 §2: a dialog, a full-screen page with a back header, or a right drawer,
 * by the form's popupType (general, fullScreen, drawer). Print shows when hasPrintBtn and printId are set; a
 * related-record link opens a nested viewer with the same popupType; with no record id it closes at once.
 */
export interface LoadedRecord {
  definition: FormDefinition;
  data: Record<string, unknown>;
  title?: string;
}

export interface RecordViewerProps {
  modelId: string;
  recordId?: string | null;
  loadRecord: (modelId: string, recordId: string) => Promise<LoadedRecord>;
  onClose: () => void;
  onPrint?: (printId: string, recordId: string) => void;
  /** The popupType of the outer viewer; nested viewers keep it. */
  popupType?: string;
  hiddenFields?: readonly string[];
  /** What the shown widgets may use, e.g. file download and preview (spec 001 §2); nested viewers get the same. */
  services?: Partial<WidgetServices>;
}

type State = { status: 'loading' } | { status: 'ready'; record: LoadedRecord } | { status: 'failed'; message: string };

export function RecordViewer({ modelId, recordId, loadRecord, onClose, onPrint, popupType, hiddenFields, services: outerServices }: RecordViewerProps) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [nested, setNested] = useState<{ modelId: string; recordId: string } | null>(null);

  useEffect(() => {
    if (!recordId) {
      onClose();
      return;
    }
    let cancelled = false;
    setState({ status: 'loading' });
    loadRecord(modelId, recordId).then(
      (record) => !cancelled && setState({ status: 'ready', record }),
      (error: unknown) => !cancelled && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [modelId, recordId, loadRecord, onClose]);

  const services = useMemo(() => ({ ...outerServices, openRecord: (nextModel: string, nextRecord: string) => setNested({ modelId: nextModel, recordId: nextRecord }) }), [outerServices]);
  if (!recordId) return null;

  const definition = state.status === 'ready' ? state.record.definition : undefined;
  const kind = popupType ?? definition?.popupType ?? 'general';
  const title = (state.status === 'ready' && state.record.title) || widgetText('detail');
  const canPrint = Boolean(definition?.hasPrintBtn && definition?.printId);
  const footer = (
    <Space>
      {canPrint && (
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => onPrint?.(String(definition!.printId), recordId)} data-testid="viewer-print">
          {(definition!.printButtonText as string) || widgetText('print')}
        </Button>
      )}
      <Button onClick={onClose}>{widgetText('cancel')}</Button>
    </Space>
  );
  const body: ReactNode =
    state.status === 'loading' ? (
      <div className="jnpf-viewer-loading"><Spin /></div>
    ) : state.status === 'failed' ? (
      <Result status="warning" title={state.message} />
    ) : (
      <FormRenderer definition={state.record.definition} initialValues={state.record.data} readOnly hiddenFields={hiddenFields} services={services} />
    );
  const nestedViewer = nested && (
    <RecordViewer modelId={nested.modelId} recordId={nested.recordId} loadRecord={loadRecord} onClose={() => setNested(null)} onPrint={onPrint} popupType={kind} services={outerServices} />
  );

  if (kind === 'fullScreen') {
    return (
      <div className="jnpf-viewer-fullscreen" role="dialog" aria-label={title} data-popup-type="fullScreen">
        <div className="jnpf-viewer-header">
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={onClose}>{widgetText('back')}</Button>
          <span className="jnpf-viewer-title">{title}</span>
          <span className="jnpf-viewer-actions">{footer}</span>
        </div>
        <div className="jnpf-viewer-body">{body}</div>
        {nestedViewer}
      </div>
    );
  }
  if (kind === 'drawer') {
    return (
      <Drawer open title={title} width={(definition?.drawerWidth as string) || 600} onClose={onClose} footer={footer} destroyOnHidden data-popup-type="drawer" rootClassName="jnpf-viewer-drawer">
        {body}
        {nestedViewer}
      </Drawer>
    );
  }
  return (
    <Modal open title={title} width={(definition?.generalWidth as string) || 600} onCancel={onClose} footer={footer} destroyOnHidden rootClassName="jnpf-viewer-dialog">
      {body}
      {nestedViewer}
    </Modal>
  );
}
