import { createContext, useContext, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { ArrayField, Field } from '@formily/core';
import { observer, RecursionField, useField, useFieldSchema, useForm } from '@formily/react';
import type { Schema } from '@formily/react';
import { observe, raw, toJS } from '@formily/reactive';
import { Alert } from 'antd';
import { getWidget } from '../../../../registry/registerWidget.js';
import type { LayoutItem, WidgetProps } from '../../../../registry/types.js';
import type { SubTableColumn } from '../../../../registry/components/SubTable.js';
import { SubTable } from '../../../../registry/components/SubTable.js';
import type { ColumnSpec } from './compileForm.js';
import { UNKNOWN_WIDGET } from './compileForm.js';
import { FieldErrorBoundary } from './FieldErrorBoundary.js';
import { ATTRIBUTE_WIDGETS } from '../../../shared/form/storedValues.js';
import { widgetText } from '../../../../registry/widgetText.js';

/**
 * The bridge between Formily and the plain widgets: the field wrapper (label, asterisk, message, data-field),
 * grid cells, layout containers that need their panes, the sub-table's columns, and fields that show another
 * field's value. Widgets themselves never import Formily.
 */
export interface RuntimeState {
  labelPosition: string;
  /** Bumped on each submit attempt, so sub-tables show their cells' flags again. */
  submitCount: number;
}

export const RuntimeContext = createContext<RuntimeState>({ labelPosition: 'right', submitCount: 0 });

interface FieldWrapperProps {
  children?: ReactNode;
  fieldKey: string;
  span?: number;
  labelWidth?: number;
  showLabel?: boolean;
  asterisk?: boolean;
  gutter?: number;
}

const cellStyle = (span = 24, gutter = 15) => ({ width: `${(span / 24) * 100}%`, paddingLeft: gutter / 2, paddingRight: gutter / 2 });

/** Label, control and message of one field. Re-renders with its own field only: a keystroke stays local. */
export const FieldWrapper = observer(function FieldWrapper({ children, fieldKey, span, labelWidth, showLabel = true, asterisk, gutter }: FieldWrapperProps) {
  const field = useField<Field>();
  const { labelPosition } = useContext(RuntimeContext);
  const error = (field as Field).selfErrors?.[0];
  const top = labelPosition === 'top';
  return (
    <div className={`jnpf-field${error ? ' has-error' : ''}${top ? ' label-top' : ''}`} style={cellStyle(span, gutter)} data-field={fieldKey}>
      {showLabel && field.title ? (
        <label className="jnpf-field-label" style={top ? undefined : { width: labelWidth, textAlign: labelPosition === 'left' ? 'left' : 'right' }}>
          {asterisk && <span className="jnpf-asterisk">*</span>}
          {field.title as ReactNode}
        </label>
      ) : null}
      <div className="jnpf-field-control">
        <FieldErrorBoundary fieldKey={fieldKey}>{children}</FieldErrorBoundary>
        {error && <div className="jnpf-field-error" role="alert">{error}</div>}
      </div>
    </div>
  );
});

export function LayoutCell({ children, span, gutter }: { children?: ReactNode; span?: number; gutter?: number }) {
  return (
    <div className="jnpf-cell" style={cellStyle(span, gutter)}>
      <FieldErrorBoundary fieldKey="layout">{children}</FieldErrorBoundary>
    </div>
  );
}

export function LayoutPane({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

export function UnknownWidget({ jnpfKey, label, fieldKey }: { jnpfKey: string; label: string; fieldKey: string }) {
  return (
    <div data-field={fieldKey || undefined} data-unknown-widget={jnpfKey}>
      <Alert type="error" showIcon message={widgetText('cannotRender', { label: label || fieldKey || widgetText('unnamedField'), jnpfKey: jnpfKey || widgetText('emptyKey') })} />
    </div>
  );
}

export function UnknownCell({ jnpfKey }: WidgetProps) {
  return <span className="jnpf-unknown-cell">{widgetText('unknownCell', { jnpfKey: String(jnpfKey ?? '') })}</span>;
}

/** Panes of a tab, collapse or table grid, rendered by Formily and handed to the widget as items. */
function paneItems(schema: Schema): LayoutItem[] {
  const items: LayoutItem[] = [];
  schema.mapProperties((child, name) => {
    const props = (child['x-component-props'] ?? {}) as Record<string, unknown>;
    items.push({ key: String(props.name ?? name), title: props.title as string, content: <RecursionField schema={child} name={name} /> });
  });
  return items;
}

export function withPanes(Layout: ComponentType<any>) {
  return function PaneLayout(props: Record<string, unknown>) {
    const schema = useFieldSchema();
    return <Layout {...props} items={paneItems(schema)} />;
  };
}

/** tableGrid: rows of cells (tableGridTr → tableGridTd); each cell keeps its colspan and rowspan. */
export function withGridCells(Grid: ComponentType<any>) {
  return function GridLayout(props: Record<string, unknown>) {
    const schema = useFieldSchema();
    const items: LayoutItem[] = [];
    let row = 0;
    schema.mapProperties((rowSchema, rowName) => {
      const cells = Object.keys(rowSchema.properties ?? {});
      if (cells.length === 0 || rowSchema['x-component'] !== 'LayoutPane') {
        items.push({ key: String(rowName), row, content: <RecursionField schema={rowSchema} name={rowName} /> });
      } else {
        rowSchema.mapProperties((cellSchema, cellName) => {
          const cellProps = (cellSchema['x-component-props'] ?? {}) as Record<string, unknown>;
          items.push({ key: `${rowName}.${cellName}`, row, colspan: Number(cellProps.colspan) || 1, rowspan: Number(cellProps.rowspan) || 1, content: <RecursionField schema={cellSchema} name={cellName} /> });
        });
      }
      row += 1;
    });
    return <Grid {...props} items={items} />;
  };
}

/** Barcode and QR code can show another field's value (dataType relation). */
export function withRelationContent(Display: ComponentType<any>) {
  return observer(function RelationContent(props: Record<string, unknown>) {
    const form = useForm();
    const content = props.dataType === 'relation' && typeof props.relationField === 'string' ? form.getValuesIn(props.relationField) : props.content;
    return <Display {...props} content={content === null || content === undefined ? '' : String(content)} />;
  });
}

/**
 * Attribute widgets (relationFormAttr, popupAttr) show a field of the record another field picked: they get that
 * field's value and its component props (modelId or interfaceId, propsValue, parameters) as `sourceValue` and
 * `source`, and re-render when the pick changes.
 */
export function withSourceRecord(Display: ComponentType<any>) {
  return observer(function SourceRecord(props: Record<string, unknown>) {
    const form = useForm();
    const key = typeof props.relationField === 'string' ? props.relationField : '';
    const sourceField = key ? (form.query(key).take() as Field | undefined) : undefined;
    const source = sourceField ? (toJS(sourceField.componentProps) as Record<string, unknown>) : undefined;
    return <Display {...props} sourceValue={sourceField ? toJS(sourceField.value) : undefined} source={source} />;
  });
}

/** Widgets computed from the whole form (the bill-rule example) get its values. */
export function withFormValues(Display: ComponentType<any>) {
  return observer(function FormValues(props: Record<string, unknown>) {
    const form = useForm();
    // toJS reads every value, so the observer re-renders when any of them changes (these forms are small).
    return <Display {...props} formValues={toJS(form.values)} />;
  });
}

/** The sub-table: resolves each column's widget from the registry and binds rows to the array field. */
export const TableAdapter = observer(function TableAdapter(props: Record<string, unknown> & { columns?: ColumnSpec[] }) {
  const field = useField<ArrayField>();
  const { submitCount } = useContext(RuntimeContext);
  // Formily passes a fresh copy of the component props on every render: key the columns on their content, or
  // every row would see new columns and re-render on every keystroke.
  const signature = JSON.stringify(props.columns ?? []);
  const specs = useMemo(() => props.columns, [signature]); // eslint-disable-line react-hooks/exhaustive-deps
  const summaryFields = useMemo(() => props.summaryFields, [JSON.stringify(props.summaryFields ?? [])]); // eslint-disable-line react-hooks/exhaustive-deps
  const columns = useMemo<SubTableColumn[]>(
    () =>
      (specs ?? []).map((spec) => ({
        key: spec.key,
        label: spec.label,
        required: spec.required,
        regList: spec.regList,
        width: spec.width,
        readOnly: spec.readOnly,
        thousands: spec.thousands,
        props: spec.jnpfKey === UNKNOWN_WIDGET ? { ...spec.props } : spec.props,
        component: (spec.jnpfKey === UNKNOWN_WIDGET ? UnknownCell : getWidget(spec.jnpfKey)?.component ?? UnknownCell) as ComponentType<WidgetProps>,
        cellText: spec.jnpfKey === UNKNOWN_WIDGET ? undefined : getWidget(spec.jnpfKey)?.cellText,
        // An attribute column shows a field of the record its row's picking column picked: it gets that column's
        // value per row (rowSource) and its props (source), as withSourceRecord gives a form's attribute.
        ...(ATTRIBUTE_WIDGETS.has(spec.jnpfKey) && typeof spec.props.relationField === 'string'
          ? { rowSource: spec.props.relationField, props: { ...spec.props, source: specs?.find((other) => other.key === spec.props.relationField)?.props } }
          : {}),
      })),
    [specs],
  );
  // The widget works on the raw rows: a row keeps its identity until it changes, so an edit re-renders one row.
  const current = field.value;
  const rows = useMemo(() => (Array.isArray(current) ? (raw(current) as Record<string, unknown>[]).map((row) => raw(row)) : []), [current]);
  // Changes made in place by others (effects, setValuesIn on a cell) do not replace rows: count them, so every
  // visible row repaints once when one happens.
  const [mutations, setMutations] = useState(0);
  useEffect(() => {
    if (!Array.isArray(current)) return undefined;
    // A replaced array (an edit here, a calculation pass) re-renders through row identity; only a change made
    // while the array is still this one is an in-place mutation.
    return observe(current, () => field.value === current && setMutations((count) => count + 1), true);
  }, [current, field]);
  return (
    <SubTable
      {...props}
      columns={columns}
      summaryFields={summaryFields as string[] | undefined}
      value={rows}
      mutationVersion={mutations}
      onChange={(next) => field.setValue(next as never)}
      disabled={field.pattern === 'disabled'}
      readOnly={field.pattern === 'readOnly' || field.pattern === 'readPretty'}
      submitCount={submitCount}
    />
  );
});
