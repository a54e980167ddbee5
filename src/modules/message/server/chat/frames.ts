import { epochMs } from '../userNames.js';
import { contentForFrame } from './content.js';
import { DEFAULT_HEAD_ICON } from './entries.js';
import type { ChatMessageRow } from './store.js';

export interface ChatUser {
  id: string;
  real_name: string;
  account: string;
  head_icon: string | null;
}

const person = (user: ChatUser) => ({ realName: user.real_name, account: user.account, headIcon: user.head_icon || DEFAULT_HEAD_ICON });

/**
 * The pushes of JNPF's chat, as its web clients read them. `id` is LabCode's addition (a client that holds the
 * message already, from another tab or a history page, can tell).
 */

/** To the receiver's sockets: a message arrived from formUserId. */
export function receiveMessageFrame(message: ChatMessageRow, sender: ChatUser) {
  const time = epochMs(message.send_time);
  return {
    method: 'receiveMessage',
    id: message.id,
    formUserId: message.send_user_id,
    userId: message.receive_user_id,
    ...person(sender),
    dateTime: time,
    latestDate: time,
    messageType: message.content_type,
    formMessage: contentForFrame(message.content_type, message.content),
  };
}

/** To the sender's sockets (every tab, every process): the message is saved. */
export function sendMessageFrame(message: ChatMessageRow, sender: ChatUser, receiver: ChatUser) {
  const time = epochMs(message.send_time);
  const to = person(receiver);
  return {
    method: 'sendMessage',
    id: message.id,
    userId: message.send_user_id,
    toUserId: message.receive_user_id,
    ...person(sender),
    toRealName: to.realName,
    toAccount: to.account,
    toHeadIcon: to.headIcon,
    dateTime: time,
    latestDate: time,
    messageType: message.content_type,
    toMessage: contentForFrame(message.content_type, message.content),
  };
}

/** A history message as MessageList's list carries it (JNPF's ImContentEntity). */
export function historyItem(message: ChatMessageRow) {
  return {
    id: message.id,
    sendUserId: message.send_user_id,
    receiveUserId: message.receive_user_id,
    sendTime: epochMs(message.send_time),
    receiveTime: epochMs(message.receive_time),
    contentType: message.content_type,
    content: message.content,
    enabledMark: message.enabled_mark,
  };
}

/** A frame the server could not carry out: JNPF clients ignore unknown methods; ours shows msg. */
export const chatErrorFrame = (request: string, code: number, msg: string) => ({ method: 'error', request, code, msg });
