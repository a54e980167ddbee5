import type { ReactNode, UIEvent } from 'react';
import { Checkbox, Empty, Input, InputNumber, Select, Table, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderCell } from '../../cells.js';
import { textOf } from '../../screen.js';
import { columnValue, valueAt, type Row, type RowInput, type TableColumn } from './columns.js';
import { PickInput } from './PickInput.js';

/**
 * Rows under columns, shared by the table node and a form's row tables: cells, inputs that edit a row in place
 * (number, select, pick), an optional check box per row, and buttons per row. On a phone each row is a small block
 * (its first column as the title, the others as label and value) so nothing scrolls sideways. What the rows are,
 * which are chosen and what an edit does belong to the holder.
 */
export interface RowsTableProps {
  rows: Row[];
  rowKey: string;
  columns: TableColumn[];
  mobile: boolean;
  testId?: string;
  loading?: boolean;
  /** Check boxes when given: the chosen rows' keys, and what a change of one row, or of all, does. */
  chosen?: string[];
  onChoose?: (keys: string[], chosen: boolean) => void;
  onInput?: (row: Row, column: TableColumn, value: unknown) => void;
  /** The buttons of a row, in their own last column. */
  rowActions?: (row: Row) => ReactNode;
  actionsTitle?: string;
  /** A box that scrolls (infinite paging) and what scrolling it does. */
  maxHeight?: number;
  onScroll?: (box: HTMLElement) => void;
  footer?: ReactNode;
  emptyText?: ReactNode;
}

const BLOCK = { border: '1px solid var(--ant-color-border-secondary, #f0f0f0)', borderRadius: 8, padding: '8px 12px', marginBottom: 8 };
const BLOCK_TITLE = { fontWeight: 600, marginBottom: 4, display: 'flex', gap: 8, alignItems: 'flex-start' };
const LABEL = { color: 'var(--ant-color-text-secondary, rgba(0,0,0,.45))' };

export const keyOf = (row: Row, rowKey: string) => String(row[rowKey] ?? '');

export function RowInputField({ input, value, onChange, row }: { input: RowInput; value: unknown; onChange: (value: unknown) => void; row?: Row }) {
  const { i18n } = useTranslation();
  if (input.type === 'pick') return <PickInput input={input} value={value} onChange={onChange} />;
  if (input.type === 'text') {
    return (
      <span data-testid={input.testId} className="lc-node-text-input">
        <Input
          size="small"
          value={typeof value === 'string' ? value : ''}
          maxLength={input.maxLength ?? 200}
          placeholder={input.placeholder ? textOf(input.placeholder, i18n.language) : undefined}
          onChange={(event) => onChange(event.target.value)}
          allowClear
        />
      </span>
    );
  }
  if (input.type === 'select') {
    return (
      <span data-testid={input.testId}>
        <Select size="small" style={{ minWidth: 80 }} value={value as string | number | undefined} onChange={onChange} options={(input.options ?? []).map((option) => ({ value: option.value, label: textOf(option.label, i18n.language) }))} />
      </span>
    );
  }
  const min = input.min ?? 0;
  // A cap of the row's own (the stock of a cart line) holds the value back too, and says so, rather than letting
  // the server refuse the order later.
  // The box itself keeps the fixed limit: the stepper would swallow a typed value past the row's cap unseen.
  const rowCap = input.maxProp && row ? Number(valueAt(row, input.maxProp)) : NaN;
  const boxMax = input.max ?? Number.MAX_SAFE_INTEGER;
  const capped = Number.isFinite(rowCap) && rowCap >= min && rowCap < boxMax;
  // Less than the least one may ask for (no stock at all): no quantity is right, so none is taken, and it says so.
  const exhausted = Number.isFinite(rowCap) && rowCap < min;
  const max = capped ? rowCap : boxMax;
  return (
    <span data-testid={input.testId}>
      <InputNumber
        size="small"
        min={min}
        max={boxMax}
        precision={0}
        step={1}
        style={{ width: 110 }}
        value={value === null || value === undefined || value === '' ? null : Number(value)}
        onChange={(next) => {
          // An emptied box: null where the row may stay empty (min 0), else the last good value stays.
          if (typeof next === 'number' && Number.isFinite(next) && exhausted) {
            if (input.maxText) void message.warning(textOf(input.maxText, i18n.language).replace('{max}', String(Math.max(0, rowCap))));
            return;
          }
          if (typeof next === 'number' && Number.isFinite(next)) {
            if (capped && next > max && input.maxText) void message.warning(textOf(input.maxText, i18n.language).replace('{max}', String(max)));
            onChange(Math.min(max, Math.max(min, Math.round(next))));
          }
          else if (min < 1) onChange(null);
        }}
      />
    </span>
  );
}

