import { Descriptions, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderCell } from '../cells.js';
import type { PageNodeProps } from '../pageNodes.js';
import { textOf, type PageNodeSpec, type ScreenCall, type Text } from '../screen.js';
import type { ShownField } from './fields.js';
import { useCallData } from './useCallData.js';

/** {type: 'descriptions', title?, api, column?, items}: one record, fetched by `api`, shown label by label. */
export interface DescriptionsNodeSpec extends PageNodeSpec {
  title?: Text;
  api: ScreenCall;
  column?: number;
  items: ShownField[];
}

export function DescriptionsNode({ node, scope }: PageNodeProps<DescriptionsNodeSpec>) {
  const { t, i18n } = useTranslation();
  const { data: record, loading } = useCallData<Record<string, unknown>>(node.api, scope.context);
  if (loading) return <div className="lc-page-loading-inline"><Spin /></div>;
  if (!record) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Descriptions
      bordered
      size="small"
      column={node.column ?? 2}
      title={textOf(node.title, i18n.language) || undefined}
      data-testid="descriptions-node"
      items={node.items.map((item) => ({ key: item.prop, label: textOf(item.label, i18n.language), children: renderCell(item.cell, record[item.prop], { row: record, t, language: i18n.language }) }))}
    />
  );
}
