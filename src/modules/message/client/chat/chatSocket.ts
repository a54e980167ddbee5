import { message } from 'antd';
import { sessionEndedElsewhere } from '../../../../kernel/client/api/request.js';
import { i18n, languageTag } from '../../../../kernel/client/i18n/index.js';
import { session } from '../../../../kernel/client/stores/session.js';
import { fetchConversations } from './chatApi.js';
import { FIRST_PAGE_SIZE, HISTORY_PAGE_SIZE, addMessage, chat, parseContent, touchConversation, type ChatMessage } from './chatStore.js';

type Frame = Record<string, any>;

/** Reconnects after a drop, waiting longer each time up to this. */
const MAX_RETRY_MS = 30_000;

let socket: WebSocket | null = null;
let socketToken: string | null = null;
let retryMs = 1000;
let retryTimer: number | undefined;
/** Whether the history page asked for is the first of a conversation (replaces) or an older one (prepends). */
let historyMode: 'first' | 'older' = 'first';

const me = () => session.userInfo?.userId ?? '';

function send(frame: Frame): boolean {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify({ token: socketToken, ...frame }));
  return true;
}

async function refreshConversations(): Promise<void> {
  try {
    chat.conversations = await fetchConversations();
  } catch {
    // The list stays as it was; the next message or reopening asks again.
  }
}

function onFrame(frame: Frame): void {
  switch (frame.method) {
    case 'initMessage':
      chat.connected = true;
      retryMs = 1000;
      void refreshConversations();
      break;
    case 'receiveMessage': {
      const open = chat.drawerOpen && chat.active?.id === frame.formUserId;
      const item: ChatMessage = { id: frame.id, sendUserId: frame.formUserId, sendTime: frame.dateTime, contentType: frame.messageType, content: parseContent(frame.messageType, frame.formMessage) };
      touchConversation(
        { id: frame.formUserId, realName: frame.realName, account: frame.account, headIcon: frame.headIcon, latestMessage: latestText(frame.messageType, frame.formMessage), messageType: frame.messageType, latestDate: frame.latestDate },
        open ? 0 : 1,
      );
      if (open) {
        addMessage(item);
        send({ method: 'UpdateReadMessage', formUserId: frame.formUserId });
      }
      break;
    }
    case 'sendMessage': {
      touchConversation(
        { id: frame.toUserId, realName: frame.toRealName, account: frame.toAccount, headIcon: frame.toHeadIcon, latestMessage: latestText(frame.messageType, frame.toMessage), messageType: frame.messageType, latestDate: frame.latestDate },
        0,
      );
      if (chat.active?.id === frame.toUserId) addMessage({ id: frame.id, sendUserId: frame.userId, sendTime: frame.dateTime, contentType: frame.messageType, content: parseContent(frame.messageType, frame.toMessage) });
      break;
    }
    case 'messageList': {
      if (chat.active?.id !== frame.toUserId) break;
      const list: ChatMessage[] = (frame.list ?? []).map((m: Frame) => ({ id: m.id, sendUserId: m.sendUserId, sendTime: m.sendTime, contentType: m.contentType, content: parseContent(m.contentType, m.content) }));
      const known = new Set(chat.messages.map((m) => m.id));
      const fresh = list.filter((m) => !known.has(m.id));
      chat.messages = historyMode === 'first' ? list : [...fresh, ...chat.messages];
      chat.total = Number(frame.pagination?.total ?? chat.messages.length);
      chat.hasMore = list.length >= Number(frame.pagination?.pageSize ?? FIRST_PAGE_SIZE) && chat.messages.length < chat.total;
      chat.loadingHistory = false;
      break;
    }
    case 'logout':
      // The session ended elsewhere (another tab signed out, an administrator disabled the user or reset the
      // password): the server says why and closes the socket; the page goes to sign-in showing it (decision 167).
      sessionEndedElsewhere(typeof frame.msg === 'string' ? frame.msg : undefined);
      break;
    case 'error':
      chat.loadingHistory = false;
      void message.error({ content: frame.msg, duration: 3 });
      break;
    default:
      // messagePush (the bell's counts) and others are not the chat's.
      break;
  }
}

