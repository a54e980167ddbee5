import type { Generated } from 'kysely';
import type { NullableTimestamp, WithDefault } from '../../../kernel/server/db/columnTypes.js';

/** The mail module's tables, added to the server's DB type at the end of this file. */

/** A mail a user wrote: state -1 draft, 1 sent (JNPF's base_email_send). Addresses are comma-joined accounts. */
export interface EmailSendTable {
  id: string;
  user_id: string;
  recipient: WithDefault<string>;
  cc: string | null;
  bcc: string | null;
  subject: string;
  body_text: string | null;
  /** JSON list of {fileId, fileName, fileSize}. */
  attachment: string | null;
  state: number;
  created_at: Generated<Date>;
  last_modify_time: NullableTimestamp;
}

/** One recipient's copy of a sent mail (JNPF's base_email_receive); bcc is not on it. */
export interface EmailReceiveTable {
  id: string;
  user_id: string;
  send_id: string | null;
  /** The recipient's own account, the mailbox it arrived in. */
  m_account: string;
  sender: string;
  sender_name: string;
  recipient: WithDefault<string>;
  cc: string | null;
  subject: string;
  body_text: string | null;
  attachment: string | null;
  is_read: WithDefault<number>;
  starred: WithDefault<number>;
  fdate: WithDefault<Date>;
  created_at: Generated<Date>;
}

export interface EmailTables {
  base_email_send: EmailSendTable;
  base_email_receive: EmailReceiveTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends EmailTables {}
}
