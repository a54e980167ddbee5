import type { Kysely } from 'kysely';
import type { ConversationEntry } from '../../../../shared/chatEntry.js';
import type { DB } from '../../../../kernel/server/db/schema.js';
import { epochMs } from '../userNames.js';

/** The avatar a user without one shows, as the session answers it. */
export const DEFAULT_HEAD_ICON = '/api/file/Image/userAvatar/default.png';

/** Entries shown in the user's list: newest first; removed ones and peers since disabled or deleted are left out. */
export async function conversations(db: Kysely<DB>, userId: string): Promise<ConversationEntry[]> {
  const rows = await db
    .selectFrom('base_im_reply as r')
    .innerJoin('base_user as u', 'u.id', 'r.peer_user_id')
    .select(['r.peer_user_id', 'r.latest_message', 'r.message_type', 'r.latest_date', 'r.unread_count', 'u.real_name', 'u.account', 'u.head_icon'])
    .where('r.user_id', '=', userId)
    .where('r.delete_mark', '=', 0)
    .where('u.enabled_mark', '=', 1)
    .orderBy('r.latest_date', 'desc')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    id: r.peer_user_id,
    realName: r.real_name,
    account: r.account,
    headIcon: r.head_icon || DEFAULT_HEAD_ICON,
    unreadMessage: r.unread_count,
    latestMessage: r.latest_message,
    messageType: r.message_type,
    latestDate: epochMs(r.latest_date),
  }));
}

/** JNPF's ImUnreadNumModel: the unread chat messages per sender, as initMessage's unreadNums carries them. */
export interface UnreadFromSender {
  sendUserId: string;
  unreadNum: number;
  defaultMessage: string;
  defaultMessageType: string;
  defaultMessageTime: string;
}

export async function unreadBySender(db: Kysely<DB>, userId: string): Promise<UnreadFromSender[]> {
  const rows = await db
    .selectFrom('base_im_reply')
    .select(['peer_user_id', 'unread_count', 'latest_message', 'message_type', 'latest_date'])
    .where('user_id', '=', userId)
    .where('delete_mark', '=', 0)
    .where('unread_count', '>', 0)
    .orderBy('latest_date', 'desc')
    .execute();
  return rows.map((r) => ({
    sendUserId: r.peer_user_id,
    unreadNum: r.unread_count,
    defaultMessage: r.latest_message,
    defaultMessageType: r.message_type,
    defaultMessageTime: String(epochMs(r.latest_date) ?? ''),
  }));
}
