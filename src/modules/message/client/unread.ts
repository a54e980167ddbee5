import { proxy } from 'valtio';
import { request } from '../../../kernel/client/api/request.js';

/**
 * The navbar's unread count and latest messages (GET /api/message/getUnReadMsgNum). Small on purpose: the bell
 * loads it without the message screens. A refused call leaves what was shown.
 */
export interface LatestMessage {
  id: string;
  title: string;
  type: number;
  isRead: number;
  releaseTime: number | null;
}

export const unread = proxy<{ total: number; latest: LatestMessage[] }>({ total: 0, latest: [] });

let pending: Promise<void> | null = null;

export function refreshUnread(): Promise<void> {
  pending ??= request<{ unReadNum?: string; latest?: LatestMessage[] }>({ url: '/message/getUnReadMsgNum', method: 'GET', silent: true })
    .then(({ data }) => {
      const total = Number(data?.unReadNum ?? 0);
      unread.total = Number.isFinite(total) && total > 0 ? total : 0;
      unread.latest = Array.isArray(data?.latest) ? data.latest : [];
    })
    .catch(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}
