import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { Button, Drawer, Dropdown, Empty, Input, Tree, type TreeDataNode } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request.js';
import type { TreeBlockProps } from '../blocks.js';
import { ScreenView } from '../ScreenView.js';

/**
 * The dictionary screen's left panel (spec 001 §2): the category tree with a search box and a menu (refresh data,
 * expand all, collapse all, category management). Category management is another screen, named by the block's
 * props.screen (so the server lets whoever may open the dictionary open it too), in a 700 px drawer.
 */
interface Category {
  id: string;
  fullName: string;
  enCode: string;
  isTree: number;
  children: Category[];
}

function filterTree(nodes: Category[], keyword: string): Category[] {
  if (!keyword) return nodes;
  return nodes.flatMap((node) => {
    const children = filterTree(node.children ?? [], keyword);
    const matches = node.fullName.toLowerCase().includes(keyword) || node.enCode.toLowerCase().includes(keyword);
    return matches || children.length ? [{ ...node, children }] : [];
  });
}

function firstLeaf(nodes: Category[]): Category | undefined {
  for (const node of nodes) {
    if (!node.children?.length) return node;
    const leaf = firstLeaf(node.children);
    if (leaf) return leaf;
  }
  return undefined;
}

const keysOf = (nodes: Category[]): Key[] => nodes.flatMap((n) => [n.id, ...keysOf(n.children ?? [])]);
const toTreeData = (nodes: Category[]): TreeDataNode[] => nodes.map((n) => ({ key: n.id, title: n.fullName, children: toTreeData(n.children ?? []) }));

export function DictionaryCategories({ modelId, title, selectedId, onSelect, onChanged, props }: TreeBlockProps) {
  const manageScreen = typeof props?.screen === 'string' ? props.screen : undefined;
  const { t } = useTranslation();
  const [categories, setCategories] = useState<Category[]>([]);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [managing, setManaging] = useState(false);

  const load = useCallback(async () => {
    const { data } = await request<{ list: Category[] }>({ url: '/system/DictionaryType' });
    setCategories(data.list);
    setExpanded(keysOf(data.list));
    return data.list;
  }, []);

  useEffect(() => {
    void load().then((list) => {
      const leaf = firstLeaf(list);
      if (leaf && !selectedId) onSelect(leaf as never);
    });
    // Loaded once; later loads come from refresh and from closing category management.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const shown = useMemo(() => filterTree(categories, keyword.trim().toLowerCase()), [categories, keyword]);
  const find = (nodes: Category[], id: Key): Category | undefined => {
    for (const node of nodes) {
      if (node.id === id) return node;
      const inner = find(node.children ?? [], id);
      if (inner) return inner;
    }
    return undefined;
  };

  const menu = {
    items: [
      { key: 'refresh', label: t('page.refreshData') },
      { key: 'expand', label: t('page.expandAll') },
      { key: 'collapse', label: t('page.collapseAll') },
      ...(manageScreen ? [{ key: 'manage', label: t('page.categoryManagement') }] : []),
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'refresh') void load();
      if (key === 'expand') setExpanded(keysOf(categories));
      if (key === 'collapse') setExpanded([]);
      if (key === 'manage') setManaging(true);
    },
  };

  return (
    <div className="lc-tree-block" data-testid="dictionary-categories" data-count={categories.length}>
      <div className="lc-tree-block-head">
        <span className="lc-tree-block-title">{title}</span>
        <Dropdown menu={menu} trigger={['click']}>
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('page.categoryManagement')} data-testid="category-menu" />
        </Dropdown>
      </div>
      <Input.Search allowClear size="small" placeholder={t('page.searchCategory')} value={keyword} onChange={(e) => setKeyword(e.target.value)} className="lc-tree-block-search" />
      {shown.length ? (
        <Tree
          blockNode
          treeData={toTreeData(shown)}
          expandedKeys={keyword ? keysOf(shown) : expanded}
          onExpand={(keys) => setExpanded(keys)}
          selectedKeys={selectedId ? [selectedId] : []}
          onSelect={(keys) => {
            const node = keys.length ? find(categories, keys[0]) : undefined;
            if (node) onSelect(node as never);
          }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      <Drawer
        open={managing}
        width={700}
        title={t('page.categoryManagement')}
        onClose={() => {
          setManaging(false);
          void load();
          // An import over the chosen category changed its entries: the list beside shows them afresh.
          onChanged?.();
        }}
        destroyOnHidden
      >
        {manageScreen && <ScreenView name={manageScreen} modelId={modelId} showTitle={false} />}
      </Drawer>
    </div>
  );
}