/** What the conversation list shows as the latest message: an image's JSON, as the server stores it. */
const latestText = (type: string, content: unknown) => (type === 'text' ? String(content ?? '') : JSON.stringify(content ?? {}));

/** Opens the message socket for the signed-in user (once), and reopens it after a drop. */
export function connectChat(): void {
  const token = session.token;
  if (!token || (socket && socketToken === token && socket.readyState <= WebSocket.OPEN)) return;
  disconnectChat();
  socketToken = token;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const bare = token.replace(/^bearer\s+/i, '');
  const opened = new WebSocket(`${scheme}://${window.location.host}/api/message/websocket/${encodeURIComponent(bare)}?lang=${encodeURIComponent(languageTag(i18n.language))}`);
  socket = opened;
  opened.onopen = () => opened.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false }));
  opened.onmessage = (event) => {
    try {
      onFrame(JSON.parse(String(event.data)) as Frame);
    } catch {
      // Not a frame of ours.
    }
  };
  opened.onclose = (event) => {
    if (socket !== opened) return;
    chat.connected = false;
    socket = null;
    // 4600–4602: the session is over (the logout frame before the close has said why); no reconnecting.
    if (event.code >= 4600 && event.code <= 4602) {
      sessionEndedElsewhere(event.reason || undefined);
      return;
    }
    retryTimer = window.setTimeout(() => {
      if (session.token === token) connectChat();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };
}

export function disconnectChat(): void {
  window.clearTimeout(retryTimer);
  const old = socket;
  socket = null;
  socketToken = null;
  chat.connected = false;
  old?.close();
}

/** Opens a conversation: marks it read and asks for the latest 30 messages (spec 001 §4). */
export function openConversation(peer: { id: string; realName: string; account: string; headIcon: string }): void {
  const entry = chat.conversations.find((c) => c.id === peer.id);
  chat.active = entry ? { ...entry } : { ...peer, unreadMessage: 0, latestMessage: '', messageType: '', latestDate: null };
  if (entry) entry.unreadMessage = 0;
  chat.messages = [];
  chat.total = 0;
  chat.hasMore = false;
  chat.loadingHistory = true;
  historyMode = 'first';
  send({ method: 'UpdateReadMessage', formUserId: peer.id, toUserId: peer.id });
  if (!send({ method: 'MessageList', toUserId: peer.id, formUserId: me(), currentPage: 1, pageSize: FIRST_PAGE_SIZE, sord: 'desc', keyword: '' })) chat.loadingHistory = false;
}

/** The next page of 50 before the oldest message shown, while more remain. */
export function loadOlder(): void {
  const peer = chat.active;
  if (!peer || chat.loadingHistory || !chat.hasMore || chat.messages.length === 0) return;
  chat.loadingHistory = true;
  historyMode = 'older';
  if (!send({ method: 'MessageList', toUserId: peer.id, formUserId: me(), currentPage: 1, pageSize: HISTORY_PAGE_SIZE, sord: 'desc', keyword: '', beforeId: chat.messages[0].id })) chat.loadingHistory = false;
}

/** Sends a text (never an empty one: spec 001 §5) or an image; answers whether it went out. */
export function sendChat(messageType: 'text' | 'image', messageContent: string | { name: string; width: number; height: number }): boolean {
  const peer = chat.active;
  if (!peer) return false;
  if (messageType === 'text' && (typeof messageContent !== 'string' || messageContent.trim() === '')) return false;
  return send({ method: 'SendMessage', toUserId: peer.id, messageType, messageContent });
}

export function closeConversation(): void {
  chat.active = null;
  chat.messages = [];
}
