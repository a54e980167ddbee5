import { useMemo, useState } from 'react';
import { Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageNode, type NodeScope, type PageNodeProps } from '../pageNodes.js';
import { textOf, type PageNodeSpec, type ScreenCall, type Text } from '../screen.js';
import { listOf, useCallData } from './useCallData.js';

/**
 * {type: 'tree', api, title?, labelProp?, keyProp?, body?}: the tree `api` answers (nodes with children) on the
 * left; the chosen node fills {treeId} and {tree} for the `body` node on the right, which waits for a choice.
 */
export interface TreeNodeSpec extends PageNodeSpec {
  api: ScreenCall;
  title?: Text;
  labelProp?: string;
  keyProp?: string;
  body?: PageNodeSpec;
}

type TreeRecord = { children?: TreeRecord[]; [field: string]: unknown };

/** antd's keys are strings; the records' may be numbers. */
function find(records: TreeRecord[], keyProp: string, key: string): TreeRecord | undefined {
  for (const record of records) {
    if (String(record[keyProp]) === key) return record;
    const inner = find(record.children ?? [], keyProp, key);
    if (inner) return inner;
  }
  return undefined;
}

export function TreeNode({ node, scope }: PageNodeProps<TreeNodeSpec>) {
  const { t, i18n } = useTranslation();
  const { data, loading } = useCallData<unknown>(node.api, scope.context);
  const [chosen, setChosen] = useState<TreeRecord | null>(null);
  const labelProp = node.labelProp ?? 'fullName';
  const keyProp = node.keyProp ?? 'id';
  const records = useMemo(() => listOf<TreeRecord>(data), [data]);
  const treeData = useMemo(() => {
    const convert = (list: TreeRecord[]): TreeDataNode[] => list.map((record) => ({ key: String(record[keyProp]), title: String(record[labelProp] ?? ''), children: convert(record.children ?? []) }));
    return convert(records);
  }, [records, keyProp, labelProp]);
  const bodyScope: NodeScope = useMemo(() => ({ ...scope, context: { ...scope.context, treeId: chosen?.[keyProp], tree: chosen ?? {} } }), [scope, chosen, keyProp]);

  const tree = loading ? (
    <Spin />
  ) : treeData.length ? (
    <Tree blockNode defaultExpandAll treeData={treeData} selectedKeys={chosen ? [String(chosen[keyProp])] : []} onSelect={(keys) => setChosen(keys.length ? find(records, keyProp, String(keys[0])) ?? null : null)} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
  );
  if (!node.body) return <div className="lc-tree-block" data-testid="tree-node">{tree}</div>;
  return (
    <div className="lc-list-with-tree" data-testid="tree-node">
      <aside className="lc-list-tree">
        <div className="lc-tree-block">
          {node.title && <div className="lc-tree-block-head"><span className="lc-tree-block-title">{textOf(node.title, i18n.language)}</span></div>}
          {tree}
        </div>
      </aside>
      <section className="lc-list-main">{chosen ? <PageNode node={node.body} scope={bodyScope} /> : <Empty description={t('page.chooseCategory')} />}</section>
    </div>
  );
}
