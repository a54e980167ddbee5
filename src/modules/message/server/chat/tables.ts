import type { Generated } from 'kysely';
import type { NullableTimestamp, WithDefault } from '../../../../kernel/server/db/columnTypes.js';


/**
 * One chat message between two users (JNPF's base_im_content). content_type: text, image (voice and video are
 * JNPF's app types: read, never sent by this product). enabled_mark: 0 unread, 1 read by the receiver. The delete
 * marks say which side cleared it; a row both sides cleared is gone.
 */
export interface ChatMessageTable {
  id: string;
  send_user_id: string;
  receive_user_id: string;
  send_time: Generated<Date>;
  receive_time: NullableTimestamp;
  content_type: string;
  /** The text, or for an image the JSON {name, path, width, height}. */
  content: string;
  enabled_mark: WithDefault<number>;
  send_delete_mark: WithDefault<number>;
  receive_delete_mark: WithDefault<number>;
}

/**
 * A conversation entry: what one user's conversation list shows of their chat with one peer (JNPF's
 * base_im_reply). delete_mark 1: removed from the list (relocation) until the next message either way.
 */
export interface ChatEntryTable {
  id: string;
  user_id: string;
  peer_user_id: string;
  latest_message: WithDefault<string>;
  message_type: WithDefault<string>;
  latest_date: Generated<Date>;
  unread_count: WithDefault<number>;
  delete_mark: WithDefault<number>;
}

export interface ChatTables {
  base_im_content: ChatMessageTable;
  base_im_reply: ChatEntryTable;
}

declare module '../../../../kernel/server/db/schema.js' {
  interface DB extends ChatTables {}
}
