import { beforeEach, describe, expect, it } from 'vitest';
import { addMessage, chat, parseContent, touchConversation, unreadTotal } from '../../../src/modules/message/client/chat/chatStore.js';

const entry = (id: string, latestMessage: string) => ({ id, realName: id, account: id, headIcon: '', latestMessage, messageType: 'text', latestDate: 1 });

describe('chat store', () => {
  beforeEach(() => {
    chat.conversations = [];
    chat.messages = [];
    chat.total = 0;
  });

  it('puts the conversation of a new message first, adding to its unread count or creating it', () => {
    touchConversation(entry('a', 'one'), 1);
    touchConversation(entry('b', 'two'), 1);
    touchConversation(entry('a', 'three'), 1);
    expect(chat.conversations.map((c) => [c.id, c.latestMessage, c.unreadMessage])).toEqual([
      ['a', 'three', 2],
      ['b', 'two', 1],
    ]);
    // A message the user sent (or reads at once) adds nothing unread.
    touchConversation(entry('b', 'mine'), 0);
    expect(chat.conversations[0]).toMatchObject({ id: 'b', latestMessage: 'mine', unreadMessage: 1 });
    expect(unreadTotal(chat.conversations)).toBe(3);
  });

  it('keeps one copy of a message that arrives twice (another tab, a history page)', () => {
    const message = { id: 'm1', sendUserId: 'a', sendTime: 1, contentType: 'text', content: 'hi' };
    addMessage(message);
    addMessage({ ...message });
    expect(chat.messages).toHaveLength(1);
    expect(chat.total).toBe(1);
  });

  it('reads an image stored as JSON text, and leaves text and unreadable content as they are', () => {
    expect(parseContent('image', '{"path":"/api/file/Image/IM/x.png","width":2}')).toEqual({ path: '/api/file/Image/IM/x.png', width: 2 });
    expect(parseContent('image', { path: '/p' })).toEqual({ path: '/p' });
    expect(parseContent('text', '{"not":"parsed"}')).toBe('{"not":"parsed"}');
    expect(parseContent('image', 'broken{')).toBe('broken{');
  });
});
