import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { Button, Collapse, Empty, Input, Spin, Tooltip, Tree, type TreeDataNode } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request.js';
import { useIsMobile } from '../../../components/useIsMobile.js';
import type { TreeBlockProps } from '../blocks.js';

/**
 * A tree block read from one call (props.url, answering JNPF's `data.list` of nodes with children), such as the
 * organisation tree beside the users and positions: a search box, the tree, and choosing a node filters the list
 * ({treeId}); choosing it again shows everything. On a phone the tree folds into a panel above the table, so the
 * table stays in view.
 */
interface TreeRecord {
  id: string;
  fullName: string;
  children?: TreeRecord[];
  [field: string]: unknown;
}

const keysOf = (nodes: TreeRecord[]): Key[] => nodes.flatMap((node) => [node.id, ...keysOf(node.children ?? [])]);

function filterTree(nodes: TreeRecord[], keyword: string): TreeRecord[] {
  if (!keyword) return nodes;
  return nodes.flatMap((node) => {
    const children = filterTree(node.children ?? [], keyword);
    return String(node.fullName ?? '').toLowerCase().includes(keyword) || children.length ? [{ ...node, children }] : [];
  });
}

function find(nodes: TreeRecord[], id: Key): TreeRecord | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = find(node.children ?? [], id);
    if (inner) return inner;
  }
  return undefined;
}

const toTreeData = (nodes: TreeRecord[]): TreeDataNode[] => nodes.map((node) => ({ key: node.id, title: node.fullName, children: node.children?.length ? toTreeData(node.children) : undefined }));

export function ApiTree({ title, selectedId, onSelect, props }: TreeBlockProps) {
  const { t } = useTranslation();
  const url = typeof props?.url === 'string' ? props.url : '';
  const mobile = useIsMobile();
  const [nodes, setNodes] = useState<TreeRecord[]>([]);
  const [loading, setLoading] = useState(true);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<Key[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { data } = await request<{ list?: TreeRecord[] } | TreeRecord[]>({ url });
      const list = Array.isArray(data) ? data : Array.isArray(data?.list) ? data.list : [];
      setNodes(list);
      // The top two levels open: the companies and their departments.
      setExpanded(list.flatMap((node) => [node.id]));
    } catch {
      setNodes([]);
    } finally {
      setLoading(false);
    }
  }, [url]);

  useEffect(() => {
    void load();
  }, [load]);

  const shown = useMemo(() => filterTree(nodes, keyword.trim().toLowerCase()), [nodes, keyword]);
  const chosen = selectedId ? find(nodes, selectedId) : undefined;

  const tree = (
    <div className="lc-tree-block" data-testid="api-tree" data-count={nodes.length}>
      <div style={{ display: 'flex', gap: 4, marginBottom: 8 }}>
        <Input.Search allowClear size="small" placeholder={t('page.searchCategory')} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <Tooltip title={t('page.refreshData')}>
          <Button size="small" type="text" icon={<ReloadOutlined />} aria-label={t('page.refreshData')} onClick={() => void load()} />
        </Tooltip>
      </div>
      {loading ? (
        <Spin />
      ) : shown.length ? (
        <Tree
          blockNode
          treeData={toTreeData(shown)}
          expandedKeys={keyword ? keysOf(shown) : expanded}
          onExpand={(keys) => setExpanded(keys)}
          selectedKeys={selectedId ? [selectedId] : []}
          onSelect={(keys) => {
            const node = keys.length ? find(nodes, keys[0]) : undefined;
            onSelect(node ? (node as never) : null);
          }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </div>
  );

  if (mobile) {
    const label = chosen ? `${title ?? ''}：${chosen.fullName}` : `${title ?? ''}：${t('adminScreens.allOrganizations')}`;
    return <Collapse size="small" ghost items={[{ key: 'tree', label: <span data-testid="api-tree-toggle">{label}</span>, children: tree }]} />;
  }
  return (
    <>
      {title && <div className="lc-tree-block-head"><span className="lc-tree-block-title">{title}</span></div>}
      {tree}
    </>
  );
}
