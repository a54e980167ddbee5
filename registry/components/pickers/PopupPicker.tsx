import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Table } from 'antd';
import type { WidgetProps } from '../../types.js';
import type { InterfaceParam } from '../../interfaceSource.js';
import { useWidgetServices, type PickerServices, type PopupPage, type PopupQuery, type PopupRow } from '../services.js';
import { useWidgetText } from '../../widgetText.js';
import { PickerDialog, type PickedEntry } from './PickerParts.js';
import { emitIds, storedIds } from './pickerValues.js';
import { usePicker } from './usePicker.js';

/**
 * Popup select, popup table select and relation form (spec 001 §3, §7): a dialog listing the rows of a data
 * interface (by interfaceId) or the records of a released form (by modelId), a page at a time, searched by
 * keyword in the label field and the listed columns. The stored value is each row's propsValue field (id by
 * default); the field shows each row's relationField. Stored values on pages never opened get their labels from
 * the server (InfoByIds for interfaces, the record itself for models), so page 1 is no limit.
 */
export interface PopupColumn {
  value: string;
  label: string;
}

export interface PopupPickerProps extends WidgetProps {
  interfaceId?: string;
  modelId?: string;
  propsValue?: string;
  relationField?: string;
  columnOptions?: PopupColumn[];
  paramList?: InterfaceParam[];
  popupTitle?: string;
  popupWidth?: string | number;
  pageSize?: number;
}

interface Source {
  page(query: PopupQuery): Promise<PopupPage>;
  byIds(ids: string[]): Promise<PopupRow[]>;
}

/** Where the rows come from: the interface when one is named, else the model; null when neither can be read here. */
export function popupSource(pickers: PickerServices | undefined, props: PopupPickerProps, valueField: string): Source | null {
  if (!pickers) return null;
  const { interfaceId, modelId, relationField, paramList } = props;
  if (interfaceId && pickers.interfaceRows && pickers.interfaceRowsByIds) {
    const { interfaceRows, interfaceRowsByIds } = pickers;
    return {
      page: (query) => interfaceRows(interfaceId, { ...query, paramList }),
      byIds: (ids) => interfaceRowsByIds(interfaceId, ids, { propsValue: valueField, relationField, paramList }),
    };
  }
  if (modelId && pickers.modelRows && pickers.modelRecord) {
    const { modelRows, modelRecord } = pickers;
    return {
      page: (query) => modelRows(modelId, query),
      byIds: async (ids) => (await Promise.all(ids.map((id) => modelRecord(modelId, id)))).filter((row): row is PopupRow => row !== null),
    };
  }
  return null;
}

const cellText = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

export const PopupPicker = memo(function PopupPicker(props: PopupPickerProps) {
  const text = useWidgetText();
  const { pickers } = useWidgetServices();
  const valueField = props.propsValue || 'id';
  const labelField = props.relationField || 'fullName';
  const pageSize = Math.max(1, Math.min(500, Number(props.pageSize) || 20));
  const columns = useMemo<PopupColumn[]>(() => (props.columnOptions?.length ? props.columnOptions : [{ value: labelField, label: text('popupName') }]), [props.columnOptions, labelField, text]);
  const source = popupSource(pickers, props, valueField);
  const entryOf = (row: PopupRow): PickedEntry => ({ key: cellText(row[valueField]), label: cellText(row[labelField]) || cellText(row[valueField]) });
  const picker = usePicker(props, {
    keys: storedIds(props.value),
    resolve: async (ids) => (source ? (await source.byIds(ids)).map(entryOf) : []),
    toValue: (entries) => emitIds(entries.map((entry) => entry.key), Boolean(props.multiple)),
    onOpen: () => {
      setKeyword('');
      setQuery({ keyword: '', currentPage: 1 });
    },
  });
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ keyword: '', currentPage: 1 });
  const [page, setPage] = useState<{ rows: PopupRow[]; total: number; loading: boolean; error?: string }>({ rows: [], total: 0, loading: false });
  const latest = useRef(0);
  const searchFields = columns.map((column) => column.value).join(',');

  useEffect(() => {
    if (!picker.open || !source) return;
    const ticket = ++latest.current;
    setPage((current) => ({ ...current, loading: true, error: undefined }));
    source.page({ keyword: query.keyword, currentPage: query.currentPage, pageSize, relationField: labelField, columnOptions: searchFields }).then(
      (answer) => ticket === latest.current && setPage({ rows: answer.list, total: answer.total, loading: false }),
      (error: unknown) => ticket === latest.current && setPage({ rows: [], total: 0, loading: false, error: error instanceof Error ? error.message : String(error) }),
    );
    // source is rebuilt every render; what is asked is decided by these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picker.open, query, pageSize, labelField, searchFields, props.interfaceId, props.modelId]);

  if (!source && !props.readOnly) {
    return <Alert type="warning" showIcon message={text('popupNoSource')} />;
  }
  const selectedKeys = picker.selected.map((entry) => entry.key);
  const width = Number.parseInt(String(props.popupWidth ?? ''), 10) || 800;
  return (
    <>
      {picker.field}
      {picker.open ? (
        <PickerDialog
          {...picker.dialog}
          title={props.popupTitle || text('popupTitle')}
          width={width}
          keyword={keyword}
          onKeywordChange={setKeyword}
          onSearch={(value) => setQuery({ keyword: value.trim(), currentPage: 1 })}
        >
          {page.error ? <Alert type="error" showIcon message={text('pickerLoadFailed', { message: page.error })} /> : null}
          <Table<PopupRow>
            size="small"
            rowKey={(row) => cellText(row[valueField])}
            dataSource={page.rows}
            loading={page.loading}
            columns={columns.map((column) => ({ key: column.value, dataIndex: column.value, title: column.label, render: (value: unknown) => cellText(value), ellipsis: true }))}
            rowSelection={{ type: props.multiple ? 'checkbox' : 'radio', selectedRowKeys: selectedKeys, onSelect: (row) => picker.pick(entryOf(row)), hideSelectAll: true }}
            onRow={(row) => ({ onClick: () => picker.pick(entryOf(row)), 'data-option': cellText(row[valueField]) }) as React.HTMLAttributes<HTMLElement>}
            pagination={{ current: query.currentPage, pageSize, total: page.total, size: 'small', showSizeChanger: false, onChange: (currentPage) => setQuery((current) => ({ ...current, currentPage })) }}
            scroll={{ y: 320 }}
          />
        </PickerDialog>
      ) : null}
    </>
  );
});
