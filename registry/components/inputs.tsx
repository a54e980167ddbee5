import { memo, useMemo } from 'react';
import { Checkbox, ColorPicker, Input, InputNumber, Radio, Rate, Select, Slider, Space, Switch, Cascader, TreeSelect } from 'antd';
import type { OptionItem } from '../../src/shared/form/definition.js';
import { amountInWords } from '../../src/shared/format/amountInWords.js';
import { withThousands } from '../../src/shared/format/thousands.js';
import type { WidgetProps } from '../types.js';
import { numberValue } from './numberValue.js';
import { useOptions } from './services.js';
import { widgetText } from '../widgetText.js';

/** Plain inputs of generated forms. Each is a controlled component: value in, onChange out. */

export const TextInput = memo(function TextInput({ value, onChange, disabled, readOnly, placeholder, maxLength, showCount, clearable, prepend, append, prefixIcon, suffixIcon }: WidgetProps<string>) {
  const input = (
    <Input
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled}
      readOnly={readOnly}
      placeholder={placeholder as string}
      maxLength={(maxLength as number) || undefined}
      showCount={Boolean(showCount) && Boolean(maxLength)}
      allowClear={Boolean(clearable) && !readOnly}
      prefix={prefixIcon ? <i className={prefixIcon as string} /> : undefined}
      suffix={suffixIcon ? <i className={suffixIcon as string} /> : undefined}
    />
  );
  if (!prepend && !append) return input;
  // Text before and after the input (JNPF's prepend/append slots), joined to it.
  return (
    <Space.Compact style={{ width: '100%' }}>
      {prepend ? <span className="jnpf-addon">{prepend as string}</span> : null}
      {input}
      {append ? <span className="jnpf-addon">{append as string}</span> : null}
    </Space.Compact>
  );
});

export const TextArea = memo(function TextArea({ value, onChange, disabled, readOnly, placeholder, maxLength, showCount, minRows, maxRows }: WidgetProps<string>) {
  return (
    <Input.TextArea
      value={(value as string) ?? ''}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled}
      readOnly={readOnly}
      placeholder={placeholder as string}
      maxLength={(maxLength as number) || undefined}
      showCount={Boolean(showCount) && Boolean(maxLength)}
      autoSize={{ minRows: (minRows as number) ?? 4, maxRows: (maxRows as number) ?? 4 }}
    />
  );
});

/** Numbers with precision, thousands separators and, for amounts, the Chinese capital numerals below. */
export const NumberInput = memo(function NumberInput({ value, onChange, disabled, readOnly, placeholder, min, max, step, precision, thousands, amountChinese, controls, inTable }: WidgetProps<number | null>) {
  const numeric = numberValue(value);
  return (
    <div className="jnpf-number">
      <InputNumber<number>
        style={{ width: '100%' }}
        value={numeric}
        onChange={(next) => onChange?.(next === undefined ? null : next)}
        disabled={disabled}
        readOnly={readOnly}
        placeholder={placeholder as string}
        min={min as number | undefined}
        max={max as number | undefined}
        step={(step as number) ?? 1}
        precision={precision as number | undefined}
        // Steppers show only on hover; in a sub-table's dense grid they are left out (typing is how cells are filled).
        controls={controls !== false && !inTable}
        formatter={thousands ? (text) => withThousands(text ?? '') : undefined}
        parser={thousands ? (text) => Number((text ?? '').replace(/,/g, '')) : undefined}
      />
      {Boolean(amountChinese) && numeric !== null && <div className="jnpf-amount-words">{amountInWords(numeric)}</div>}
    </div>
  );
});

export const SwitchField = memo(function SwitchField({ value, onChange, disabled, readOnly, activeValue = 1, inactiveValue = 0, activeText, inactiveText }: WidgetProps) {
  return (
    <Switch
      checked={value === activeValue}
      onChange={(checked) => onChange?.(checked ? activeValue : inactiveValue)}
      disabled={disabled || readOnly}
      checkedChildren={(activeText as string) || undefined}
      unCheckedChildren={(inactiveText as string) || undefined}
    />
  );
});

interface OptionProps extends WidgetProps {
  options?: OptionItem[];
  dataType?: string;
  dictionaryType?: string;
  propsUrl?: string;
  labelKey?: string;
  valueKey?: string;
  childrenKey?: string;
}

function useLabelledOptions(props: OptionProps) {
  const { options, error, loading } = useOptions(props);
  const labelKey = props.labelKey ?? 'fullName';
  const valueKey = props.valueKey ?? 'id';
  const mapped = useMemo(
    () => options.map((option) => ({ label: String(option[labelKey] ?? option.label ?? ''), value: (option[valueKey] ?? option.value) as string | number })),
    [options, labelKey, valueKey],
  );
  return { options: mapped, error, loading };
}

export const RadioField = memo(function RadioField(props: OptionProps) {
  const { options, error } = useLabelledOptions(props);
  return (
    <>
      <Radio.Group value={props.value} onChange={(e) => props.onChange?.(e.target.value)} disabled={props.disabled || props.readOnly} optionType={props.optionType === 'button' ? 'button' : 'default'} options={options} />
      {error && <div className="jnpf-options-error">{error}</div>}
    </>
  );
});

export const CheckboxField = memo(function CheckboxField(props: OptionProps) {
  const { options, error } = useLabelledOptions(props);
  return (
    <>
      <Checkbox.Group value={Array.isArray(props.value) ? (props.value as (string | number)[]) : []} onChange={(next) => props.onChange?.(next)} disabled={props.disabled || props.readOnly} options={options} />
      {error && <div className="jnpf-options-error">{error}</div>}
    </>
  );
});

