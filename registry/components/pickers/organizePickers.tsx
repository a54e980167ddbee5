import { memo } from 'react';
import type { WidgetProps } from '../../types.js';
import type { PickerNode } from '../services.js';
import { widgetText } from '../../widgetText.js';
import { TreePicker, type TreePickerKind } from './TreePicker.js';
import { keepNodes, storedIds, storedPaths } from './pickerValues.js';

/**
 * The organisation, department, position, group and role pickers (spec 001 §2, §4, §6), each a TreePicker kind:
 * where the tree comes from, which nodes are picked, what is stored. Shapes follow JNPF's clients.
 */

/** The fixed top of the organisation tree (spec 001 §2): id -1, 顶级节点. */
export const TOP_NODE_ID = '-1';
const topNode = (children: PickerNode[] = []): PickerNode => ({
  id: TOP_NODE_ID,
  fullName: widgetText('topNode'),
  organize: widgetText('topNode'),
  organizeIds: [TOP_NODE_ID],
  type: 'company',
  hasChildren: children.length > 0,
  children,
});

const isCustom = (props: WidgetProps) => props.selectType === 'custom';
/** The allowed ids of a custom picker: ours by name (ableDepIds, ablePosIds), JNPF V5's ableIds otherwise. */
const listProp = (props: WidgetProps, ...names: string[]): unknown[] => {
  for (const name of names) if (Array.isArray(props[name]) && (props[name] as unknown[]).length > 0) return props[name] as unknown[];
  return [];
};
/** Allowed organisations may be stored as paths: the last id of each is the organisation. */
const lastIds = (list: unknown[]) => list.flatMap((item) => (Array.isArray(item) ? storedPaths(item).map((path) => path[path.length - 1]) : storedIds(item)));
/** The field allows the top node: JNPF's organisation form asks for it with parentId -1. */
const allowsTop = (props: WidgetProps) => Boolean(props.hasTopNode) || String(props.parentId ?? '') === TOP_NODE_ID;

const organizeKind: TreePickerKind = {
  title: 'pickOrganize',
  storesPaths: true,
  async load(services, props) {
    if (isCustom(props)) {
      const ids = lastIds(listProp(props, 'ableDepIds', 'ableIds'));
      return ids.length ? services.organizeCondition(ids) : [];
    }
    const tree = await services.organizeTree({ auth: Boolean(props.auth), onlyOrganize: Boolean(props.isOnlyOrg), currentOrganizeId: (props.currOrgId as string | undefined) ?? '0' });
    return allowsTop(props) ? [topNode(tree)] : tree;
  },
  async labels(services, props) {
    return [topNode(await services.organizeTree({ onlyOrganize: Boolean(props.isOnlyOrg) }))];
  },
  canPick: () => true,
  entryOf: (node) => {
    const path = node.organizeIds?.length ? node.organizeIds : [node.id];
    return { key: path.join(','), label: node.organize || node.fullName };
  },
};

const departmentKind: TreePickerKind = {
  title: 'pickDepartment',
  async load(services, props) {
    if (isCustom(props)) {
      const ids = lastIds(listProp(props, 'ableDepIds', 'ableIds'));
      return ids.length ? services.organizeCondition(ids) : [];
    }
    return services.organizeTree({ auth: Boolean(props.auth), currentOrganizeId: '0' });
  },
  labels: (services) => services.organizeTree({}),
  // A department picker picks departments: companies only lead to them.
  canPick: (node) => node.type !== 'company',
  entryOf: (node, props) => ({ key: node.id, label: (isCustom(props) && node.lastFullName) || node.fullName }),
};

const positionKind: TreePickerKind = {
  title: 'pickPosition',
  load(services, props) {
    if (isCustom(props)) {
      const departIds = lastIds(listProp(props, 'ableDepIds'));
      const positionIds = storedIds(listProp(props, 'ablePosIds', 'ableIds'));
      return departIds.length || positionIds.length ? services.positionCondition({ departIds, positionIds }) : Promise.resolve([]);
    }
    return services.positionTree();
  },
  labels: (services) => services.positionTree(),
  canPick: (node) => node.type === 'position',
  entryOf: (node) => ({ key: node.id, label: node.fullName }),
};

const groupKind: TreePickerKind = {
  title: 'pickGroup',
    load(services, props) {
    if (!isCustom(props)) return services.groupTree();
    const allowed = new Set(storedIds(listProp(props, 'ableIds')));
    return services.groupTree().then((tree) => keepNodes(tree, (node) => allowed.has(node.id) && groupKind.canPick(node, props)));
  },
  labels: (services) => services.groupTree(),
  canPick: (node) => node.type === 'group' || (!node.type && !node.children?.length),
  entryOf: (node) => ({ key: node.id, label: node.fullName }),
};

/** JNPF's role tree holds the global roles under a node of id 1 (全局); the organisations' roles under them. */
const GLOBAL_ROLES_NODE = '1';
const isRole = (node: PickerNode) => node.type === 'role';
const roleKind: TreePickerKind = {
  title: 'pickRole',
  load(services, props) {
    if (isCustom(props)) {
      const ids = storedIds(listProp(props, 'ableIds'));
      return ids.length ? services.roleCondition(ids) : Promise.resolve([]);
    }
    return services.roleTree();
  },
  labels: (services) => services.roleTree(),
  canPick: isRole,
  entryOf: (node) => ({ key: node.id, label: node.fullName }),
  tabs: [
    { key: 'organize', label: 'tabOrganize', nodes: (tree) => tree.filter((node) => node.id !== GLOBAL_ROLES_NODE && !isRole(node)) },
    {
      key: 'global',
      label: 'tabGlobal',
      nodes: (tree) => [...tree.filter((node) => node.id === GLOBAL_ROLES_NODE).flatMap((node) => node.children ?? []), ...tree.filter(isRole)],
    },
  ],
};


export const OrganizePicker = memo(function OrganizePicker(props: WidgetProps) {
  return <TreePicker kind={organizeKind} props={props} />;
});
export const DepartmentPicker = memo(function DepartmentPicker(props: WidgetProps) {
  return <TreePicker kind={departmentKind} props={props} />;
});
export const PositionPicker = memo(function PositionPicker(props: WidgetProps) {
  return <TreePicker kind={positionKind} props={props} />;
});
export const GroupPicker = memo(function GroupPicker(props: WidgetProps) {
  return <TreePicker kind={groupKind} props={props} />;
});
export const RolePicker = memo(function RolePicker(props: WidgetProps) {
  return <TreePicker kind={roleKind} props={props} />;
});
