import type { PickerNode, PickerPage, PickerServices, PopupRow } from '../../../../registry/components/services.js';
import { keepNodes } from '../../../../registry/components/pickers/pickerValues.js';
import { request } from './request.js';
import { interfaceRows, interfaceRowsByIds, modelRecord, modelRows } from './dataInterface.js';

/**
 * The pickers' calls (spec 001 §7 "Relation and popup data"), in JNPF's paths and shapes:
 * - organisations: GET /api/permission/Organize/Selector (companies and departments; ?category=company for companies
 *   only), /Organize/SelectorByAuth (those the user may see); POST /Organize/OrganizeCondition {departIds}
 * - positions: GET /api/permission/Position/Selector; POST /Position/PositionCondition {departIds, positionIds}
 * - roles: GET /api/permission/Role/Selector (a custom list is cut from it). Groups: GET /api/permission/Group/Selector
 * - users: POST /api/permission/Users/ImUser/Selector/{nodeId} (keyword, currentPage, pageSize), GET /Users/getOrganization,
 *   POST /Users/getSubordinates, POST /Users/getSelectedUserList (ids, pagination), POST /Users/getSelectedList {ids}
 * - regions: GET /api/system/Area/{parentId} (root -1), POST /api/system/Area/GetAreaByIds {idsList}
 * - popups and relation forms: by data interface id or model id, in ./dataInterface.ts
 * - dictionary categories: GET /api/system/DictionaryType/Selector/0; numbering rules: GET /api/system/BillRule/Selector
 *   (keyword, categoryId, currentPage, pageSize; with no page, every enabled rule)
 * Trees answer data.list; some JNPF calls answer a bare array, read the same way. Every call is silent: the
 * pickers show their own failure inline, and a label lookup that fails shows the stored id.
 */
const listOf = (data: unknown): PickerNode[] => {
  if (Array.isArray(data)) return data as PickerNode[];
  const list = (data as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as PickerNode[]) : [];
};
const pageOf = (data: unknown): PickerPage => {
  const total = (data as { pagination?: { total?: unknown } } | null)?.pagination?.total;
  return { list: listOf(data), ...(typeof total === 'number' ? { total } : {}) };
};

/** Ids may hold anything a stored record held: they go in the path encoded. */
const segment = (id: string) => encodeURIComponent(id || '0');

async function get(url: string, params?: Record<string, unknown>): Promise<unknown> {
  return (await request({ url, params, silent: true })).data;
}
async function post(url: string, data: unknown): Promise<unknown> {
  return (await request({ url, method: 'POST', data, silent: true })).data;
}

/**
 * The whole trees are asked for by every picker field of a form, for its labels: one answer serves them all for a
 * short while, then the next dialog asks again (an organisation renamed meanwhile shows its new name).
 */
const TREE_CACHE_MS = 30_000;
const trees = new Map<string, { at: number; answer: Promise<PickerNode[]> }>();
function cachedTree(url: string): Promise<PickerNode[]> {
  const hit = trees.get(url);
  if (hit && Date.now() - hit.at < TREE_CACHE_MS) return hit.answer;
  const answer = get(url).then(listOf);
  answer.catch(() => trees.delete(url));
  trees.set(url, { at: Date.now(), answer });
  return answer;
}

export const platformPickerServices: PickerServices = {
  organizeTree({ auth, onlyOrganize }) {
    // The server's {id} on these calls is a node to leave out (a parent picker's own record): none here.
    return cachedTree(`/permission/Organize/${auth ? 'SelectorByAuth' : 'Selector'}${onlyOrganize ? '?category=company' : ''}`);
  },
  async organizeCondition(departIds) {
    return listOf(await post('/permission/Organize/OrganizeCondition', { departIds }));
  },
  positionTree: () => cachedTree('/permission/Position/Selector'),
  async positionCondition(query) {
    return listOf(await post('/permission/Position/PositionCondition', query));
  },
  roleTree: () => cachedTree('/permission/Role/Selector'),
  // No RoleCondition call on the server: the allowed roles are cut out of the role tree.
  async roleCondition(ids) {
    const allowed = new Set(ids);
    return keepNodes(await cachedTree('/permission/Role/Selector'), (node) => node.type === 'role' && allowed.has(node.id));
  },
  groupTree: () => cachedTree('/permission/Group/Selector'),
  async userTree(nodeId, query) {
    return pageOf(await post(`/permission/Users/ImUser/Selector/${segment(nodeId)}`, query ?? {}));
  },
  async currentOrganizeUsers(keyword) {
    return listOf(await get('/permission/Users/getOrganization', { keyword, organizeId: '0' }));
  },
  async subordinates(keyword) {
    return listOf(await post('/permission/Users/getSubordinates', { keyword }));
  },
  async usersByCondition(ids, query) {
    return pageOf(await post('/permission/Users/getSelectedUserList', { ids, ...query }));
  },
  async selectedList(ids) {
    return listOf(await post('/permission/Users/getSelectedList', { ids }));
  },
  async areaChildren(parentId) {
    return listOf(await get(`/system/Area/${segment(parentId)}`));
  },
  async areaNames(paths) {
    const data = await post('/system/Area/GetAreaByIds', { idsList: paths });
    return Array.isArray(data) ? (data as string[][]) : [];
  },
  interfaceRows,
  interfaceRowsByIds,
  modelRows,
  modelRecord,
  // The category tree under its top node (顶级节点): the categories are its children.
  async dictionaryTypes() {
    const [top] = listOf(await get('/system/DictionaryType/Selector/0'));
    return top?.children ?? [];
  },
  async billRules({ keyword, currentPage, pageSize, categoryId }) {
    const data = await get('/system/BillRule/Selector', { keyword, currentPage, pageSize, categoryId });
    const total = (data as { pagination?: { total?: number } } | null)?.pagination?.total;
    const list = listOf(data) as unknown as PopupRow[];
    return { list, total: typeof total === 'number' ? total : list.length };
  },
  async billRulesByCode(codes) {
    const wanted = new Set(codes);
    return (listOf(await get('/system/BillRule/Selector')) as unknown as PopupRow[]).filter((rule) => wanted.has(String(rule.enCode)) || wanted.has(String(rule.id)));
  },
};
