import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, message, Modal, Space, Spin, Steps } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition, FormDefinition } from '../../../../shared/form/definition.js';
import { readFormDefinition } from '../../../../shared/form/definition.js';
import { formatDate } from '../../../../shared/format/dateFormat.js';
import { FormRenderer, type FormRendererHandle } from '../../../../kernel/client/runtime/FormRenderer.js';
import { platformWidgetServices } from '../../../../kernel/client/api/widgetServices.js';
import { designApi, type DesignDraft } from '../designApi.js';
import { FormDesigner, validateDesign } from '../formDesigner/index.js';
import { ListDesigner } from '../listDesigner/ListDesigner.js';
import { defaultColumnData, listableFields, readColumnData, validateColumnData, type ColumnData } from '../listDesigner/columnData.js';
import { clearDraft, readDraft, writeDraft } from './designDraftStore.js';
import { designTables, mainTableOf, TABLE_NAME } from './designTables.js';
import '../visualdev.css';

/**
 * The full-screen design editor opened from 功能设计: 基础设置 (name, code, category, page type, main table),
 * 表单设计 (the form designer), 列表设计 (the list designer, for a form-and-list page), then save. Every step
 * stays mounted, so going back loses nothing; save checks all three and names what is wrong.
 */
interface BaseValues {
  fullName: string;
  enCode: string;
  category?: string;
  webType: 1 | 2;
  tableName: string;
  description?: string;
}

const rule = (pattern: RegExp, message: string) => ({ pattern: String(pattern), message });

/** The basics as a JNPF form, so the category select reads its dictionary through the form runtime like any form. */
function baseDefinition(t: (key: string, options?: Record<string, unknown>) => string): FormDefinition {
  const field = (jnpfKey: string, key: string, label: string, extra: Partial<FieldDefinition['__config__']> = {}, props: Record<string, unknown> = {}): FieldDefinition => ({
    __config__: { jnpfKey, label, span: 24, required: false, regList: [], ...extra },
    __vModel__: key,
    ...props,
  });
  return {
    labelWidth: 100,
    labelPosition: 'right',
    fields: [
      field('comInput', 'fullName', t('visualdev.editor.fullName'), { required: true, requiredMessage: t('visualdev.editor.required', { label: t('visualdev.editor.fullName') }) }, { maxlength: 50 }),
      field('comInput', 'enCode', t('visualdev.editor.enCode'), { required: true, requiredMessage: t('visualdev.editor.required', { label: t('visualdev.editor.enCode') }), regList: [rule(/^[A-Za-z][A-Za-z0-9_.]{0,49}$/, t('visualdev.editor.enCodeFormat'))] }),
      field('select', 'category', t('visualdev.editor.category'), { dataType: 'dictionary', dictionaryType: 'webDesign', props: { label: 'fullName', value: 'id' } }, { clearable: true }),
      field('radio', 'webType', t('visualdev.editor.webType'), { required: true, dataType: 'static', defaultValue: 2 }, { __slot__: { options: [{ id: 2, fullName: t('visualdev.editor.webTypeList') }, { id: 1, fullName: t('visualdev.editor.webTypeForm') }] }, props: { props: { label: 'fullName', value: 'id' } } }),
      field('comInput', 'tableName', t('visualdev.editor.tableName'), { required: true, requiredMessage: t('visualdev.editor.required', { label: t('visualdev.editor.tableName') }), regList: [rule(TABLE_NAME, t('visualdev.editor.tableFormat'))], tipLabel: t('visualdev.editor.tableNameHint') }),
      field('textarea', 'description', t('visualdev.editor.description')),
    ],
  };
}

const EMPTY_FORM: FormDefinition = { fields: [], labelWidth: 100, labelPosition: 'right', popupType: 'general', generalWidth: '800px' };

