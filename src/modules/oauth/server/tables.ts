import type { Generated } from 'kysely';
import type { Timestamp, NullableTimestamp, WithDefault } from '../../../kernel/server/db/columnTypes.js';

/** The oauth module's tables, added to the server's DB type below (the kernel's DB knows no table itself). */

export interface SessionTable {
  /** sha-256 of the token: a stolen database copy holds no usable token. */
  token_hash: string;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  last_seen_at: Generated<Date>;
  revoked_at: NullableTimestamp;
  revoke_reason: string | null;
  locked: WithDefault<number>;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  account: string;
  ip: string;
  succeeded: number;
  created_at: Generated<Date>;
}

export interface CaptchaTable {
  id: string;
  answer: string;
  expires_at: Timestamp;
}

export interface SmsCodeTable {
  id: string;
  mobile: string;
  code_hash: string;
  ip: string;
  attempts: Generated<number>;
  used: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Date;
}

export interface LoginTicketTable {
  id_hash: string;
  /** scan or sso */
  kind: string;
  /** waiting, scanned, confirmed (scan); confirmed (sso) */
  status: string;
  user_id: string | null;
  /** scan: the hash of the secret only the requesting page holds */
  secret_hash: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
}

export interface SsoStateTable {
  state: string;
  code_verifier: string;
  nonce: string;
  redirect: string;
  expires_at: Date;
}

/** One captcha or scan ticket asked for by an address, counted for its per-address limit. */
export interface AddressRequestTable {
  id: Generated<number>;
  bucket: string;
  ip: string;
  created_at: Generated<Date>;
}

export interface OauthTables {
  auth_session: SessionTable;
  auth_login_attempt: LoginAttemptTable;
  auth_captcha: CaptchaTable;
  auth_sms_code: SmsCodeTable;
  auth_login_ticket: LoginTicketTable;
  auth_sso_state: SsoStateTable;
  auth_address_request: AddressRequestTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends OauthTables {}
}
