import type { Generated } from 'kysely';
import type { Timestamp, NullableTimestamp, WithDefault } from '../../../kernel/server/db/columnTypes.js';

/** The users module's tables, added to the server's DB type below (the kernel's DB knows no table itself). */

export interface UserTable {
  id: string;
  account: string;
  real_name: string;
  mobile: string | null;
  email: string | null;
  gender: WithDefault<number>;
  head_icon: string | null;
  organize_id: string;
  position_id: string | null;
  /** A sub-account belongs to a main account and signs in as mobile@account. */
  parent_user_id: string | null;
  password_hash: string;
  is_administrator: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  theme: WithDefault<string>;
  language: WithDefault<string>;
  signature: string | null;
  fill_project: WithDefault<number>;
  change_password_date: NullableTimestamp;
  prev_login_time: NullableTimestamp;
  prev_login_ip: string | null;
  last_login_time: NullableTimestamp;
  last_login_ip: string | null;
  sort_code: WithDefault<number>;
  created_at: Generated<Date>;
  manager_id: string | null;
  /** 1 while the account is locked after too many failed sign-ins or by an administrator; unlock clears it. */
  lock_mark: WithDefault<number>;
  description: string | null;
  last_modify_time: NullableTimestamp;
}

export interface UserRelationTable {
  id: string;
  user_id: string;
  /** Role, Position, Organize or Group */
  object_type: string;
  object_id: string;
}

export interface UserImageTable {
  id: string;
  user_id: string;
  /** avatar or sign */
  kind: string;
  content_type: string;
  content: Buffer;
  is_default: Generated<number>;
  created_at: Generated<Date>;
}

/** The password-sealing key pair of one period (modules/users/passwordKeys.ts): transport only, replaced daily. */
export interface PasswordKeyTable {
  period: number;
  /** SPKI DER, base64: what the client seals with. */
  public_key: string;
  /** PKCS#8 PEM. */
  private_key: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

/** What happened to an account and from where: written by sign-in (oauth) and the password change, read by the profile and the system log page. */
export interface SysLogTable {
  id: Generated<number>;
  user_id: string | null;
  account: string;
  /** SysLogCategory (sysLog.ts): 1 sign-in, 2 sign-out, 3 lock, 4 unlock, 5 failed sign-in, 6 password change */
  category: number;
  ip: string | null;
  description: string;
  created_at: Generated<Date>;
  /** The caller's User-Agent, cut to 500 characters (migration 0045_users_sys_log_user_agent); null before it. */
  user_agent: string | null;
}

export interface UsersTables {
  base_user: UserTable;
  base_user_relation: UserRelationTable;
  base_user_image: UserImageTable;
  base_password_key: PasswordKeyTable;
  base_sys_log: SysLogTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends UsersTables {}
}
