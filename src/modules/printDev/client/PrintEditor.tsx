import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Tree, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrintFieldNode } from '../../../shared/print/fields.js';
import { layoutPrint } from '../../../shared/print/layout.js';
import { emptyPrintTemplate, PRINT_BARCODE_DEFAULT, PRINT_QRCODE_DEFAULT, type PrintBox, type PrintTemplate } from '../../../shared/print/template.js';
import { request } from '../../../kernel/client/api/request.js';
import { PrintSheet } from './PrintSheet.js';
import { PrintDragLayer } from './PrintDragLayer.js';
import './words.js';
import './print.css';

/**
 * The template editor: a designed form to print, its fields (a click places a field box; a sub-table a loop of
 * its columns), text, barcode, QR and approval boxes, each box's place and size, and a live page drawn by the
 * same layout as the preview and the PDF, with sample values standing in for a record.
 */
interface Design {
  id: string;
  fullName: string;
}

/** A box before it is placed: every kind's own properties, without its id and place. */
type NewBox = PrintBox extends infer B ? (B extends PrintBox ? Omit<B, 'id' | 'x' | 'y'> : never) : never;

const sampleValues = (fields: PrintFieldNode[]) =>
  Object.fromEntries(fields.map((f) => [f.id, f.isSubTable ? [0, 1].map((i) => Object.fromEntries((f.children ?? []).map((c) => [c.id, `${c.fullName}${i + 1}`]))) : f.fullName]));

