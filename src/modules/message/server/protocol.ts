/** The unread counts of the user's message list (notices, workflow, system, schedule messages), by JNPF's names. */
export interface UnreadFrameFields {
  unreadNoticeCount: number;
  unreadMessageCount: number;
  unreadSystemMessageCount: number;
  unreadScheduleCount: number;
  unreadTotalCount: number;
}

/**
 * The JSON frames of JNPF's message websocket, as its web clients (3.4, 3.6) read them. Every frame carries a
 * `method`; the client ignores methods it does not know. Chat (sendMessage, receiveMessage, messageList) is a
 * the chat's (chat/): SendMessage, MessageList and UpdateReadMessage in, receiveMessage, sendMessage and messageList out.
 */
export interface ClientFrame {
  method: string;
  token?: string;
}

/** A frame the client sent, or undefined for anything that is not a JSON object with a method. */
export function parseClientFrame(data: string): ClientFrame | undefined {
  try {
    const value: unknown = JSON.parse(data);
    if (value === null || typeof value !== 'object' || typeof (value as ClientFrame).method !== 'string') return undefined;
    return value as ClientFrame;
  } catch {
    return undefined;
  }
}

/**
 * The answer to OnConnection. 3.4 clients add unreadMessageCount and unreadNoticeCount for the bell badge, 3.6
 * clients read unreadTotalCount; both read unreadNums.length (so it must be an array) for the chat icon.
 */
export function initMessage(
  unread: UnreadFrameFields = { unreadNoticeCount: 0, unreadMessageCount: 0, unreadSystemMessageCount: 0, unreadScheduleCount: 0, unreadTotalCount: 0 },
  unreadNums: readonly unknown[] = [],
) {
  return {
    method: 'initMessage',
    onlineUsers: [] as string[],
    /** The unread chat messages per sender (chat/entries.ts, unreadBySender). */
    unreadNums,
    ...unread,
    noticeDefaultText: '',
    noticeDefaultTime: 0,
    messageDefaultText: '',
    messageDefaultTime: 0,
  };
}

/** Sent before the server closes a socket whose session is gone: JNPF clients show msg and return to sign-in. */
export const logoutFrame = (msg: string) => ({ method: 'logout', msg });
