import { useCallback, useEffect, useState } from 'react';
import { Button, Input, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderCell } from '../../cells.js';
import { callScreenApi } from '../../pageApi.js';
import { textOf } from '../../screen.js';
import { fillCall } from '../../template.js';
import { listOf } from '../useCallData.js';
import type { Row, RowInput } from './columns.js';

/**
 * A row chosen in a dialog (a form row's product): the button shows the chosen row's label, or `pickText`; the
 * dialog searches by keyword and pages through its call; a click on a row takes it.
 */
export function PickInput({ input, value, onChange }: { input: RowInput; value: unknown; onChange: (row: Row) => void }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const chosen = value && typeof value === 'object' ? (value as Row) : undefined;
  const label = chosen ? String(chosen[input.labelProp ?? 'name'] ?? '') : textOf(input.pickText, i18n.language) || t('page.choose');
  return (
    <>
      <Button size="small" type={chosen ? 'link' : 'default'} style={chosen ? { padding: 0 } : undefined} onClick={() => setOpen(true)} data-testid={input.testId}>
        {label}
      </Button>
      {open && input.dialog && (
        <PickDialog
          dialog={input.dialog}
          onClose={() => setOpen(false)}
          onPick={(row) => {
            onChange(row);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function PickDialog({ dialog, onPick, onClose }: { dialog: NonNullable<RowInput['dialog']>; onPick: (row: Row) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const pageSize = dialog.pageSize ?? 10;
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (word: string, currentPage: number) => {
      setLoading(true);
      try {
        const { data } = await callScreenApi(fillCall(dialog.api, { keyword: word, page: { currentPage, pageSize } }));
        const list = listOf<Row>(data);
        setRows(list);
        setTotal(Number((data as { pagination?: { total?: unknown } } | null)?.pagination?.total ?? list.length) || list.length);
        setPage(currentPage);
      } catch {
        setRows([]);
      } finally {
        setLoading(false);
      }
    },
    [dialog.api, pageSize],
  );
  useEffect(() => {
    void load('', 1);
  }, [load]);

  return (
    <Modal open title={textOf(dialog.title, language)} width={dialog.width ?? 800} footer={null} onCancel={onClose} destroyOnHidden>
      <Input.Search
        allowClear
        placeholder={textOf(dialog.placeholder, language) || t('page.keyword')}
        enterButton={t('page.query')}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        onSearch={(word) => void load(word.trim(), 1)}
        style={{ marginBottom: 12 }}
        data-testid="pick-keyword"
      />
      <Table<Row>
        size="small"
        rowKey={(row) => String(row.id)}
        loading={loading}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ onClick: () => onPick(row), style: { cursor: 'pointer' } })}
        pagination={{ current: page, pageSize, total, showSizeChanger: false, onChange: (current) => void load(keyword.trim(), current) }}
        columns={dialog.columns.map((column) => ({ key: column.prop, dataIndex: column.prop, title: textOf(column.label, language), width: column.width, render: (value: unknown, row: Row) => renderCell(column.cell, value, { row, t, language }) }))}
      />
    </Modal>
  );
}