export function RowsTable(props: RowsTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { rows, rowKey, columns, chosen, onChoose, rowActions } = props;
  const chosenSet = new Set(chosen ?? []);

  const content = (column: TableColumn, row: Row, index: number): ReactNode => {
    if (column.index) return index + 1;
    const value = columnValue(column, row);
    if (column.input) return <RowInputField input={column.input} value={value} row={row} onChange={(next) => props.onInput?.(row, column, next)} />;
    return renderCell(column.cell, value, { row, t, language });
  };

  const scrollProps = props.maxHeight ? { style: { maxHeight: props.maxHeight, overflowY: 'auto' as const }, onScroll: (event: UIEvent<HTMLElement>) => props.onScroll?.(event.currentTarget) } : {};

  if (props.mobile) {
    return (
      <div className="lc-rows-blocks" data-testid={props.testId} {...scrollProps}>
        {rows.length === 0 && (props.emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)}
        {rows.map((row, index) => {
          const key = keyOf(row, rowKey);
          return (
            <div key={key || index} style={BLOCK} data-row={key}>
              <div style={BLOCK_TITLE}>
                {chosen && <Checkbox checked={chosenSet.has(key)} onChange={(event) => onChoose?.([key], event.target.checked)} />}
                <div style={{ flex: 1, minWidth: 0 }}>{content(columns[0], row, index)}</div>
              </div>
              {columns.slice(1).map((column) => (
                <div key={column.prop} style={{ marginBottom: 2 }}>
                  <span style={LABEL}>{textOf(column.label, language)}：</span>
                  {content(column, row, index)}
                </div>
              ))}
              {rowActions && <div style={{ marginTop: 4 }}>{rowActions(row)}</div>}
            </div>
          );
        })}
        {props.footer}
      </div>
    );
  }

  const shown = [
    ...columns.map((column) => ({ key: column.prop, title: textOf(column.label, language), width: column.width, align: column.align, render: (_: unknown, row: Row, index: number) => content(column, row, index) })),
    ...(rowActions ? [{ key: '__actions', title: props.actionsTitle ?? '', width: undefined, align: undefined, render: (_: unknown, row: Row) => rowActions(row) }] : []),
  ];
  return (
    <div {...scrollProps} data-testid={props.maxHeight ? `${props.testId}-scroll` : undefined}>
      <Table<Row>
        size="small"
        rowKey={(row) => keyOf(row, rowKey)}
        pagination={false}
        loading={props.loading}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        data-testid={props.testId}
        locale={props.emptyText ? { emptyText: props.emptyText } : undefined}
        rowSelection={
          chosen
            ? {
                selectedRowKeys: chosen,
                onSelect: (row, selected) => onChoose?.([keyOf(row, rowKey)], selected),
                onSelectAll: (selected) => onChoose?.(rows.map((row) => keyOf(row, rowKey)), selected),
              }
            : undefined
        }
        columns={shown}
        footer={props.footer ? () => props.footer : undefined}
      />
    </div>
  );
}
