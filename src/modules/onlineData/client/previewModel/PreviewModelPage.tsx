import { memo, useCallback, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Card, Input, List, message, Space, Tag, Typography } from 'antd';
import { EyeOutlined, PrinterOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../../../shared/form/definition.js';
import { platformWidgetServices } from '../../../../kernel/client/api/widgetServices.js';
import type { CompileProblem, CompiledForm } from '../../../../kernel/client/runtime/compileForm.js';
import { FormRenderer, type FormRendererHandle } from '../../../../kernel/client/runtime/FormRenderer.js';
import { RecordViewer } from '../../../../kernel/client/runtime/RecordViewer.js';
import { PreviewInputError, readPreviewInput } from './readPreviewInput.js';
import { PreviewValues, valueChanges } from './PreviewValues.js';
import { fileSize } from '../../../../shared/format/sizes.js';

/** How serious each problem is; the words are translations (preview.problemKinds). */
const problemColours: Record<CompileProblem['kind'], string> = {
  unknownWidget: 'red',
  missingModel: 'red',
  duplicateModel: 'orange',
  badPattern: 'orange',
  badExpression: 'orange',
};
const PREVIEW_FILE_LIMIT_BYTES = 5 * 1024 * 1024;
/**
 * The source box has a fixed height the user may drag: growing with its text, it measured the whole text again
 * whenever the page's width changed, as when the rendered form brings a scroll bar (about 140 ms for a 500-field
 * definition, inside the form's mount).
 */
const SOURCE_ROWS = 8;

interface SourceCardProps {
  text: string;
  parseError: string | null;
  onText: (text: string) => void;
  onRender: (text: string) => void;
  onFile: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * The definition's source and the buttons that render it. Its own component, kept from re-rendering when the page
 * does (rendering a definition re-renders the page twice): a text area holding a long definition is slow to update.
 */
const SourceCard = memo(function SourceCard({ text, parseError, onText, onRender, onFile }: SourceCardProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Card size="small" className="lc-preview-input">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.TextArea value={text} onChange={(e) => onText(e.target.value)} placeholder={t('preview.sourcePlaceholder')} rows={SOURCE_ROWS} data-testid="preview-source" />
        <Space wrap>
          <Button type="primary" icon={<EyeOutlined />} onClick={() => onRender(text)} disabled={!text.trim()} data-testid="preview-render">{t('preview.render')}</Button>
          <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>{t('preview.chooseFile')}</Button>
          <input ref={fileInput} type="file" accept=".json,application/json" hidden onChange={onFile} data-testid="preview-file" />
        </Space>
        {parseError && <Alert type="error" showIcon message={parseError} data-testid="preview-error" />}
      </Space>
    </Card>
  );
});

/**
 * /previewModel, the function preview: a definition from a picked JSON file or pasted text, rendered live, with
 * its values, what it could not render, a submit that validates, and the record viewer of the same popupType.
 */
export function PreviewModelPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [definition, setDefinition] = useState<FormDefinition | null>(null);
  // Each render of a definition starts the values card afresh.
  const [definitionVersion, setDefinitionVersion] = useState(0);
  const [parseError, setParseError] = useState<string | null>(null);
  const [compiled, setCompiled] = useState<CompiledForm | null>(null);
  const [submitted, setSubmitted] = useState<{ ok: boolean; at: number } | null>(null);
  const [viewing, setViewing] = useState<Record<string, unknown> | null>(null);
  const form = useRef<FormRendererHandle>(null);
  // The form signals a change; the values card reads the values when it wants them, never the page per key.
  const changes = useMemo(() => valueChanges(), []);
  const readValues = useCallback(() => form.current?.getValues() ?? {}, []);

  const load = useCallback((source: string) => {
    try {
      const next = readPreviewInput(source);
      setDefinition(next);
      setDefinitionVersion((version) => version + 1);
      setParseError(null);
      setSubmitted(null);
    } catch (error) {
      setParseError(error instanceof PreviewInputError ? t(error.key, { detail: error.detail }) : String(error));
    }
  }, [t]);

  // Printing needs a saved record and a print template; the function preview has neither (spec 001 §5).
  const printWarning = () => void message.warning(t('preview.noPrint'));

  const onFile = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      event.target.value = '';
      if (!file) return;
      if (file.size > PREVIEW_FILE_LIMIT_BYTES) {
        setParseError(t('preview.fileTooLarge', { limit: fileSize(PREVIEW_FILE_LIMIT_BYTES) }));
        return;
      }
      void file.text().then((content) => {
        setText(content);
        load(content);
      });
    },
    [load, t],
  );

  const submit = async () => {
    const result = await form.current?.submit();
    setSubmitted({ ok: Boolean(result), at: Date.now() });
  };

  const problems = compiled?.problems ?? [];
  return (
    <div className="lc-preview">
      <Typography.Title level={3}>{t('nav.previewModel')}</Typography.Title>
      <SourceCard text={text} parseError={parseError} onText={setText} onRender={load} onFile={onFile} />

      {definition && (
        <div className="lc-preview-grid">
          <Card
            size="small"
            title={t('preview.form')}
            className="lc-preview-form"
            extra={
              <Space wrap>
                <Button icon={<SendOutlined />} onClick={() => void submit()} data-testid="preview-submit">{t('preview.submit')}</Button>
                <Button onClick={() => setViewing(form.current?.getValues() ?? {})} data-testid="preview-view">{t('preview.view')}</Button>
                <Button icon={<PrinterOutlined />} onClick={printWarning} data-testid="preview-print">{t('preview.print')}</Button>
              </Space>
            }
          >
            {submitted && (
              <Alert className="lc-preview-result" type={submitted.ok ? 'success' : 'error'} showIcon message={submitted.ok ? t('preview.valid') : t('preview.invalid')} data-testid="preview-submit-result" />
            )}
            <FormRenderer ref={form} definition={definition} services={platformWidgetServices} onValuesChange={changes.notify} onCompiled={setCompiled} />
          </Card>
          <div className="lc-preview-side">
            <Card size="small" title={t('preview.problems', { count: problems.length })} data-testid="preview-problems">
              {problems.length === 0 ? (
                <Typography.Text type="secondary">{t('preview.allRendered')}</Typography.Text>
              ) : (
                <List
                  size="small"
                  dataSource={problems}
                  renderItem={(problem) => (
                    <List.Item className="lc-preview-problem">
                      <div>
                        <Tag color={problemColours[problem.kind]}>{t(`preview.problemKinds.${problem.kind}`)}</Tag>
                        <strong>{problem.field ?? problem.jnpfKey ?? ''}</strong>
                        <div className="lc-preview-problem-text">{t(`previewProblem.${problem.kind}`, { jnpfKey: problem.jnpfKey ?? '', field: problem.field ?? '' })}</div>
                        <code className="lc-preview-problem-path">{problem.path}</code>
                      </div>
                    </List.Item>
                  )}
                />
              )}
            </Card>
            <PreviewValues key={String(definitionVersion)} read={readValues} changes={changes} />
          </div>
        </div>
      )}
      {viewing && definition && (
        <RecordViewer
          modelId="preview"
          recordId="preview"
          loadRecord={async () => ({ definition, data: viewing, title: t('preview.recordTitle') })}
          onClose={() => setViewing(null)}
          onPrint={printWarning}
          services={platformWidgetServices}
        />
      )}
    </div>
  );
}
