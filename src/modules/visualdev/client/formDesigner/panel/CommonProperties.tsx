import { Button, Form, Input, InputNumber, Switch, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WidgetDefinition } from '../../../../../../registry/types.js';
import type { FieldDefinition, RegRule } from '../../../../../shared/form/definition.js';
import { compilePattern } from '../../../../../shared/validation/fieldValidation.js';
import { isStoredAttribute } from '../../../../../shared/form/storedValues.js';
import { eachNode, jnpfKeyOf, type DesignTree, type NodePlace, type NodeRole } from '../model/designTree.js';
import { formulaText, type DesignProblem } from '../validateDesign.js';

interface Props {
  tree: DesignTree;
  place: NodePlace;
  role: NodeRole;
  widget: WidgetDefinition | undefined;
  problems: readonly DesignProblem[];
  change(update: (field: FieldDefinition) => FieldDefinition, coalesce?: string): void;
}

const withConfig = (name: string, value: unknown) => (field: FieldDefinition): FieldDefinition => {
  const config = { ...field.__config__ };
  if (value === undefined) delete config[name];
  else config[name] = value;
  return { ...field, __config__: config };
};

/** What every field has (label, key, required, width, default, pattern rules) and what only some have (formula, pane title, cell spans). */
export function CommonProperties({ tree, place, role, widget, problems, change }: Props) {
  const { t } = useTranslation();
  const { node } = place;
  const field = node.field;
  const config = field.__config__ ?? {};
  const key = jnpfKeyOf(node);
  const storesValue = role === 'subTable' || (role === 'field' && (widget ? widget.flags.storesValue : typeof field.__vModel__ === 'string'));
  // A saved attribute (isStorage 2) needs its key, though nobody types into it: no required switch, rules or default.
  const keyed = storesValue || (role === 'field' && isStoredAttribute(key, field));
  const keyProblems = problems.filter((problem) => problem.code.startsWith('key'));
  const regProblems = problems.filter((problem) => problem.code === 'regListPattern');
  const formulaProblems = problems.filter((problem) => problem.code.startsWith('formula'));
  const regList: RegRule[] = Array.isArray(config.regList) ? config.regList : [];

  return (
    <Form layout="vertical" size="small" className="fd-panel-form">
      <h4>{t('formDesigner.panel.common')}</h4>
      {role === 'pane' && key !== 'tableGridTd' ? (
        <Form.Item label={t('formDesigner.panel.paneTitle')}>
          <Input value={String(field.title ?? '')} onChange={(event) => change((f) => ({ ...f, title: event.target.value }), 'title')} data-prop="title" />
        </Form.Item>
      ) : null}
      {key === 'tableGridTd' ? (
        <>
          <Form.Item label={t('formDesigner.panel.colspan')}>
            <InputNumber min={1} max={24} value={Number(config.colspan) || 1} onChange={(value) => change(withConfig('colspan', value ?? 1), 'colspan')} />
          </Form.Item>
          <Form.Item label={t('formDesigner.panel.rowspan')}>
            <InputNumber min={1} max={24} value={Number(config.rowspan) || 1} onChange={(value) => change(withConfig('rowspan', value ?? 1), 'rowspan')} />
          </Form.Item>
        </>
      ) : null}
      {role !== 'pane' && role !== 'gridRow' ? (
        <Form.Item label={t('formDesigner.panel.label')}>
          <Input value={String(config.label ?? '')} onChange={(event) => change(withConfig('label', event.target.value), 'label')} data-prop="label" />
        </Form.Item>
      ) : null}
      {keyed ? (
        <Form.Item label={t('formDesigner.panel.vModel')} validateStatus={keyProblems.length ? 'error' : undefined} help={keyProblems.map((problem) => problem.message).join('；') || undefined}>
          <Input value={String(field.__vModel__ ?? '')} onChange={(event) => change((f) => ({ ...f, __vModel__: event.target.value.trim() }), 'vModel')} data-prop="__vModel__" />
        </Form.Item>
      ) : null}
      {storesValue ? (
        <Form.Item label={t('formDesigner.panel.required')}>
          <Switch checked={Boolean(config.required)} onChange={(checked) => change(withConfig('required', checked))} data-prop="required" />
        </Form.Item>
      ) : null}
      {role === 'field' || role === 'container' || role === 'subTable' || role === 'grid' ? (
        <Form.Item label={t('formDesigner.panel.span')}>
          <InputNumber min={1} max={24} value={typeof config.span === 'number' ? config.span : 24} onChange={(value) => change(withConfig('span', value ?? 24), 'span')} data-prop="span" />
        </Form.Item>
      ) : null}
      {role === 'field' ? (
        <Form.Item label={t('formDesigner.panel.showLabel')}>
          <Switch checked={config.showLabel !== false} onChange={(checked) => change(withConfig('showLabel', checked))} />
        </Form.Item>
      ) : null}
      {storesValue && widget && key !== 'calculate' ? <DefaultValue widget={widget} value={config.defaultValue} onChange={(value) => change(withConfig('defaultValue', value), 'defaultValue')} /> : null}
      {key === 'calculate' ? <FormulaEditor tree={tree} place={place} problems={formulaProblems} change={change} /> : null}
      {storesValue && role === 'field' ? (
        <Form.Item label={t('formDesigner.panel.regList')} validateStatus={regProblems.length ? 'error' : undefined} help={regProblems.map((problem) => problem.message).join('；') || undefined}>
          <div className="fd-reglist">
            {regList.map((rule, index) => (
              <div key={index} className="fd-reglist-row">
                <Input
                  placeholder={t('formDesigner.panel.pattern')}
                  value={rule.pattern}
                  status={rule.pattern && !compilePattern(rule.pattern) ? 'error' : undefined}
                  onChange={(event) => change(withConfig('regList', regList.map((r, i) => (i === index ? { ...r, pattern: event.target.value } : r))), `reg${index}p`)}
                  data-prop={`regList.${index}.pattern`}
                />
                <Input
                  placeholder={t('formDesigner.panel.patternMessage')}
                  value={rule.message ?? ''}
                  onChange={(event) => change(withConfig('regList', regList.map((r, i) => (i === index ? { ...r, message: event.target.value } : r))), `reg${index}m`)}
                  data-prop={`regList.${index}.message`}
                />
                <Button icon={<DeleteOutlined />} aria-label={t('formDesigner.action.delete')} onClick={() => change(withConfig('regList', regList.filter((_, i) => i !== index)))} />
              </div>
            ))}
            <Button size="small" icon={<PlusOutlined />} onClick={() => change(withConfig('regList', [...regList, { pattern: '', message: '' }]))}>
              {t('formDesigner.panel.addRule')}
            </Button>
          </div>
        </Form.Item>
      ) : null}
    </Form>
  );
}

