import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { pageOf } from '../../../../kernel/server/crud/listQuery.js';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { toPickerUser, type OrganizeIndex, type OrganizeNode } from '../userDirectory.js';
import { directMembers, keywordCondition } from '../userObjects.js';
import type { PageBody } from './pickerRequests.js';
import type { PickerReads } from './pickerReads.js';

/** The picker's organisation tree: companies and departments as nodes, their users as leaves. */
const ORGANIZE_ICON = { company: 'icon-ym icon-ym-tree-organization3', department: 'icon-ym icon-ym-tree-department1' } as Record<string, string>;

function organizeNode(node: OrganizeNode, organizes: OrganizeIndex) {
  return {
    id: node.id,
    parentId: node.parentId,
    fullName: node.fullName,
    type: node.category,
    icon: ORGANIZE_ICON[node.category] ?? ORGANIZE_ICON.department,
    organize: organizes.pathText(node.id),
    organizeIds: node.path,
    hasChildren: true,
    isLeaf: false,
    disabled: node.enabledMark !== 1,
  };
}

export function treeHandlers({ loadOrganizeIndex, enabledUsers, pageUsers }: PickerReads) {
  // The whole organisation tree with each organisation's users under its sub-organisations.
  async function readUserTree() {
    const organizes = await loadOrganizeIndex();
    const users = await enabledUsers().orderBy('u.sort_code').orderBy('u.id').execute();
    type Node = ReturnType<typeof organizeNode> & { children: unknown[] };
    const nodes = new Map<string, Node>(organizes.all().map((o) => [o.id, { ...organizeNode(o, organizes), children: [] }]));
    const roots: Node[] = [];
    for (const node of nodes.values()) (nodes.get(node.parentId)?.children ?? roots).push(node);
    for (const user of users) nodes.get(user.organize_id)?.children.push({ ...toPickerUser(user, organizes), parentId: user.organize_id });
    for (const node of nodes.values()) node.hasChildren = node.children.length > 0;
    return ok({ list: roots });
  }

  /**
   * Children of a picker tree node: the organisation's sub-organisations, then its users (main organisation or
   * member), paged together. Node 0 or -1 is the top. With a keyword, the search runs over all users instead.
   */
  async function listNodeChildren(request: FastifyRequest<{ Params: { id: string }; Body: PageBody }>) {
    const organizes = await loadOrganizeIndex();
    if (keywordCondition(request.body?.keyword)) return ok(await pageUsers(undefined, request.body, organizes));
    const nodeId = request.params.id === '0' ? '-1' : request.params.id;
    const children = organizes.all().filter((o) => o.parentId === nodeId).map((o) => organizeNode(o, organizes));
    const { currentPage, pageSize } = pageOf({ currentPage: request.body?.currentPage ?? undefined, pageSize: request.body?.pageSize ?? undefined });
    const start = (currentPage - 1) * pageSize;
    const orgPart = children.slice(start, start + pageSize);
    if (nodeId === '-1') return ok({ list: orgPart, pagination: { currentPage, pageSize, total: children.length } });
    const query = enabledUsers().where(directMembers(nodeId));
    const { total } = await query.clearSelect().select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
    const userLimit = pageSize - orgPart.length;
    const rows = userLimit > 0 ? await query.orderBy('u.sort_code').orderBy('u.id').limit(userLimit).offset(Math.max(0, start - children.length)).execute() : [];
    return ok({ list: [...orgPart, ...rows.map((r) => toPickerUser(r, organizes))], pagination: { currentPage, pageSize, total: children.length + Number(total) } });
  }

  return { readUserTree, listNodeChildren };
}
