import type { FastifyRequest } from 'fastify';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { findUser } from '../userService.js';
import { pickerUsersByIds } from '../userDirectory.js';
import { labelRefs, parseRefs } from '../userObjects.js';
import type { PickerReads } from './pickerReads.js';

/** Reads by stored id, disabled users included: the labels of a field's stored values, and one user's details. */
export function lookupHandlers({ db, loadOrganizeIndex }: PickerReads) {
  async function labelStoredUsers(request: FastifyRequest<{ Body: { userId?: string[] } | null }>) {
    return ok({ list: await pickerUsersByIds(db, request.body?.userId ?? []) });
  }

  async function labelStoredValues(request: FastifyRequest<{ Body: { userId?: string[]; ids?: string[] } | null }>) {
    return ok({ list: await labelRefs(db, parseRefs(request.body?.userId ?? request.body?.ids ?? [])) });
  }

  // What a requisition form takes from its need user: organisation, company above it, and the project flag.
  async function readNeedUser(request: FastifyRequest<{ Params: { id: string } }>) {
    const user = await findUser(db, request.params.id);
    const organizes = await loadOrganizeIndex();
    return ok({
      id: user.id,
      account: user.account,
      realName: user.real_name,
      headIcon: user.head_icon ?? '',
      organizeId: user.organize_id,
      department: organizes.get(user.organize_id)?.fullName ?? '',
      organize: organizes.pathText(user.organize_id),
      companyId: organizes.companyOf(user.organize_id) ?? '',
      positionId: user.position_id ?? '',
      fillProject: user.fill_project,
    });
  }

  return { labelStoredUsers, labelStoredValues, readNeedUser };
}