function DefaultValue({ widget, value, onChange }: { widget: WidgetDefinition; value: unknown; onChange(value: unknown): void }) {
  const { t } = useTranslation();
  const label = t('formDesigner.panel.defaultValue');
  if (widget.value.shape === 'number') return <Form.Item label={label}><InputNumber value={typeof value === 'number' ? value : null} onChange={(next) => onChange(next ?? undefined)} data-prop="defaultValue" /></Form.Item>;
  if (widget.value.shape === 'boolean') return <Form.Item label={label}><Switch checked={Boolean(value)} onChange={onChange} /></Form.Item>;
  if (widget.value.shape === 'string') return <Form.Item label={label}><Input value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value || undefined)} data-prop="defaultValue" /></Form.Item>;
  return null;
}

/** A formula as text (field keys, + - * / and brackets; table.column for sub-table columns), checked by validateDesign with the shared evaluator. */
function FormulaEditor({ tree, place, problems, change }: { tree: DesignTree; place: NodePlace; problems: readonly DesignProblem[]; change: Props['change'] }) {
  const { t } = useTranslation();
  const text = formulaText(place.node.field.expression);
  const names: string[] = [];
  eachNode(tree.nodes, (node, parent) => {
    const key = node.field.__vModel__;
    if (!key || node.id === place.node.id || jnpfKeyOf(node) === 'table') return;
    names.push(parent && jnpfKeyOf(parent) === 'table' && parent.field.__vModel__ ? `${parent.field.__vModel__}.${key}` : key);
  });
  const set = (formula: string) => change((f) => ({ ...f, expression: formula }), 'formula');
  return (
    <Form.Item label={t('formDesigner.panel.formula')} validateStatus={problems.length ? 'error' : undefined} help={problems.map((problem) => problem.message).join('；') || t('formDesigner.panel.formulaHelp')}>
      <Input.TextArea rows={2} value={text} onChange={(event) => set(event.target.value)} data-prop="expression" />
      <div className="fd-formula-fields" aria-label={t('formDesigner.panel.formulaFields')}>
        {names.map((name) => (
          <Tag key={name} className="fd-formula-field" onClick={() => set(`${text}${text && !/[\s(]$/.test(text) ? ' ' : ''}${name}`)}>
            {name}
          </Tag>
        ))}
      </div>
    </Form.Item>
  );
}
