import type { ISchema } from '@formily/react';
import type { FieldDefinition, FormDefinition, RegRule } from '../../../shared/form/definition.js';
import { canonicalJnpfKey } from '../../../shared/form/jnpfKeys.js';
import { columnNodes, shownOn, walkFields, type FieldNode } from '../../../shared/form/walkFields.js';
import { calculationOf, isCalculateExpression, type Calculation } from '../../../shared/form/calculatedFields.js';
import { compilePattern } from '../../../shared/validation/fieldValidation.js';
import type { WidgetDefinition } from '../../../../registry/types.js';

/**
 * The form compiler: a JNPF definition in, a Formily schema out, plus what the runtime needs beside it (the
 * calculations to wire, the sub-table columns) and every problem found on the way. Pure: the same definition
 * and options give the same result, nothing is rendered or fetched, and no string of code is emitted
 * (Formily would compile `{{ }}` with new Function).
 */
export interface CompileOptions {
  /** Form permission: field enCodes to hide (sub-table fields as table-field). */
  hiddenFields?: readonly string[];
  /** The client the form renders on; fields whose visibility list leaves it out are dropped. */
  platform?: 'pc' | 'app';
  /** Everything read-only, as in the record viewer. */
  readOnly?: boolean;
  lookup: (jnpfKey: string | undefined) => WidgetDefinition | undefined;
}

export interface CompileProblem {
  path: string;
  field?: string;
  jnpfKey?: string;
  kind: 'unknownWidget' | 'missingModel' | 'duplicateModel' | 'badPattern' | 'badExpression';
  message: string;
}

export interface ColumnSpec {
  key: string;
  label: string;
  jnpfKey: string;
  required: boolean;
  regList: RegRule[];
  width?: number;
  props: Record<string, unknown>;
  readOnly: boolean;
  thousands: boolean;
}

export interface CompiledForm {
  schema: ISchema;
  calculations: Calculation[];
  problems: CompileProblem[];
  /** Keys of the fields that store values, in order. */
  valueKeys: string[];
  layout: { labelWidth: number; labelPosition: string; gutter: number; disabled: boolean };
}

export const UNKNOWN_WIDGET = '__unknownWidget';
const FORMILY_TYPES: Record<string, ISchema['type']> = { string: 'string', number: 'number', boolean: 'boolean', array: 'array', object: 'object', any: 'string', none: 'void' };

function validRegList(regList: unknown, path: string, field: string, problems: CompileProblem[]): RegRule[] {
  if (!Array.isArray(regList)) return [];
  const rules: RegRule[] = [];
  for (const rule of regList) {
    if (!rule || typeof rule.pattern !== 'string' || !rule.pattern) continue;
    if (!compilePattern(rule.pattern)) {
      problems.push({ path, field, kind: 'badPattern', message: `pattern ${rule.pattern} does not compile and is ignored` });
      continue;
    }
    rules.push({ pattern: rule.pattern, message: typeof rule.message === 'string' ? rule.message : undefined });
  }
  return rules;
}

function componentProps(widget: WidgetDefinition, field: FieldDefinition): Record<string, unknown> {
  return { ...widget.defaultProps, ...(widget.propsFromDefinition?.(field) ?? {}) };
}

