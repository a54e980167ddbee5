import { useMemo } from 'react';
import { Empty, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../components/useIsMobile.js';
import { renderCell } from '../cells.js';
import type { PageNodeProps } from '../pageNodes.js';
import { textOf, type CellSpec, type PageNodeSpec, type ScreenCall, type Text } from '../screen.js';
import { fillValue } from '../template.js';
import type { ShownField } from './fields.js';
import { listOf } from './useCallData.js';
import { useSource } from './useSource.js';

/**
 * {type: 'table', title?, api | source, columns, rowKey?, summary?}: rows read-only, from a call or from the
 * holder's context ('{record.items}': an order's lines), with an optional total line under them. On a phone each
 * row is a small block: the first column as its title, the others as label and value, so nothing scrolls sideways.
 */
export interface TableNodeSpec extends PageNodeSpec {
  title?: Text;
  api?: ScreenCall;
  source?: string;
  columns: ShownField[];
  rowKey?: string;
  summary?: { label: Text; value: string; cell?: CellSpec };
}

type Row = Record<string, unknown>;

const BLOCK = { border: '1px solid var(--ant-color-border-secondary, #f0f0f0)', borderRadius: 8, padding: '8px 12px', marginBottom: 8 };
const BLOCK_TITLE = { fontWeight: 600, marginBottom: 4 };
const SUMMARY = { textAlign: 'right' as const, padding: '4px 0' };
const LABEL = { color: 'var(--ant-color-text-secondary, rgba(0,0,0,.45))' };

export function TableNode({ node, scope }: PageNodeProps<TableNodeSpec>) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const mobile = useIsMobile();
  const { data, loading } = useSource<unknown>(node.api, node.source, scope.context);
  const rows = useMemo(() => listOf<Row>(data), [data]);
  const rowKey = node.rowKey ?? 'id';
  const cell = (field: ShownField, row: Row) => renderCell(field.cell, row[field.prop], { row, t, language });
  const summary = node.summary && (
    <>
      {textOf(node.summary.label, language)}：<Typography.Text strong type="danger">{renderCell(node.summary.cell, fillValue(node.summary.value, scope.context), { row: {}, t, language })}</Typography.Text>
    </>
  );
  const title = textOf(node.title, language);

  if (loading) return <div className="lc-page-loading-inline"><Spin /></div>;
  return (
    <div className="lc-table-node" data-testid="table-node">
      {title && <Typography.Title level={5} style={{ marginTop: 0 }}>{title}</Typography.Title>}
      {mobile ? (
        <div className="lc-table-node-blocks">
          {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          {rows.map((row, index) => (
            <div key={String(row[rowKey] ?? index)} style={BLOCK} data-row={String(row[rowKey] ?? index)}>
              <div style={BLOCK_TITLE}>{cell(node.columns[0], row)}</div>
              {node.columns.slice(1).map((field) => (
                <div key={field.prop}>
                  <span style={LABEL}>{textOf(field.label, language)}：</span>
                  {cell(field, row)}
                </div>
              ))}
            </div>
          ))}
          {summary && <div style={SUMMARY}>{summary}</div>}
        </div>
      ) : (
        <Table<Row>
          size="small"
          rowKey={(row) => String(row[rowKey] ?? rows.indexOf(row))}
          pagination={false}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          columns={node.columns.map((field) => ({ key: field.prop, dataIndex: field.prop, title: textOf(field.label, language), width: field.width, align: field.align, render: (_: unknown, row: Row) => cell(field, row) }))}
          footer={summary ? () => <div style={SUMMARY}>{summary}</div> : undefined}
        />
      )}
    </div>
  );
}
