import { memo, useEffect, useMemo, useState } from 'react';
import { Alert, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { WidgetProps } from '../../types.js';
import { useWidgetServices, type PickerNode, type PickerServices } from '../services.js';
import { useWidgetText } from '../../widgetText.js';
import { PickerDialog, type PickedEntry } from './PickerParts.js';
import { emitPaths, pathKey, storedPathsOf } from './pickerValues.js';
import { usePicker } from './usePicker.js';

/**
 * The province/city/district picker of spec 001 §2, §4: a tree whose children load when a node opens (root -1),
 * where only a leaf is chosen. `level` is JNPF's: 0 provinces, 1 cities, 2 districts (the default, spec 001 §9's
 * depth 2), 3 streets; nodes at that depth are leaves whatever the server says. The value is the path of ids
 * (a list of paths in multi mode), shown as its names joined by /.
 */
export const AREA_ROOT = '-1';
const DEFAULT_LEVEL = 2;

export const levelOf = (props: WidgetProps) => {
  const level = Number(props.level);
  return Number.isInteger(level) && level >= 0 ? level : DEFAULT_LEVEL;
};

export async function resolveAreas(pickers: PickerServices | undefined, keys: string[]): Promise<PickedEntry[]> {
  if (!pickers || keys.length === 0) return [];
  const paths = keys.map((key) => key.split(','));
  const names = await pickers.areaNames(paths);
  return keys.flatMap((key, index) => (names[index]?.length ? [{ key, label: names[index].join('/') }] : []));
}

export const AreaPicker = memo(function AreaPicker(props: WidgetProps) {
  const text = useWidgetText();
  const { pickers } = useWidgetServices();
  const multiple = Boolean(props.multiple);
  const level = levelOf(props);
  const picker = usePicker(props, {
    keys: storedPathsOf(props.value, multiple).map(pathKey),
    resolve: (missing) => resolveAreas(pickers, missing),
    toValue: (picked) => emitPaths(picked.map((entry) => entry.key.split(',')), multiple),
  });

  return (
    <>
      {picker.field}
      {picker.open ? (
        <PickerDialog {...picker.dialog} title={(props.modalTitle as string) || text('pickArea')} width={800}>
          {pickers ? (
            <AreaTree pickers={pickers} level={level} onPick={picker.pick} />
          ) : (
            <Alert type="error" showIcon message={text('pickerUnavailable')} />
          )}
        </PickerDialog>
      ) : null}
    </>
  );
});

interface AreaTreeNode {
  node: PickerNode;
  path: PickerNode[];
  leaf: boolean;
}

function AreaTree({ pickers, level, onPick }: { pickers: PickerServices; level: number; onPick(entry: PickedEntry): void }) {
  const text = useWidgetText();
  const [children, setChildren] = useState<Record<string, PickerNode[]>>({});
  const [error, setError] = useState<string>();
  const [expanded, setExpanded] = useState<string[]>([]);
  useEffect(() => {
    let cancelled = false;
    pickers.areaChildren(AREA_ROOT).then(
      (list) => !cancelled && setChildren({ '': list }),
      (failure: unknown) => !cancelled && setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      cancelled = true;
    };
  }, [pickers]);

  const { treeData, byKey } = useMemo(() => {
    const map = new Map<string, AreaTreeNode>();
    const build = (parentKey: string, parents: PickerNode[]): DataNode[] =>
      (children[parentKey] ?? []).map((node) => {
        const path = [...parents, node];
        const key = path.map((item) => item.id).join(',');
        // Depth level + 1 is as far as the field goes: a node there is a leaf whatever lies below it.
        const leaf = path.length >= level + 1 || node.isLeaf === true || node.hasChildren === false;
        map.set(key, { node, path, leaf });
        return { key, title: <span data-node={node.id}>{node.fullName}</span>, isLeaf: leaf, disabled: Boolean(node.disabled), children: children[key] ? build(key, path) : undefined };
      });
    return { treeData: build('', []), byKey: map };
  }, [children, level]);

  if (error) return <Alert type="error" showIcon message={text('pickerLoadFailed', { message: error })} />;
  if (!children['']) return <Spin size="small" style={{ display: 'block', margin: '24px auto' }} />;
  return (
    <Tree
      blockNode
      treeData={treeData}
      selectedKeys={[]}
      expandedKeys={expanded}
      onExpand={(keys) => setExpanded(keys.map(String))}
      loadData={async (data) => {
        const key = String(data.key);
        const item = byKey.get(key);
        if (!item || item.leaf || children[key]) return;
        try {
          const list = await pickers.areaChildren(item.node.id);
          setChildren((current) => ({ ...current, [key]: list }));
        } catch (failure) {
          setError(failure instanceof Error ? failure.message : String(failure));
        }
      }}
      onSelect={(_keys, info) => {
        const item = byKey.get(String(info.node.key));
        // Only a leaf is chosen (spec 001 §4); clicking a province or city opens it instead.
        if (!item || item.node.disabled) return;
        const key = String(info.node.key);
        if (!item.leaf) return setExpanded((current) => (current.includes(key) ? current.filter((open) => open !== key) : [...current, key]));
        onPick({ key: String(info.node.key), label: item.path.map((node) => node.fullName).join('/') });
      }}
    />
  );
}
