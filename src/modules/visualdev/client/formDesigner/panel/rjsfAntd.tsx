import { Button, Input, InputNumber, Select, Switch } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { BaseInputTemplateProps, IconButtonProps, RegistryWidgetsType, TemplatesType, WidgetProps } from '@rjsf/utils';

/**
 * rjsf's own inputs and buttons are unstyled HTML with Bootstrap 3 glyph classes this app does not load; the panel
 * gives rjsf antd controls instead, only the few its props schemas need (text, number, switch, select, arrays).
 */
function BaseInput({ id, value, schema, disabled, readonly, onChange, onBlur, onFocus, placeholder }: BaseInputTemplateProps) {
  if (schema.type === 'number' || schema.type === 'integer') {
    return (
      <InputNumber
        id={id}
        size="small"
        value={typeof value === 'number' ? value : null}
        precision={schema.type === 'integer' ? 0 : undefined}
        min={typeof schema.minimum === 'number' ? schema.minimum : undefined}
        max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
        disabled={disabled || readonly}
        onChange={(next) => onChange(next ?? undefined)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        style={{ width: '100%' }}
      />
    );
  }
  return (
    <Input
      id={id}
      size="small"
      value={value ?? ''}
      placeholder={placeholder}
      disabled={disabled || readonly}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/** rjsf leaves a boolean's label to its widget: the switch carries it. */
function CheckboxWidget({ id, value, disabled, readonly, onChange, label, schema }: WidgetProps) {
  return (
    <label className="fd-rjsf-switch">
      <Switch id={id} size="small" checked={Boolean(value)} disabled={disabled || readonly} onChange={(checked) => onChange(checked)} />
      <span>{label || schema.title}</span>
    </label>
  );
}

function SelectWidget({ id, value, options, disabled, readonly, onChange, multiple }: WidgetProps) {
  const choices = (options.enumOptions ?? []) as { label: string; value: unknown }[];
  const index = choices.findIndex((choice) => choice.value === value);
  return (
    <Select
      id={id}
      size="small"
      allowClear
      mode={multiple ? 'multiple' : undefined}
      value={index >= 0 ? index : undefined}
      disabled={disabled || readonly}
      options={choices.map((choice, i) => ({ value: i, label: String(choice.label) }))}
      onChange={(picked: number | undefined) => onChange(picked === undefined ? undefined : choices[picked]?.value)}
      style={{ width: '100%' }}
    />
  );
}

const iconButton = (icon: React.ReactNode, danger = false) =>
  function PanelIconButton({ onClick, disabled, title }: IconButtonProps) {
    return <Button size="small" type="text" danger={danger} icon={icon} onClick={onClick} disabled={disabled} title={title} aria-label={title} />;
  };

export const antdWidgets: RegistryWidgetsType = { CheckboxWidget, SelectWidget };

export const antdTemplates: Partial<TemplatesType> = {
  BaseInputTemplate: BaseInput,
  ButtonTemplates: {
    AddButton: ({ onClick, disabled, registry }: IconButtonProps) => (
      <Button size="small" icon={<PlusOutlined />} onClick={onClick} disabled={disabled}>
        {registry.translateString('Add Item' as never)}
      </Button>
    ),
    CopyButton: iconButton(<CopyOutlined />),
    MoveDownButton: iconButton(<ArrowDownOutlined />),
    MoveUpButton: iconButton(<ArrowUpOutlined />),
    RemoveButton: iconButton(<DeleteOutlined />, true),
    SubmitButton: () => null,
  },
};
