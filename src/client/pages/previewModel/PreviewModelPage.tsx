import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Card, Input, List, message, Space, Tag, Typography } from 'antd';
import { EyeOutlined, PrinterOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../../shared/form/definition.js';
import { platformWidgetServices } from '../../api/widgetServices.js';
import type { CompileProblem, CompiledForm } from '../../runtime/compileForm.js';
import { FormRenderer, type FormRendererHandle } from '../../runtime/FormRenderer.js';
import { RecordViewer } from '../../runtime/RecordViewer.js';
import { readPreviewInput } from './readPreviewInput.js';

/** Printing needs a saved record and a print template; the function preview has neither (spec 001 §5). */
export const PREVIEW_PRINT_WARNING = '功能预览不支持打印';

const problemLabels: Record<CompileProblem['kind'], { text: string; color: string }> = {
  unknownWidget: { text: '未知组件', color: 'red' },
  missingModel: { text: '缺少字段名', color: 'red' },
  duplicateModel: { text: '字段名重复', color: 'orange' },
  badPattern: { text: '校验规则无效', color: 'orange' },
  pendingWidget: { text: '选择器待接入', color: 'default' },
};

/**
 * /previewModel, the function preview: a definition from a picked JSON file or pasted text, rendered live, with
 * its values, what it could not render, a submit that validates, and the record viewer of the same popupType.
 */
export function PreviewModelPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [definition, setDefinition] = useState<FormDefinition | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [compiled, setCompiled] = useState<CompiledForm | null>(null);
  const [submitted, setSubmitted] = useState<{ ok: boolean; at: number } | null>(null);
  const [viewing, setViewing] = useState<Record<string, unknown> | null>(null);
  const form = useRef<FormRendererHandle>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback((source: string) => {
    try {
      const next = readPreviewInput(source);
      setDefinition(next);
      setParseError(null);
      setValues({});
      setSubmitted(null);
    } catch (error) {
      setParseError(error instanceof Error ? error.message : String(error));
    }
  }, []);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > 5 * 1024 * 1024) {
      setParseError('文件过大：表单定义不应超过 5MB');
      return;
    }
    const content = await file.text();
    setText(content);
    load(content);
  };

  const submit = async () => {
    const result = await form.current?.submit();
    setSubmitted({ ok: Boolean(result), at: Date.now() });
  };

  const problems = compiled?.problems ?? [];
  return (
    <div className="lc-preview">
      <Typography.Title level={3}>功能预览</Typography.Title>
      <Card size="small" className="lc-preview-input">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="粘贴表单定义（含 fields 的 JSON，或含 formData 的记录）"
            autoSize={{ minRows: 4, maxRows: 10 }}
            data-testid="preview-source"
          />
          <Space wrap>
            <Button type="primary" icon={<EyeOutlined />} onClick={() => load(text)} disabled={!text.trim()} data-testid="preview-render">渲染</Button>
            <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>选择 JSON 文件</Button>
            <input ref={fileInput} type="file" accept=".json,application/json" hidden onChange={(e) => void onFile(e)} data-testid="preview-file" />
          </Space>
          {parseError && <Alert type="error" showIcon message={parseError} data-testid="preview-error" />}
        </Space>
      </Card>

      {definition && (
        <div className="lc-preview-grid">
          <Card
            size="small"
            title="表单"
            className="lc-preview-form"
            extra={
              <Space wrap>
                <Button icon={<SendOutlined />} onClick={() => void submit()} data-testid="preview-submit">提交校验</Button>
                <Button onClick={() => setViewing(form.current?.getValues() ?? {})} data-testid="preview-view">查看详情</Button>
                <Button icon={<PrinterOutlined />} onClick={() => void message.warning(PREVIEW_PRINT_WARNING)} data-testid="preview-print">打印</Button>
              </Space>
            }
          >
            {submitted && (
              <Alert className="lc-preview-result" type={submitted.ok ? 'success' : 'error'} showIcon message={submitted.ok ? '校验通过，提交的值见右侧' : '有未通过校验的字段，未提交'} data-testid="preview-submit-result" />
            )}
            <FormRenderer ref={form} definition={definition} services={platformWidgetServices} onValuesChange={setValues} onCompiled={setCompiled} />
          </Card>
          <div className="lc-preview-side">
            <Card size="small" title={`无法完整渲染（${problems.length}）`} data-testid="preview-problems">
              {problems.length === 0 ? (
                <Typography.Text type="secondary">所有字段均已渲染</Typography.Text>
              ) : (
                <List
                  size="small"
                  dataSource={problems}
                  renderItem={(problem) => (
                    <List.Item className="lc-preview-problem">
                      <div>
                        <Tag color={problemLabels[problem.kind].color}>{problemLabels[problem.kind].text}</Tag>
                        <strong>{problem.field ?? problem.jnpfKey ?? ''}</strong>
                        <div className="lc-preview-problem-text">{t(`previewProblem.${problem.kind}`, { jnpfKey: problem.jnpfKey ?? '', field: problem.field ?? '' })}</div>
                        <code className="lc-preview-problem-path">{problem.path}</code>
                      </div>
                    </List.Item>
                  )}
                />
              )}
            </Card>
            <Card size="small" title="实时数据">
              <pre className="lc-preview-values" data-testid="preview-values">{JSON.stringify(values, null, 2)}</pre>
            </Card>
          </div>
        </div>
      )}
      {viewing && definition && (
        <RecordViewer
          modelId="preview"
          recordId="preview"
          loadRecord={async () => ({ definition, data: viewing, title: '预览详情' })}
          onClose={() => setViewing(null)}
          onPrint={() => void message.warning(PREVIEW_PRINT_WARNING)}
        />
      )}
    </div>
  );
}