export function PrintEditor({ id, onClose, onSaved }: { id?: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [designs, setDesigns] = useState<Design[]>([]);
  const [designId, setDesignId] = useState<string>();
  const [fields, setFields] = useState<PrintFieldNode[]>([]);
  const [template, setTemplate] = useState<PrintTemplate>(emptyPrintTemplate());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void request<{ list: Design[] }>({ url: '/visualdev/Base', method: 'GET', params: { currentPage: 1, pageSize: 500 } }).then((a) => setDesigns(a.data.list));
    if (id) {
      void request<Record<string, unknown>>({ url: `/system/printDev/${id}`, method: 'GET' }).then((a) => {
        form.setFieldsValue(a.data);
        setDesignId(String(a.data.visualDevId ?? ''));
        setTemplate(JSON.parse(String(a.data.printTemplate)) as PrintTemplate);
      });
    } else form.setFieldsValue({ type: 2, sortCode: 0, enabledMark: 1 });
  }, [id, form]);
  useEffect(() => {
    if (!designId) return;
    void request<PrintFieldNode[]>({ url: '/system/printDev/Fields', method: 'POST', data: { visualDevId: designId } }).then((a) => setFields(a.data));
  }, [designId]);

  const pages = useMemo(() => layoutPrint(template, { id: 'ID001', ...sampleValues(fields) }, [{ nodeName: '审批', userName: '—', handleStatus: 1 }]), [template, fields]);
  const nextY = () => Math.min(template.page.height - template.page.margin - 20, Math.max(template.page.margin, ...template.boxes.map((b) => b.y + b.height + 8)));
  const add = (box: NewBox) =>
    setTemplate((current) => ({ ...current, boxes: [...current.boxes, { x: current.page.margin, y: nextY(), ...box, id: `b${Date.now().toString(36)}${current.boxes.length}` } as PrintBox] }));
  const width = template.page.width - 2 * template.page.margin;
  const placeField = (node: PrintFieldNode) => {
    if (node.isSubTable) add({ type: 'table', width, height: 40, field: node.id, columns: (node.children ?? []).map((c) => ({ field: c.id, label: c.fullName })) });
    else if (node.parentId === '0') add({ type: 'field', width: width / 2, height: 18, field: node.id, label: node.fullName });
  };
  const change = (index: number, patch: Partial<PrintBox>) => setTemplate((current) => ({ ...current, boxes: current.boxes.map((b, i) => (i === index ? ({ ...b, ...patch } as PrintBox) : b)) }));
  const remove = (index: number) => setTemplate((current) => ({ ...current, boxes: current.boxes.filter((_, i) => i !== index) }));

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const body = { ...values, visualDevId: designId, printTemplate: JSON.stringify(template) };
      const answer = await request({ url: id ? `/system/printDev/${id}` : '/system/printDev', method: id ? 'PUT' : 'POST', data: body });
      void message.success({ content: answer.msg, duration: 1.5 });
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  const number = (index: number, key: 'x' | 'y' | 'width' | 'height', box: PrintBox) => (
    <InputNumber size="small" min={key === 'x' || key === 'y' ? 0 : 1} value={Math.round(box[key])} onChange={(v) => v !== null && change(index, { [key]: v })} style={{ width: 64 }} addonBefore={undefined} aria-label={key} />
  );

  return (
    <Modal
      open
      title={t('printDev.editor')}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 130px)', overflow: 'auto' } }}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('printDev.cancel')}</Button>
          <span data-testid="print-editor-save"><Button type="primary" loading={saving} onClick={() => void save()}>{t('printDev.save')}</Button></span>
        </Space>
      }
    >
      <div className="print-editor" data-testid="print-editor">
        <div className="print-editor-side">
          <Form form={form} layout="vertical" size="small">
            <Form.Item name="fullName" label={t('printDev.fullName')} rules={[{ required: true }, { max: 50 }]}><Input data-testid="print-fullName" /></Form.Item>
            <Form.Item name="enCode" label={t('printDev.enCode')} rules={[{ required: true }, { max: 50 }]}><Input data-testid="print-enCode" /></Form.Item>
            <Form.Item name="type" label={t('printDev.type')}><Select options={[{ value: 1, label: t('printDev.flowForm') }, { value: 2, label: t('printDev.functionForm') }]} /></Form.Item>
            <Form.Item label={t('printDev.form')} required>
              <span data-testid="print-form"><Select showSearch optionFilterProp="label" value={designId} onChange={setDesignId} options={designs.map((d) => ({ value: d.id, label: d.fullName }))} /></span>
            </Form.Item>
            <Form.Item name="sortCode" label={t('printDev.sortCode')}><InputNumber min={0} max={999999} /></Form.Item>
            <Form.Item name="enabledMark" hidden><Input /></Form.Item>
          </Form>
          <div className="print-editor-title">{t('printDev.fields')}</div>
          <Tree
            data-testid="print-fields"
            treeData={fields.map((f) => ({ key: f.id, title: f.isSubTable ? `${f.fullName} ⟳` : f.fullName, node: f, children: f.children?.map((c) => ({ key: `${f.id}.${c.id}`, title: c.fullName, node: c, selectable: false })) }))}
            onSelect={(_, info) => placeField((info.node as unknown as { node: PrintFieldNode }).node)}
            selectedKeys={[]}
          />
          <Space wrap style={{ marginTop: 8 }}>
            <Button size="small" onClick={() => add({ type: 'text', width, height: 24, text: t('printDev.sampleTitle'), fontSize: 18, bold: true, align: 'center' })} data-testid="print-add-text">{t('printDev.text')}</Button>
            <Button size="small" onClick={() => add({ type: 'barcode', width: 300, height: PRINT_BARCODE_DEFAULT.barHeight + 20, field: fields.find((f) => !f.isSubTable)?.id ?? 'id' })} data-testid="print-add-barcode">{t('printDev.barcode')}</Button>
            <Button size="small" onClick={() => add({ type: 'qrcode', width: PRINT_QRCODE_DEFAULT.size, height: PRINT_QRCODE_DEFAULT.size, field: 'id' })} data-testid="print-add-qrcode">{t('printDev.qrcode')}</Button>
            <Button size="small" onClick={() => add({ type: 'approvals', width, height: 30 })} data-testid="print-add-approvals">{t('printDev.approvals')}</Button>
          </Space>
          <div className="print-editor-title">{t('printDev.boxes')}</div>
          {template.boxes.map((box, i) => (
            <div key={box.id} className="print-editor-box" data-testid={`print-box-${box.type}`}>
              <div>
                <b>{t(`printDev.${box.type === 'field' || box.type === 'table' ? box.type : box.type}`)}</b> {'field' in box && box.field ? box.field : ''}
                <Button size="small" type="link" danger onClick={() => remove(i)}>{t('printDev.remove')}</Button>
              </div>
              {box.type === 'text' && <Input size="small" value={box.text} onChange={(e) => change(i, { text: e.target.value })} />}
              <Space size={4} wrap>
                x{number(i, 'x', box)} y{number(i, 'y', box)} w{number(i, 'width', box)} h{number(i, 'height', box)}
              </Space>
            </div>
          ))}
        </div>
        <div className="print-editor-canvas">
          {pages.map((page, i) =>
            i === 0 ? (
              // The first page carries the boxes' frames: drag one to move it.
              <div key={i} className="print-editor-first-page">
                <PrintSheet page={page} index={i} />
                <PrintDragLayer template={template} onMove={(index, position) => change(index, position)} />
              </div>
            ) : (
              <PrintSheet key={i} page={page} index={i} />
            ),
          )}
        </div>
      </div>
    </Modal>
  );
}
