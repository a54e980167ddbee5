import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { Infrastructure } from '../../../kernel/server/infra/infrastructure.js';
import { idParams } from '../../../kernel/server/crud/requestSchemas.js';
import { colleagueHandlers } from './picker/colleagueHandlers.js';
import { lookupHandlers } from './picker/lookupHandlers.js';
import { memberHandlers } from './picker/memberHandlers.js';
import { pickerReads } from './picker/pickerReads.js';
import { conditionBody, organizeBody, organizeQuery, pageBody, pageQuery, positionQuery, roleQuery, storedIdsBody, userIdsBody } from './picker/pickerRequests.js';
import { treeHandlers } from './picker/treeHandlers.js';
import { USERS_BASE } from './userRoutes.js';

/**
 * The calls the user pickers make from any form (spec 001 §2–3): they need a session, not the user page. Pickers
 * list enabled users; label lookups (getUserList, getSelectedList) also name disabled ones, so a stored value
 * keeps its label.
 */
export async function userPickerRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; infra: Infrastructure }): Promise<void> {
  const reads = pickerReads(ctx.db, ctx.infra);
  const { listEveryone, listChatContacts, listMyReports } = colleagueHandlers(reads);
  const { readUserTree, listNodeChildren } = treeHandlers(reads);
  const { listOrganizationMembers, listPositionMembers, listRoleMembers, listChosenMembers, listUsersInMyScope, listSelectedUsers, listUsersUnderOrganization } = memberHandlers(app, reads);
  const { labelStoredUsers, labelStoredValues, readNeedUser } = lookupHandlers(reads);

  app.get(`${USERS_BASE}/All`, listEveryone);
  app.get(`${USERS_BASE}/Selector`, readUserTree);
  app.get(`${USERS_BASE}/ImUser`, { schema: { querystring: pageQuery } }, listChatContacts);
  app.post(`${USERS_BASE}/ImUser/Selector/:id`, { schema: { params: idParams, body: pageBody } }, listNodeChildren);
  app.post(`${USERS_BASE}/getUserList`, { schema: { body: userIdsBody } }, labelStoredUsers);
  app.post(`${USERS_BASE}/getSubordinates`, { schema: { body: pageBody } }, listMyReports);
  app.get(`${USERS_BASE}/getOrganization`, { schema: { querystring: organizeQuery } }, listOrganizationMembers);
  app.get(`${USERS_BASE}/GetUsersByPositionId`, { schema: { querystring: positionQuery } }, listPositionMembers);
  app.get(`${USERS_BASE}/GetUsersByRoleOrgId`, { schema: { querystring: roleQuery } }, listRoleMembers);
  app.post(`${USERS_BASE}/UserCondition`, { schema: { body: conditionBody } }, listChosenMembers);
  app.post(`${USERS_BASE}/GetListByAuthorize/:id`, { schema: { params: idParams, body: pageBody } }, listUsersInMyScope);
  app.post(`${USERS_BASE}/getSelectedList`, { schema: { body: storedIdsBody } }, labelStoredValues);
  app.post(`${USERS_BASE}/getSelectedUserList`, { schema: { body: storedIdsBody } }, listSelectedUsers);
  app.post(`${USERS_BASE}/getListByParam`, { schema: { body: organizeBody } }, listUsersUnderOrganization);
  app.get(`${USERS_BASE}/getUserById/:id`, { schema: { params: idParams } }, readNeedUser);
}
