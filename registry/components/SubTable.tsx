import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Button, Modal, Table, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { RegRule } from '../../src/shared/form/definition.js';
import { DELETE_ROW_CONFIRMATION, SUMMARY_LABEL, summarize, type SubTableRow } from '../../src/shared/form/subTable.js';
import { validateFieldValue, validityMessage } from '../../src/shared/validation/fieldValidation.js';
import type { CellText, WidgetProps } from '../types.js';
import { useWidgetServices } from './services.js';
import { useWidgetText, widgetText } from '../widgetText.js';

/**
 * The sub-table (JNPF-InputTable). Rows are virtualized, so a thousand rows cost what the visible ones cost, and
 * a row re-renders only when its own values or flags change. Cells show their valid/regValid flags after a
 * submit attempt; a changed cell's flags reset until the next one (spec 001 §4).
 */
export interface SubTableColumn {
  key: string;
  label: string;
  required?: boolean;
  regList?: RegRule[];
  width?: number;
  component: ComponentType<WidgetProps>;
  props: Record<string, unknown>;
  /** The cell is computed (calculate): shown, not edited. */
  readOnly?: boolean;
  thousands?: boolean;
  /** The widget's cellText: idle cells of this column show it, and the widget mounts in the cell being edited. */
  cellText?: CellText;
  /** The key of a column of the same row whose value the cell is given as `sourceValue` (an attribute's pick). */
  rowSource?: string;
}

export interface SelectionDialogConfig {
  popupTitle?: string;
  popupWidth?: string | number;
  interfaceId?: string;
  columnOptions?: { value: string; label: string }[];
  relationOptions?: { field: string; value: string }[];
}

interface SubTableProps extends WidgetProps<SubTableRow[]> {
  columns?: SubTableColumn[];
  summaryFields?: string[];
  showSummary?: boolean;
  addType?: number;
  selectionDialog?: SelectionDialogConfig;
  /** Bumped by the runtime on each submit attempt: show every cell's flags again. */
  submitCount?: number;
  /** Bumped when rows were changed in place rather than replaced: every visible row repaints. */
  mutationVersion?: number;
  title?: string;
  showTitle?: boolean;
  height?: number;
}

const ROW_HEIGHT = 44;
const INDEX_WIDTH = 56;
// Wide enough for its header in every language ("Actions" wrapped at 56 px) as well as the delete button.
const ACTION_WIDTH = 72;

interface RowProps {
  index: number;
  row: SubTableRow;
  columns: SubTableColumn[];
  template: string;
  editable: boolean;
  showFlags: boolean;
  resetKeys: ReadonlySet<string> | undefined;
  onCell: (index: number, key: string, value: unknown) => void;
  onDelete: (index: number) => void;
  /** The column whose cell in this row is being edited, if any. */
  editing: string | undefined;
  onEdit: (index: number, key: string, editing: boolean) => void;
  top: number;
  version: number;
}

/**
 * An idle cell: the widget's text, styled as its control at rest. Focus (a click, Tab) puts the widget in its place,
 * so what users click and type into is the real widget; the row then focuses it (EditedCell).
 */
function CellText({ text, placeholder, disabled, label, onActivate }: { text: string; placeholder: unknown; disabled: boolean; label: string; onActivate: () => void }) {
  return (
    <div
      className={`jnpf-cell-text${disabled ? ' disabled' : ''}${text ? '' : ' empty'}`}
      role="textbox"
      aria-label={label}
      aria-disabled={disabled || undefined}
      tabIndex={disabled ? undefined : 0}
      onFocus={disabled ? undefined : onActivate}
    >
      {text || (typeof placeholder === 'string' ? placeholder : '')}
    </div>
  );
}

