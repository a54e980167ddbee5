import { Descriptions, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../components/useIsMobile.js';
import { renderCell } from '../cells.js';
import type { PageNodeProps } from '../pageNodes.js';
import { textOf, type PageNodeSpec, type ScreenCall, type Text } from '../screen.js';
import { isEmptyValue, type ShownField } from './fields.js';
import { useSource } from './useSource.js';

/**
 * {type: 'descriptions', title?, api | source, column?, items}: one record, fetched by `api` or taken from the
 * holder's context by `source` ('{record}'), shown label by label; one column on a phone. An item with hideEmpty
 * is left out while its value is empty. Each value is wrapped in data-prop={prop}, for tests and styles.
 */
export interface DescriptionsNodeSpec extends PageNodeSpec {
  title?: Text;
  api?: ScreenCall;
  source?: string;
  column?: number;
  items: ShownField[];
}

export function DescriptionsNode({ node, scope }: PageNodeProps<DescriptionsNodeSpec>) {
  const { t, i18n } = useTranslation();
  const mobile = useIsMobile();
  const { data: record, loading } = useSource<Record<string, unknown>>(node.api, node.source, scope.context);
  if (loading) return <div className="lc-page-loading-inline"><Spin /></div>;
  if (!record) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Descriptions
      bordered
      size="small"
      column={mobile ? 1 : (node.column ?? 2)}
      title={textOf(node.title, i18n.language) || undefined}
      data-testid="descriptions-node"
      items={node.items
        .filter((item) => !item.hideEmpty || !isEmptyValue(record[item.prop]))
        .map((item) => ({ key: item.prop, label: textOf(item.label, i18n.language), children: <span data-prop={item.prop}>{renderCell(item.cell, record[item.prop], { row: record, t, language: i18n.language })}</span> }))}
    />
  );
}