export function DesignEditor({ id, onClose, onSaved }: { id?: string; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const baseForm = useRef<FormRendererHandle>(null);
  const [step, setStep] = useState(0);
  const [loading, setLoading] = useState(Boolean(id));
  const [saving, setSaving] = useState(false);
  const [designId, setDesignId] = useState(id);
  const [baseValues, setBaseValues] = useState<Partial<BaseValues>>({ webType: 2 });
  const [form, setForm] = useState<FormDefinition>(EMPTY_FORM);
  const [columnData, setColumnData] = useState<ColumnData>(defaultColumnData);
  const [problems, setProblems] = useState<string[]>([]);
  const [dirty, setDirty] = useState(false);
  /** Counts saves and deliberate closes: a draft write still waiting from before one of them must not bring the draft back. */
  const settled = useRef(0);
  const base = useMemo(() => baseDefinition(t), [t]);

  /**
   * Once the design is read (or at once for a new one): a draft this browser kept of unsaved work is offered back
   * before the editor shows, so the base form starts from the values chosen.
   */
  const offerDraft = (show: () => void) => {
    const draft = readDraft(id);
    if (!draft) return show();
    Modal.confirm({
      title: t('visualdev.editor.draftFound', { time: formatDate(draft.savedAt) }),
      okText: t('visualdev.editor.restoreDraft'),
      cancelText: t('visualdev.editor.discardDraft'),
      onOk: () => {
        setBaseValues(draft.baseValues as Partial<BaseValues>);
        setForm(readFormDefinition(draft.form));
        setColumnData(readColumnData(draft.columnData ?? {}));
        setDirty(true);
        show();
      },
      onCancel: () => {
        clearDraft(id);
        show();
      },
    });
  };

  useEffect(() => {
    if (!id) {
      offerDraft(() => setLoading(false));
      return;
    }
    let cancelled = false;
    designApi.info(id).then(
      (design) => {
        if (cancelled) return;
        setBaseValues({ fullName: design.fullName, enCode: design.enCode, category: design.category || undefined, webType: Number(design.webType) === 1 ? 1 : 2, tableName: mainTableOf(design.tables), description: design.description });
        setForm(design.formData ? readFormDefinition(design.formData) : EMPTY_FORM);
        setColumnData(readColumnData(design.columnData ?? {}));
        offerDraft(() => setLoading(false));
      },
      () => !cancelled && onClose(),
    );
    return () => {
      cancelled = true;
    };
    // offerDraft reads the id and the language of this render, which is what the effect runs for.
  }, [id, onClose]);

  // The safety copy: a moment after each change, what the editor holds goes to this browser's storage.
  useEffect(() => {
    if (!dirty) return;
    // Under the design's id once it has one: a new design saved and edited on is found by its id next time.
    const at = settled.current;
    const timer = window.setTimeout(() => {
      if (settled.current === at) writeDraft(designId, { baseValues: { ...baseValues, ...(baseForm.current?.getValues() ?? {}) }, form, columnData });
    }, 800);
    return () => window.clearTimeout(timer);
  }, [dirty, designId, baseValues, form, columnData]);

  const webType = Number(baseValues.webType ?? 2) as 1 | 2;
  const stepKeys = webType === 2 ? ['base', 'form', 'list'] : ['base', 'form'];

  const go = async (next: number) => {
    if (step === 0 && next > 0) {
      const values = (await baseForm.current?.submit()) as BaseValues | undefined;
      if (!values) return;
      setBaseValues(values);
    }
    setStep(next);
  };

  const save = async () => {
    const values = step === 0 ? ((await baseForm.current?.submit()) as BaseValues | undefined) : (baseValues as BaseValues);
    if (!values?.fullName) return setStep(0);
    const formProblems = validateDesign(form, i18n.language);
    const listProblems = values.webType === 2 ? validateColumnData(columnData, listableFields(form)) : [];
    const found = [
      ...formProblems.map((p) => `${t('visualdev.editor.stepForm')}：${p.label ? `${p.label} ` : ''}${p.message}`),
      ...listProblems.map((p) => `${t('visualdev.editor.stepList')}：${t(`visualdev.list.problem.${p.code}`, { prop: p.prop })}`),
    ];
    setProblems(found);
    if (found.length) return setStep(formProblems.length ? 1 : 2);
    const draft: DesignDraft = { id: designId, fullName: values.fullName, enCode: values.enCode, category: values.category, webType: values.webType, description: values.description, formData: form, columnData, tables: designTables(values.tableName, form) };
    setSaving(true);
    try {
      const answer = await designApi.save(draft);
      if (!designId && typeof answer.data === 'string' && answer.data) setDesignId(answer.data);
      void message.success({ content: answer.msg || t('visualdev.editor.saved'), duration: 1.5 });
      settled.current += 1;
      clearDraft(designId);
      clearDraft(id);
      setDirty(false);
      onSaved();
    } catch {
      // The request layer has shown the server's message (a duplicate code, a bad table); the editor stays open.
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    if (!dirty) return onClose();
    Modal.confirm({
      title: t('visualdev.editor.unsaved'),
      okText: t('page.ok'),
      cancelText: t('page.cancel'),
      // Closed away on purpose: the changes are not offered back next time.
      onOk: () => {
        settled.current += 1;
        clearDraft(designId);
        onClose();
      },
    });
  };

  return (
    <Modal open footer={null} closable={false} width="100vw" rootClassName="lc-design-editor" onCancel={close} destroyOnHidden maskClosable={false} keyboard={false}>
      <div className="lc-design-editor-head">
        <strong className="lc-design-editor-title">{baseValues.fullName || (id ? t('visualdev.editor.title') : t('visualdev.editor.newTitle'))}</strong>
        <Steps size="small" current={step} className="lc-design-editor-steps" onChange={(next) => void go(next)} items={stepKeys.map((key) => ({ title: t(`visualdev.editor.step${key[0].toUpperCase()}${key.slice(1)}`) }))} />
        <Space>
          <Button disabled={step === 0} onClick={() => void go(step - 1)}>{t('visualdev.editor.previous')}</Button>
          <Button disabled={step >= stepKeys.length - 1} onClick={() => void go(step + 1)} data-testid="editor-next">{t('visualdev.editor.next')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="editor-save">{t('visualdev.editor.save')}</Button>
          <Button type="text" icon={<CloseOutlined />} aria-label={t('visualdev.editor.close')} onClick={close} data-testid="editor-close" />
        </Space>
      </div>
      {problems.length > 0 && <Alert type="error" showIcon closable onClose={() => setProblems([])} message={<ul className="lc-design-problems">{problems.map((p) => <li key={p}>{p}</li>)}</ul>} data-testid="editor-problems" />}
      {loading ? (
        <div className="lc-page-loading-inline"><Spin tip={t('visualdev.editor.loading')} /></div>
      ) : (
        <div className="lc-design-editor-body">
          <div hidden={step !== 0} className="lc-design-editor-base" data-testid="editor-base">
            <FormRenderer ref={baseForm} definition={base} initialValues={baseValues} services={platformWidgetServices} onValuesChange={() => setDirty(true)} />
          </div>
          <div hidden={step !== 1} className="lc-design-editor-form" data-testid="editor-form">
            <Suspense fallback={<Spin />}>
              <FormDesigner value={form} onChange={(next) => { setForm(next); setDirty(true); }} height="calc(100vh - 120px)" />
            </Suspense>
          </div>
          {webType === 2 && (
            <div hidden={step !== 2} className="lc-design-editor-list" data-testid="editor-list">
              <ListDesigner form={form} value={columnData} onChange={(next) => { setColumnData(next); setDirty(true); }} />
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
