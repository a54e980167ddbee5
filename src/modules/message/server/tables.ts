import type { Generated } from 'kysely';
import type { NullableTimestamp, WithDefault } from '../../../kernel/server/db/columnTypes.js';

/** The message module's tables, added to the server's DB type at the end of this file. */

/**
 * A notice (通知公告) an administrator writes and releases (JNPF's base_notice). enabled_mark: 0 draft, 1 released;
 * the list shows 2 (expired) for a released notice past its expiration_time, computed when read.
 */
export interface NoticeTable {
  id: string;
  title: string;
  body_text: string | null;
  /** 1 announcement (公告), 2 notification (通知). */
  category: WithDefault<string>;
  excerpt: string | null;
  cover_image: string | null;
  /** JSON list of attached files, as the client sent it. */
  files: string | null;
  /** Comma-joined user ids the release reaches; empty reaches every enabled user. */
  to_user_ids: string | null;
  expiration_time: NullableTimestamp;
  enabled_mark: WithDefault<number>;
  creator_user_id: string;
  created_at: Generated<Date>;
  last_modify_time: NullableTimestamp;
  last_modify_user_id: string | null;
  release_time: NullableTimestamp;
  release_user_id: string | null;
}

/**
 * One message in one user's message list (JNPF's base_message): a released notice gives every recipient a row, so
 * read marks and deletions are per user. type: 1 notice, 2 workflow, 3 system, 4 schedule.
 */
export interface MessageReceiptTable {
  id: string;
  user_id: string;
  type: number;
  title: string;
  body_text: string | null;
  /** The notice it came from (deleted with it); null for other types. */
  notice_id: string | null;
  /** 1 approval, 2 delegation: workflow messages only. */
  flow_type: number | null;
  is_read: WithDefault<number>;
  read_time: NullableTimestamp;
  creator_user_id: string | null;
  created_at: Generated<Date>;
}

/** A message template (消息模板, JNPF's base_msg_template): a title and content with {parameter} placeholders. */
export interface MessageTemplateTable {
  id: string;
  full_name: string;
  en_code: string;
  /** 1 system template, 0 custom. */
  template_type: WithDefault<string>;
  /** msgSourceType: 1 notice, 2 workflow, 3 system, 4 schedule. */
  message_source: string;
  /** msgSendType: 1 in-app, 2 e-mail, 3 SMS, 4 DingTalk, 5 WeCom, 6 WeChat official account, 7 webhook. */
  message_type: string;
  title: string;
  content: string | null;
  /** The template code an SMS or WeChat platform knows the template by. */
  template_code: string | null;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  creator_user_id: string;
  created_at: Generated<Date>;
  last_modify_time: NullableTimestamp;
  last_modify_user_id: string | null;
}

/** A parameter of a template: the {field} its text names and what it means. */
export interface MessageTemplateParamTable {
  id: string;
  template_id: string;
  field: string;
  field_name: string;
  sort_code: WithDefault<number>;
}

export interface MessageTables {
  base_notice: NoticeTable;
  base_message: MessageReceiptTable;
  base_msg_template: MessageTemplateTable;
  base_msg_template_param: MessageTemplateParamTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends MessageTables {}
}
