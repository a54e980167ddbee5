import type { FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { toPickerUser } from '../userDirectory.js';
import { callerId, type PageBody } from './pickerRequests.js';
import type { PickerReads } from './pickerReads.js';

/** Colleagues not tied to a node of the organisation tree: everyone, the chat's contacts, the caller's direct reports. */
export function colleagueHandlers({ loadOrganizeIndex, enabledUsers, pageUsers }: PickerReads) {
  async function listEveryone() {
    const organizes = await loadOrganizeIndex();
    const rows = await enabledUsers().orderBy('u.sort_code').orderBy('u.id').execute();
    return ok({ list: rows.map((r) => toPickerUser(r, organizes)) });
  }

  async function listChatContacts(request: FastifyRequest<{ Querystring: PageBody }>) {
    const page = await pageUsers(sql<SqlBool>`u.id <> ${callerId(request)}`, request.query);
    return ok({ list: page.list.map((u) => ({ ...u, department: u.organize })), pagination: page.pagination });
  }

  async function listMyReports(request: FastifyRequest<{ Body: PageBody }>) {
    const { list } = await pageUsers(sql<SqlBool>`u.manager_id = ${callerId(request)}`, { ...request.body, currentPage: 1, pageSize: 10_000 });
    return ok({ list });
  }

  return { listEveryone, listChatContacts, listMyReports };
}
