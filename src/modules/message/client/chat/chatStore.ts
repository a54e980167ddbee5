import { proxy } from 'valtio';
import type { Conversation } from './chatApi.js';

/** A message as the window shows it: text, or an image {path, width, height}. */
export interface ChatMessage {
  id: string;
  sendUserId: string;
  sendTime: number;
  contentType: string;
  content: string | { name?: string; path?: string; width?: number | null; height?: number | null };
}

/** History sizes (spec 001 §9): the latest 30 when a conversation opens, then pages of 50. */
export const FIRST_PAGE_SIZE = 30;
export const HISTORY_PAGE_SIZE = 50;

/**
 * The chat's state: the conversation list (with unread counts), and the open conversation's messages. The socket
 * (chatSocket.ts) and the drawer change it; the navbar badge reads the sum of unread counts.
 */
export const chat = proxy({
  connected: false,
  drawerOpen: false,
  conversations: [] as Conversation[],
  /** The peer of the open conversation. */
  active: null as Conversation | null,
  messages: [] as ChatMessage[],
  /** Total messages of the open conversation, as the last history page said. */
  total: 0,
  loadingHistory: false,
  hasMore: false,
});

export const unreadTotal = (conversations: readonly Conversation[]) => conversations.reduce((sum, c) => sum + (c.unreadMessage || 0), 0);

/** JNPF stores an image message's content as JSON text; frames carry it as an object. */
export function parseContent(type: string, content: unknown): ChatMessage['content'] {
  if (type === 'text' || typeof content !== 'string') return (content ?? '') as ChatMessage['content'];
  try {
    return JSON.parse(content) as ChatMessage['content'];
  } catch {
    return content;
  }
}

/** Puts a conversation first with the latest message, creating it when the peer is new to the list. */
export function touchConversation(entry: Omit<Conversation, 'unreadMessage'>, unreadBy: number): void {
  const index = chat.conversations.findIndex((c) => c.id === entry.id);
  const known = index >= 0 ? chat.conversations[index] : undefined;
  const next: Conversation = { ...(known ?? entry), ...entry, unreadMessage: (known?.unreadMessage ?? 0) + unreadBy };
  chat.conversations = [next, ...chat.conversations.filter((c) => c.id !== entry.id)];
}

export function addMessage(message: ChatMessage): void {
  if (chat.messages.some((m) => m.id === message.id)) return;
  chat.messages.push(message);
  chat.total += 1;
}