/** The cell being edited: its widget takes the focus when it mounts, and the cell goes back to text when focus leaves it. */
function EditedCell({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const input = box.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea');
    if (!input) return;
    input.focus();
    // The caret after the text, where a click on the text's cell most often aims (and Tab into a cell lands).
    try {
      input.setSelectionRange(input.value.length, input.value.length);
    } catch {
      // Inputs without a text selection (number, date…) keep the browser's caret.
    }
  }, []);
  // A row scrolled out of the rendered range (or deleted) takes its focused input away without a blur: the edit
  // ends there, or the cell would take the focus back from wherever it is when its row is rendered again. A cell
  // still in the page (React's strict mode re-running effects) is not ended.
  useLayoutEffect(() => {
    const cell = box.current;
    return () => {
      setTimeout(() => {
        if (!cell?.isConnected) onDone();
      }, 0);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div
      ref={box}
      className="jnpf-cell-edited"
      onBlur={() => {
        // After the focus has landed: a click inside the widget (its clear button) keeps the cell in edit.
        const cell = box.current;
        setTimeout(() => {
          if (!cell?.contains(document.activeElement)) onDone();
        }, 0);
      }}
    >
      {children}
    </div>
  );
}

const warnedCellTexts = new WeakSet<CellText>();

/**
 * An idle cell's text, or undefined when the cell holds its live widget: as the widget's cellText says, and also
 * when an integrator's cellText throws or answers something other than a string for this value, so one odd value
 * costs its cell the text, not the table its rendering. Said once a function on the console.
 */
function idleCellText(cellText: CellText, value: unknown, props: Record<string, unknown>): string | undefined {
  let problem: unknown;
  try {
    const text = cellText(value, props);
    if (text === undefined || typeof text === 'string') return text;
    problem = `it answered ${typeof text}, not a string`;
  } catch (error) {
    problem = error;
  }
  if (!warnedCellTexts.has(cellText)) console.warn('A cellText failed; its cells show the widget instead:', problem);
  warnedCellTexts.add(cellText);
  return undefined;
}

const SubTableRowView = memo(function SubTableRowView({ index, row, columns, template, editable, showFlags, resetKeys, onCell, onDelete, editing, onEdit, top }: RowProps) {
  return (
    <div className="jnpf-subtable-row" role="row" data-row={index} style={{ gridTemplateColumns: template, transform: `translateY(${top}px)` }}>
      <div className="jnpf-subtable-index" role="cell">{index + 1}</div>
      {columns.map((column) => {
        const Cell = column.component;
        const value = row?.[column.key];
        const message = showFlags && !resetKeys?.has(column.key) ? validityMessage(validateFieldValue(value, column)) : undefined;
        const disabled = !editable || Boolean(column.readOnly);
        const text = column.cellText && editing !== column.key ? idleCellText(column.cellText, value, column.props) : undefined;
        const source = column.rowSource ? { sourceValue: row?.[column.rowSource] } : undefined;
        const widget = <Cell {...column.props} {...source} value={value} onChange={(next: unknown) => onCell(index, column.key, next)} disabled={disabled} readOnly={column.readOnly} fieldKey={column.key} inTable />;
        return (
          <div key={column.key} role="cell" className={message ? 'jnpf-subtable-cell invalid' : 'jnpf-subtable-cell'} data-field={column.key} data-cell={`${index}.${column.key}`}>
            {text !== undefined ? (
              <CellText text={text} placeholder={column.props.placeholder} disabled={disabled} label={column.label} onActivate={() => onEdit(index, column.key, true)} />
            ) : editing === column.key ? (
              <EditedCell onDone={() => onEdit(index, column.key, false)}>{widget}</EditedCell>
            ) : (
              widget
            )}
            {message && <div className="jnpf-subtable-error">{message}</div>}
          </div>
        );
      })}
      <div className="jnpf-subtable-action" role="cell">
        {editable && (
          <Tooltip title={widgetText('delete')}>
            <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={widgetText('delete')} onClick={() => onDelete(index)} />
          </Tooltip>
        )}
      </div>
    </div>
  );
});

function SelectionDialog({ config, open, onClose, onPick }: { config: SelectionDialogConfig; open: boolean; onClose: () => void; onPick: (rows: SubTableRow[]) => void }) {
  const services = useWidgetServices();
  const [state, setState] = useState<{ rows: SubTableRow[]; error?: string; loading: boolean }>({ rows: [], loading: false });
  const [selected, setSelected] = useState<React.Key[]>([]);
  useEffect(() => {
    if (!open) return;
    setSelected([]);
    if (!config.interfaceId) {
      setState({ rows: [], loading: false, error: widgetText('noInterface') });
      return;
    }
    setState({ rows: [], loading: true });
    services.loadInterfaceOptions(config.interfaceId).then(
      (rows) => setState({ rows: rows as SubTableRow[], loading: false }),
      (error: unknown) => setState({ rows: [], loading: false, error: error instanceof Error ? error.message : String(error) }),
    );
  }, [open, config.interfaceId, services]);
  const columns = (config.columnOptions ?? []).map((option) => ({ title: option.label, dataIndex: option.value, key: option.value }));
  return (
    <Modal
      title={config.popupTitle || widgetText('chooseData')}
      open={open}
      width={config.popupWidth ?? 800}
      onCancel={onClose}
      onOk={() => {
        onPick(state.rows.filter((_, index) => selected.includes(index)));
        onClose();
      }}
      okButtonProps={{ disabled: selected.length === 0 }}
    >
      {state.error && <div className="jnpf-options-error">{state.error}</div>}
      <Table
        size="small"
        rowKey={(_, index) => index as number}
        loading={state.loading}
        dataSource={state.rows}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        pagination={{ pageSize: 20 }}
      />
    </Modal>
  );
}

export const SubTable = memo(function SubTable(props: SubTableProps) {
  // Its header, empty state and buttons follow the language when it changes.
  useWidgetText();
  const { value, onChange, disabled, readOnly, columns = [], summaryFields = [], showSummary, addType, selectionDialog, submitCount = 0, mutationVersion = 0, title, showTitle, height = 440 } = props;
  const rows = useMemo(() => (Array.isArray(value) ? value : []), [value]);
  const editable = !disabled && !readOnly;
  const scroller = useRef<HTMLDivElement>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  /** Cells changed since the last submit attempt, by row: their flags are hidden until the next attempt. */
  const [reset, setReset] = useState<{ submitCount: number; cells: Map<number, Set<string>> }>({ submitCount, cells: new Map() });
  const resetCells = reset.submitCount === submitCount ? reset.cells : new Map<number, Set<string>>();

  const latest = useRef({ rows, onChange });
  latest.current = { rows, onChange };

  const onCell = useCallback((index: number, key: string, next: unknown) => {
    const current = latest.current.rows;
    const updated = current.slice();
    updated[index] = { ...current[index], [key]: next };
    latest.current.onChange?.(updated);
    setReset((previous) => {
      const cells = new Map(previous.submitCount === submitCount ? previous.cells : []);
      cells.set(index, new Set([...(cells.get(index) ?? []), key]));
      return { submitCount, cells };
    });
  }, [submitCount]);

  /** The one cell whose widget is mounted (idle cells of text-like columns show text): by row and column. */
  const [editing, setEditing] = useState<{ index: number; key: string }>();
  const onEdit = useCallback((index: number, key: string, start: boolean) => {
    setEditing((current) => (start ? { index, key } : current?.index === index && current.key === key ? undefined : current));
  }, []);

  const onDelete = useCallback((index: number) => {
    Modal.confirm({
      title: widgetText('confirmTitle'),
      content: DELETE_ROW_CONFIRMATION,
      okText: widgetText('ok'),
      cancelText: widgetText('cancel'),
      onOk: () => {
        const current = latest.current.rows;
        latest.current.onChange?.(current.filter((_, i) => i !== index));
      },
    });
  }, []);

  const addRows = (added: SubTableRow[]) => onChange?.([...rows, ...added]);
  const emptyRow = (): SubTableRow => Object.fromEntries(columns.map((column) => [column.key, column.props.emptyValue ?? null]));

  const template = `${INDEX_WIDTH}px ${columns.map((column) => `minmax(${column.width ?? 160}px, 1fr)`).join(' ')} ${ACTION_WIDTH}px`;
  const minWidth = INDEX_WIDTH + ACTION_WIDTH + columns.reduce((total, column) => total + (column.width ?? 160), 0);
  const bodyHeight = Math.min(height, Math.max(rows.length, 1) * ROW_HEIGHT);
  // initialRect lets the first render show rows before the body is measured (and in tests, where nothing is).
  // Two rows beyond each edge: every rendered row is twenty-odd inputs that each frame lays out, paints and
  // layerizes, so six (240 more inputs) made every keystroke anywhere in the form slower (issue 15).
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 2, initialRect: { width: minWidth, height: bodyHeight } });
  const summary = useMemo(
    () => (showSummary && summaryFields.length ? summarize(rows, summaryFields, columns.filter((c) => c.thousands).map((c) => c.key)) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, showSummary, summaryFields, columns, mutationVersion],
  );
  return (
    <div className="jnpf-subtable" data-rows={rows.length}>
      {showTitle !== false && title && <div className="jnpf-subtable-title">{title}</div>}
      <div className="jnpf-subtable-scroll" style={{ overflowX: 'auto' }}>
        <div style={{ minWidth }} role="table">
          <div className="jnpf-subtable-head" role="row" style={{ gridTemplateColumns: template }}>
            <div role="columnheader">{widgetText('index')}</div>
            {columns.map((column) => (
              <div key={column.key} role="columnheader" className={column.required ? 'required' : undefined}>{column.label}</div>
            ))}
            <div role="columnheader">{widgetText('actions')}</div>
          </div>
          <div ref={scroller} className="jnpf-subtable-body" style={{ height: bodyHeight, overflowY: 'auto', position: 'relative' }}>
            {rows.length === 0 && <div className="jnpf-subtable-empty">{widgetText('empty')}</div>}
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => (
                <SubTableRowView
                  key={item.key}
                  index={item.index}
                  row={rows[item.index]}
                  columns={columns}
                  template={template}
                  editable={editable}
                  showFlags={submitCount > 0}
                  resetKeys={resetCells.get(item.index)}
                  onCell={onCell}
                  onDelete={onDelete}
                  editing={editing?.index === item.index ? editing.key : undefined}
                  onEdit={onEdit}
                  top={item.start}
                  version={mutationVersion}
                />
              ))}
            </div>
          </div>
          {summary && (
            <div className="jnpf-subtable-summary" role="row" style={{ gridTemplateColumns: template }}>
              <div role="cell">{SUMMARY_LABEL}</div>
              {columns.map((column) => (
                <div key={column.key} role="cell" data-summary={column.key}>{summary[column.key] ?? ''}</div>
              ))}
              <div role="cell" />
            </div>
          )}
        </div>
      </div>
      {editable && (
        <div className="jnpf-subtable-add">
          <Button type="link" icon={<PlusOutlined />} onClick={() => (addType === 1 ? setDialogOpen(true) : addRows([emptyRow()]))}>
            {widgetText('add')}
          </Button>
        </div>
      )}
      {addType === 1 && selectionDialog && (
        <SelectionDialog
          config={selectionDialog}
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          onPick={(picked) =>
            addRows(
              picked.map((source) => {
                const row = emptyRow();
                for (const relation of selectionDialog.relationOptions ?? []) row[relation.field] = source[relation.value];
                return row;
              }),
            )
          }
        />
      )}
    </div>
  );
});
