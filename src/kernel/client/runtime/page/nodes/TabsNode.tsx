import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageNode, type PageNodeProps } from '../pageNodes.js';
import { textOf, type PageNodeSpec, type Text } from '../screen.js';

/** {type: 'tabs', items: [{label, body}]}: each tab holds a page node; a tab renders when first opened. */
export interface TabsNodeSpec extends PageNodeSpec {
  items: { key?: string; label: Text; body: PageNodeSpec }[];
}

export function TabsNode({ node, scope }: PageNodeProps<TabsNodeSpec>) {
  const { i18n } = useTranslation();
  return (
    <Tabs
      data-testid="tabs-node"
      items={node.items.map((item, index) => ({ key: item.key ?? String(index), label: textOf(item.label, i18n.language), children: <PageNode node={item.body} scope={scope} /> }))}
    />
  );
}
