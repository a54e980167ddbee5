/**
 * A chat conversation entry (spec 001 §3), as GET /api/message/imreply answers it: id is the peer's user id;
 * latestMessage is the text, or for an image its JSON (clients show a placeholder by messageType).
 */
export interface ConversationEntry {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
  unreadMessage: number;
  latestMessage: string;
  messageType: string;
  latestDate: number | null;
}
