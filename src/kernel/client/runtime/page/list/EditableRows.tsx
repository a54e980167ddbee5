import { useState, type ReactNode } from 'react';
import { Button, message, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { getWidget } from '../../../../../../registry/registerWidget.js';
import { NEW_ROW_KEY, rowProblem } from '../editableRows.js';
import { callScreenApi } from '../pageApi.js';
import type { ListSpec, ScreenColumn } from '../screen.js';
import { fillCall, type Context } from '../template.js';
import type { Row } from './rows.js';

/**
 * Editable lists (columnData type 4): add and edit change a row in place, with each cell in its column's widget;
 * save checks the row against the form's rules and saves that row alone, cancel drops the draft.
 */
export function useEditableRows({ list, rowKey, context, labels, changed }: { list: ListSpec; rowKey: string; context: Context; labels: Record<string, string>; changed: () => Promise<void> }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ key: unknown; draft: Row; isNew: boolean } | null>(null);
  const enabled = list.columnData.type === 4;
  const isEditing = (record: Row) => editing !== null && record[rowKey] === editing.key;

  /** Takes over add and edit on an editable list; answers whether it did. */
  const start = (value: string, record?: Row): boolean => {
    if (!enabled || (value !== 'add' && value !== 'edit')) return false;
    setEditing(value === 'add' ? { key: NEW_ROW_KEY, draft: { [rowKey]: NEW_ROW_KEY }, isNew: true } : { key: record?.[rowKey], draft: { ...(record ?? {}) }, isNew: false });
    return true;
  };

  const save = async () => {
    if (!editing) return;
    const problem = rowProblem(editing.draft, list.formData?.fields, labels);
    if (problem) {
      void message.error({ content: problem, duration: 3 });
      return;
    }
    const call = editing.isNew ? list.api.create : list.api.update;
    if (!call) return;
    const { [rowKey]: _key, children: _children, ...values } = editing.draft;
    const answer = await callScreenApi(fillCall(call, { ...context, id: editing.isNew ? undefined : editing.key }), values);
    void message.success({ content: answer.msg || t('page.ok'), duration: 1.5 });
    setEditing(null);
    await changed();
  };

  /** The cell's editor while its row is being edited; undefined otherwise. */
  const editCell = (column: ScreenColumn, record: Row): ReactNode | undefined => {
    if (!editing || !isEditing(record)) return undefined;
    const Cell = getWidget(column.jnpfKey ?? 'comInput')?.component ?? getWidget('comInput')!.component;
    return (
      <div data-edit-cell={column.prop}>
        <Cell value={editing.draft[column.prop]} onChange={(next: unknown) => setEditing({ ...editing, draft: { ...editing.draft, [column.prop]: next } })} />
      </div>
    );
  };

  /** Save and cancel in place of the row's actions while it is being edited. */
  const rowControls = (record: Row, vertical: boolean): ReactNode | undefined => {
    if (!isEditing(record)) return undefined;
    return (
      <Space direction={vertical ? 'vertical' : 'horizontal'} size={0}>
        <Button type="link" size="small" onClick={() => void save()} data-action="saveRow">{t('page.save')}</Button>
        <Button type="link" size="small" onClick={() => setEditing(null)} data-action="cancelRow">{t('page.cancel')}</Button>
      </Space>
    );
  };

  /** A row being added shows on top. */
  const withDraft = (rows: Row[]): Row[] => (editing?.isNew ? [editing.draft, ...rows] : rows);

  return { start, editCell, rowControls, withDraft };
}
