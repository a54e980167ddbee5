import { useEffect, useMemo, useState } from 'react';
import { Alert, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { PickerNode, PickerServices } from '../services.js';
import { useWidgetText } from '../../widgetText.js';
import { PICKER_PAGE_SIZE } from './pickerValues.js';

/**
 * The user pickers' 全部数据 tree: organisations, and users under each, loaded when a node opens. The server pages
 * a node's children; a node with more than one page ends with a 加载更多 entry that brings the next.
 */
interface Loaded {
  list: PickerNode[];
  page: number;
  more: boolean;
}
const MORE = '\u0000more';

export function UserTree({ pickers, onPick }: { pickers: PickerServices; onPick(node: PickerNode): void }) {
  const text = useWidgetText();
  const [children, setChildren] = useState<Record<string, Loaded>>({});
  const [error, setError] = useState<string>();
  const [expanded, setExpanded] = useState<string[]>([]);

  const loadPage = async (key: string, nodeId: string, page: number) => {
    const result = await pickers.userTree(nodeId, { keyword: '', currentPage: page, pageSize: PICKER_PAGE_SIZE });
    setChildren((current) => {
      const before = page === 1 ? [] : current[key]?.list ?? [];
      const list = [...before, ...result.list];
      const more = result.total !== undefined ? list.length < result.total : result.list.length >= PICKER_PAGE_SIZE;
      return { ...current, [key]: { list, page, more } };
    });
    return result.list;
  };

  useEffect(() => {
    let cancelled = false;
    loadPage('', '0', 1).then(
      (list) => {
        // The first organisation opens, as in JNPF's picker.
        const first = list.find((node) => node.type !== 'user');
        if (!cancelled && first) setExpanded([`/${first.id}`]);
      },
      (failure: unknown) => !cancelled && setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      cancelled = true;
    };
    // One tree per dialog: its key changes when the dialog opens again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pickers]);

  const { treeData, byKey } = useMemo(() => {
    const map = new Map<string, PickerNode>();
    const build = (parentKey: string): DataNode[] => {
      const loaded = children[parentKey];
      const nodes: DataNode[] = (loaded?.list ?? []).map((node) => {
        const key = `${parentKey}/${node.id}`;
        map.set(key, node);
        const leaf = node.type === 'user' || node.isLeaf === true || node.hasChildren === false;
        return { key, title: <span data-node={node.id}>{node.fullName}</span>, isLeaf: leaf, disabled: Boolean(node.disabled), children: children[key] ? build(key) : undefined };
      });
      if (loaded?.more) nodes.push({ key: `${parentKey}/${MORE}`, title: <span className="jnpf-picker-more-node">{text('loadMore')}</span>, isLeaf: true });
      return nodes;
    };
    return { treeData: build(''), byKey: map };
  }, [children, text]);

  const fail = (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure));
  if (error) return <Alert type="error" showIcon message={text('pickerLoadFailed', { message: error })} />;
  if (!children['']) return <Spin size="small" style={{ display: 'block', margin: '24px auto' }} />;
  if (children[''].list.length === 0) return <div className="jnpf-picker-more">{text('empty')}</div>;
  return (
    <Tree
      blockNode
      treeData={treeData}
      expandedKeys={expanded}
      onExpand={(keys) => setExpanded(keys.map(String))}
      selectedKeys={[]}
      loadData={async (data) => {
        const key = String(data.key);
        const parent = byKey.get(key);
        if (!parent || children[key]) return;
        await loadPage(key, parent.id, 1).catch(fail);
      }}
      onSelect={(_keys, info) => {
        const key = String(info.node.key);
        if (key.endsWith(`/${MORE}`)) {
          const parentKey = key.slice(0, -(MORE.length + 1));
          const parentId = parentKey === '' ? '0' : byKey.get(parentKey)?.id;
          if (parentId) void loadPage(parentKey, parentId, (children[parentKey]?.page ?? 1) + 1).catch(fail);
          return;
        }
        const node = byKey.get(key);
        if (!node) return;
        if (node.type === 'user') onPick(node);
        else setExpanded((current) => (current.includes(key) ? current.filter((open) => open !== key) : [...current, key]));
      }}
    />
  );
}
