import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { DEFAULT_HEAD_ICON, loadNamedMemberships, loadOrganizeIndex, type OrganizeIndex } from './userDirectory.js';

/** The user list's rows (GET /permission/Users and its export): the user with organisation path, positions and roles. */
export const userListColumns = [
  'u.id', 'u.account', 'u.real_name', 'u.gender', 'u.mobile', 'u.email', 'u.organize_id', 'u.position_id', 'u.enabled_mark',
  'u.lock_mark', 'u.created_at', 'u.sort_code', 'u.head_icon', 'u.description', 'u.is_administrator', 'u.manager_id',
] as const;

interface UserListRow {
  id: string;
  account: string;
  real_name: string;
  gender: number;
  mobile: string | null;
  email: string | null;
  organize_id: string;
  position_id: string | null;
  enabled_mark: number;
  lock_mark: number;
  created_at: Date;
  sort_code: number;
  head_icon: string | null;
  description: string | null;
  is_administrator: number;
}

export async function describeUsers(db: Kysely<DB>, rows: readonly UserListRow[], organizes?: OrganizeIndex) {
  const index = organizes ?? (await loadOrganizeIndex(db));
  const { memberships, positions, roles } = await loadNamedMemberships(db, rows.map((r) => r.id));
  return rows.map((r) => {
    const member = memberships.get(r.id)!;
    // The main organisation first, then the others the user belongs to.
    const organizeIds = [r.organize_id, ...member.Organize.filter((id) => id !== r.organize_id)];
    const positionIds = r.position_id ? [r.position_id, ...member.Position.filter((id) => id !== r.position_id)] : member.Position;
    return {
      id: r.id,
      account: r.account,
      realName: r.real_name,
      fullName: `${r.real_name}/${r.account}`,
      gender: r.gender,
      mobilePhone: r.mobile ?? '',
      email: r.email ?? '',
      organize: organizeIds.map((id) => index.pathText(id)).filter(Boolean).join(','),
      organizeId: r.organize_id,
      position: positionIds.map((id) => positions.get(id)).filter(Boolean).join(','),
      roleName: member.Role.map((id) => roles.get(id)).filter(Boolean).join(','),
      description: r.description ?? '',
      enabledMark: r.enabled_mark,
      lockMark: r.lock_mark,
      isAdministrator: r.is_administrator,
      creatorTime: r.created_at,
      sortCode: r.sort_code,
      headIcon: r.head_icon ?? DEFAULT_HEAD_ICON,
    };
  });
}
