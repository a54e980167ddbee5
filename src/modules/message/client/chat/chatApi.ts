import type { ConversationEntry } from '../../../../shared/chatEntry.js';
import { request } from '../../../../kernel/client/api/request.js';

/** A conversation entry (spec 001 §3); id is the peer's user id. */
export type Conversation = ConversationEntry;

export interface Contact {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
  department?: string;
}

/** Contacts page size (spec 001 §9). */
export const CONTACTS_PAGE_SIZE = 20;

export async function fetchConversations(): Promise<Conversation[]> {
  return (await request<{ list: Conversation[] }>({ url: '/message/imreply', method: 'GET', silent: true })).data?.list ?? [];
}

export async function fetchContacts(keyword: string, currentPage: number) {
  const { data } = await request<{ list: Contact[]; pagination: { total: number } }>({
    url: '/permission/Users/ImUser',
    method: 'GET',
    params: { keyword, currentPage, pageSize: CONTACTS_PAGE_SIZE },
  });
  return { list: data?.list ?? [], total: data?.pagination?.total ?? 0 };
}

export async function clearChatRecords(peerId: string): Promise<string> {
  return (await request({ url: `/message/imreply/deleteChatRecord/${encodeURIComponent(peerId)}`, method: 'DELETE' })).msg;
}

export async function removeConversation(peerId: string): Promise<string> {
  return (await request({ url: `/message/imreply/relocation/${encodeURIComponent(peerId)}`, method: 'DELETE' })).msg;
}

/** One chat image (spec 001 §7: POST /api/file/Uploader/IM, one file under 5 MB); answers its name. */
export async function uploadChatImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('pathType', 'defaultPath');
  form.append('isAccount', '0');
  form.append('folder', '');
  form.append('file', file, file.name);
  return (await request<{ name: string }>({ url: '/file/Uploader/IM', method: 'POST', data: form as never })).data.name;
}