export function compileForm(definition: FormDefinition, options: CompileOptions): CompiledForm {
  const problems: CompileProblem[] = [];
  const calculations: Calculation[] = [];
  const valueKeys: string[] = [];
  const seen = new Set<string>();
  const hidden = new Set(options.hiddenFields ?? []);
  const platform = options.platform ?? 'pc';
  const labelWidth = typeof definition.labelWidth === 'number' ? definition.labelWidth : 100;
  const gutter = typeof definition.gutter === 'number' ? definition.gutter : 15;
  let voidCounter = 0;
  // Registered layout widgets (an integrator's included) hold fields, as the built-in containers do.

  const fieldHidden = (key: string, field: FieldDefinition) => {
    if (field.__config__?.noShow) return true;
    if (hidden.has(key)) return true;
    // Attribute fields follow their source: hidden when the relation field they show is hidden.
    const source = typeof field.relationField === 'string' ? field.relationField : undefined;
    const key_ = canonicalJnpfKey(field.__config__?.jnpfKey);
    return Boolean(source && (key_ === 'relationFormAttr' || key_ === 'popupAttr') && hidden.has(source));
  };

  const decorator = (field: FieldDefinition, key: string, required: boolean) => {
    const config = field.__config__ ?? {};
    return {
      'x-decorator': 'FieldWrapper',
      'x-decorator-props': {
        fieldKey: key,
        span: typeof config.span === 'number' && config.span > 0 ? Math.min(24, config.span) : 24,
        labelWidth: typeof config.labelWidth === 'number' ? config.labelWidth : labelWidth,
        showLabel: config.showLabel !== false,
        asterisk: required,
        gutter,
      },
    };
  };

  const compileColumns = (table: FieldNode, tableKey: string): ColumnSpec[] => {
    const columns: ColumnSpec[] = [];
    for (const { field: child, config, jnpfKey, path: childPath } of columnNodes(table)) {
      const key = child.__vModel__;
      if (!shownOn(child, platform)) continue;
      if (!key) {
        problems.push({ path: childPath, jnpfKey, kind: 'missingModel', message: 'a sub-table column has no __vModel__ and is skipped' });
        continue;
      }
      if (config.noShow || hidden.has(`${tableKey}-${key}`)) continue;
      const widget = options.lookup(jnpfKey);
      if (!widget) problems.push({ path: childPath, field: `${tableKey}.${key}`, jnpfKey, kind: 'unknownWidget', message: `no widget is registered for jnpfKey "${jnpfKey ?? ''}"` });
      const props = widget ? componentProps(widget, child) : { jnpfKey };
      const required = Boolean(config.required);
      if (jnpfKey === 'calculate') calculations.push(calculationOf(child, key, tableKey));
      if (jnpfKey === 'calculate' && !isCalculateExpression(child.expression ?? [])) problems.push({ path: childPath, field: `${tableKey}.${key}`, jnpfKey, kind: 'badExpression', message: 'the formula is neither a token list nor a string and computes nothing' });
      columns.push({
        key,
        label: config.label ?? key,
        jnpfKey: widget ? jnpfKey! : UNKNOWN_WIDGET,
        required,
        regList: validRegList(config.regList, childPath, key, problems),
        width: typeof config.columnWidth === 'number' ? config.columnWidth : undefined,
        props: { ...props, emptyValue: widget?.value.empty ?? null },
        readOnly: Boolean(options.readOnly) || jnpfKey === 'calculate' || Boolean(child.readonly) || Boolean(child.disabled) || widget?.kind === 'display',
        thousands: Boolean(props.thousands),
      });
    }
    return columns;
  };

  const compileField = (node: FieldNode, walkChildren: () => [string, ISchema][]): [string, ISchema] | undefined => {
    const { field, config, jnpfKey, index, path: fieldPath } = node;
    if (!shownOn(field, platform)) return undefined;
    const widget = options.lookup(jnpfKey);
    const order = index;

    if (node.role === 'layout') {
      // Panes of tabs and collapses (which older definitions give no jnpfKey) have no widget of their own.
      const isPane = !widget;
      const name = `layout_${voidCounter++}`;
      // Tabs, collapses and table grids lay out their own panes; the other containers sit in a grid cell.
      const paneKeyed = jnpfKey === 'tab' || jnpfKey === 'collapse';
      return [name, {
        type: 'void',
        'x-index': order,
        'x-component': isPane ? 'LayoutPane' : jnpfKey!,
        'x-component-props': !isPane ? componentProps(widget!, field) : { title: field.title ?? config.label ?? '', name: field.name ?? String(index), colspan: config.colspan ?? field.colspan, rowspan: config.rowspan ?? field.rowspan },
        ...(paneKeyed || isPane ? {} : { 'x-decorator': 'LayoutCell', 'x-decorator-props': { span: typeof config.span === 'number' && config.span > 0 ? Math.min(24, config.span) : 24, gutter } }),
        properties: Object.fromEntries(walkChildren()),
      }];
    }

    if (!widget) {
      problems.push({ path: fieldPath, field: field.__vModel__, jnpfKey, kind: 'unknownWidget', message: `no widget is registered for jnpfKey "${jnpfKey ?? ''}"` });
      return [`unknown_${++voidCounter}`, {
        type: 'void',
        'x-index': order,
        'x-component': UNKNOWN_WIDGET,
        'x-component-props': { jnpfKey: jnpfKey ?? '', label: config.label ?? '', fieldKey: field.__vModel__ ?? '' },
        'x-decorator': 'LayoutCell',
        'x-decorator-props': { span: 24, gutter },
      }];
    }

    if (widget.kind === 'display' || !widget.flags.storesValue) {
      const key = field.__vModel__ && widget.flags.storesValue ? field.__vModel__ : `display_${++voidCounter}`;
      if (fieldHidden(field.__vModel__ ?? '', field)) return undefined;
      return [key, {
        type: 'void',
        'x-index': order,
        title: config.label,
        'x-component': jnpfKey!,
        'x-component-props': componentProps(widget, field),
        ...decorator(field, field.__vModel__ ?? key, false),
      }];
    }

    const key = field.__vModel__;
    if (!key) {
      problems.push({ path: fieldPath, jnpfKey, kind: 'missingModel', message: `a ${jnpfKey} field has no __vModel__ and is skipped` });
      return undefined;
    }
    if (seen.has(key)) {
      problems.push({ path: fieldPath, field: key, jnpfKey, kind: 'duplicateModel', message: `__vModel__ "${key}" is used twice; the fields share one value` });
    }
    seen.add(key);
    valueKeys.push(key);
    const required = Boolean(config.required);
    const props = componentProps(widget, field);
    const schema: ISchema = {
      type: FORMILY_TYPES[widget.value.shape] ?? 'string',
      title: config.label ?? key,
      'x-index': order,
      'x-component': jnpfKey!,
      'x-component-props': props,
      ...decorator(field, key, required && !options.readOnly),
    };
    const defaultValue = config.defaultValue;
    if (defaultValue !== undefined && defaultValue !== null && !(typeof defaultValue === 'string' && defaultValue === '' && widget.value.empty !== '')) schema.default = defaultValue;
    if (fieldHidden(key, field)) schema['x-display'] = 'hidden';
    if (options.readOnly || field.disabled || jnpfKey === 'calculate') schema['x-pattern'] = 'readOnly';
    else if (field.readonly) schema['x-pattern'] = 'readOnly';

    if (node.role === 'subTable') {
      const columns = compileColumns(node, key);
      schema['x-component-props'] = { ...props, columns };
      schema['x-validator'] = [{ jnpfTable: true, columns: columns.map((c) => ({ key: c.key, required: c.required, regList: c.regList })) }];
    } else if (!options.readOnly && (required || (config.regList?.length ?? 0) > 0)) {
      // `required` is a Formily rule name: ours travels as mustFill so only the shared rule (不能为空) applies.
      schema['x-validator'] = [{ jnpfField: true, mustFill: required, regList: validRegList(config.regList, fieldPath, key, problems), ...(typeof config.requiredMessage === 'string' ? { requiredMessage: config.requiredMessage } : {}) }];
    } else if (config.regList?.length) {
      validRegList(config.regList, fieldPath, key, problems);
    }
    if (jnpfKey === 'calculate') calculations.push(calculationOf(field, key));
    if (jnpfKey === 'calculate' && !isCalculateExpression(field.expression ?? [])) problems.push({ path: fieldPath, field: key, jnpfKey, kind: 'badExpression', message: 'the formula is neither a token list nor a string and computes nothing' });
    return [key, schema];
  };

  const fields = Array.isArray(definition?.fields) ? definition.fields : [];
  const schema: ISchema = { type: 'object', properties: Object.fromEntries(walkFields(fields, compileField)) };
  return {
    schema,
    calculations,
    problems,
    valueKeys,
    layout: { labelWidth, labelPosition: typeof definition.labelPosition === 'string' ? definition.labelPosition : 'right', gutter, disabled: Boolean(definition.disabled) },
  };
}