export const SelectField = memo(function SelectField(props: OptionProps) {
  const { options, error, loading } = useLabelledOptions(props);
  const multiple = Boolean(props.multiple);
  return (
    <Select
      style={{ width: '100%' }}
      value={multiple ? (Array.isArray(props.value) ? props.value : []) : (props.value ?? undefined)}
      onChange={(next) => props.onChange?.(next ?? (multiple ? [] : null))}
      mode={multiple ? 'multiple' : undefined}
      disabled={props.disabled || props.readOnly}
      placeholder={props.placeholder as string}
      allowClear={Boolean(props.clearable)}
      showSearch={Boolean(props.filterable)}
      optionFilterProp="label"
      options={options}
      loading={loading}
      status={error ? 'warning' : undefined}
      notFoundContent={error}
    />
  );
});

interface TreeOption {
  label: string;
  value: string;
  title: string;
  children?: TreeOption[];
}

function treeOptions(options: OptionItem[], labelKey: string, valueKey: string, childrenKey: string): TreeOption[] {
  return options.map((option) => {
    const children = option[childrenKey] as OptionItem[] | undefined;
    return {
      label: String(option[labelKey] ?? ''),
      value: String(option[valueKey] ?? ''),
      title: String(option[labelKey] ?? ''),
      children: Array.isArray(children) && children.length ? treeOptions(children, labelKey, valueKey, childrenKey) : undefined,
    };
  });
}

export const CascaderField = memo(function CascaderField(props: OptionProps) {
  const { options } = useOptions(props);
  const tree = useMemo(() => treeOptions(options, props.labelKey ?? 'fullName', props.valueKey ?? 'id', props.childrenKey ?? 'children'), [options, props.labelKey, props.valueKey, props.childrenKey]);
  return (
    <Cascader
      style={{ width: '100%' }}
      value={Array.isArray(props.value) ? (props.value as string[]) : []}
      onChange={(next: unknown) => props.onChange?.(next ?? [])}
      options={tree}
      multiple={Boolean(props.multiple) as false}
      disabled={props.disabled || props.readOnly}
      placeholder={props.placeholder as string}
      allowClear={Boolean(props.clearable)}
      showSearch={Boolean(props.filterable)}
      displayRender={props.showAllLevels === false ? (labels) => labels[labels.length - 1] : undefined}
    />
  );
});

export const TreeSelectField = memo(function TreeSelectField(props: OptionProps) {
  const { options } = useOptions(props);
  const tree = useMemo(() => treeOptions(options, props.labelKey ?? 'fullName', props.valueKey ?? 'id', props.childrenKey ?? 'children'), [options, props.labelKey, props.valueKey, props.childrenKey]);
  const multiple = Boolean(props.multiple);
  return (
    <TreeSelect
      style={{ width: '100%' }}
      value={multiple ? (Array.isArray(props.value) ? props.value : []) : (props.value ?? undefined)}
      onChange={(next) => props.onChange?.(next ?? (multiple ? [] : null))}
      treeData={tree}
      multiple={multiple}
      disabled={props.disabled || props.readOnly}
      placeholder={props.placeholder as string}
      allowClear={Boolean(props.clearable)}
      treeDefaultExpandAll
    />
  );
});

export const ColorField = memo(function ColorField({ value, onChange, disabled, readOnly, showAlpha }: WidgetProps<string | null>) {
  return (
    <ColorPicker
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(color) => onChange?.(showAlpha ? color.toRgbString() : color.toHexString())}
      disabled={disabled || readOnly}
      allowClear
      onClear={() => onChange?.(null)}
      showText
    />
  );
});

export const RateField = memo(function RateField({ value, onChange, disabled, readOnly, max, allowHalf }: WidgetProps<number>) {
  return <Rate value={Number(value) || 0} onChange={(next) => onChange?.(next)} disabled={disabled || readOnly} count={(max as number) ?? 5} allowHalf={Boolean(allowHalf)} />;
});

export const SliderField = memo(function SliderField({ value, onChange, disabled, readOnly, min, max, step, range }: WidgetProps) {
  return range ? (
    <Slider range value={Array.isArray(value) ? (value as [number, number]) : [Number(min) || 0, Number(min) || 0]} onChange={(next) => onChange?.(next)} disabled={disabled || readOnly} min={(min as number) ?? 0} max={(max as number) ?? 100} step={(step as number) ?? 1} />
  ) : (
    <Slider value={Number(value) || 0} onChange={(next) => onChange?.(next)} disabled={disabled || readOnly} min={(min as number) ?? 0} max={(max as number) ?? 100} step={(step as number) ?? 1} />
  );
});

/** Two number inputs without steppers; [] when both are empty (spec 001 §3). */
export const NumRangeField = memo(function NumRangeField({ value, onChange, disabled, readOnly, precision }: WidgetProps<(number | null)[]>) {
  const [min, max] = Array.isArray(value) ? value : [];
  const emit = (nextMin: number | null | undefined, nextMax: number | null | undefined) => {
    const a = nextMin ?? null;
    const b = nextMax ?? null;
    onChange?.(a === null && b === null ? [] : [a, b]);
  };
  return (
    <div className="jnpf-num-range">
      <InputNumber<number> controls={false} placeholder={widgetText('min')} value={min ?? null} onChange={(next) => emit(next, max)} disabled={disabled} readOnly={readOnly} precision={precision as number | undefined} />
      <span className="jnpf-num-range-sep">-</span>
      <InputNumber<number> controls={false} placeholder={widgetText('max')} value={max ?? null} onChange={(next) => emit(min, next)} disabled={disabled} readOnly={readOnly} precision={precision as number | undefined} />
    </div>
  );
});
