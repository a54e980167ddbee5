import { useCallback, useEffect, useRef, useState } from 'react';
import { Avatar, Badge, Button, Dropdown, Empty, Input, List, Spin, Tabs, Typography, message } from 'antd';
import { MoreOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ChatWindow } from './ChatWindow.js';
import { fetchContacts, removeConversation, type Contact, type Conversation } from './chatApi.js';
import { openConversation } from './chatSocket.js';
import { chat } from './chatStore.js';

/** Loads the next contacts page when the list is scrolled within this of its bottom (spec 001 §9). */
const NEAR_BOTTOM_PX = 200;

/** The latest message as one line: the text, or a placeholder for an image, voice or video. */
export function latestLine(t: (key: string) => string, type: string, text: string): string {
  if (type === 'image' || type === 'voice' || type === 'video') return t(`chat.${type}`);
  return text;
}

function when(time: number | null): string {
  if (!time) return '';
  const day = dayjs(time);
  return day.isSame(dayjs(), 'day') ? day.format('HH:mm') : day.format('MM-DD');
}

function Conversations() {
  const { t } = useTranslation();
  const { conversations } = useSnapshot(chat);
  const remove = async (entry: Conversation) => {
    const msg = await removeConversation(entry.id);
    chat.conversations = chat.conversations.filter((c) => c.id !== entry.id);
    if (msg) void message.success({ content: msg, duration: 1.5 });
  };
  if (conversations.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.noConversations')} />;
  return (
    <List
      size="small"
      dataSource={conversations as Conversation[]}
      renderItem={(entry) => (
        <List.Item
          className="lc-chat-item"
          data-testid="chat-conversation"
          data-account={entry.account}
          onClick={() => openConversation(entry)}
          extra={
            <span onClick={(event) => event.stopPropagation()}>
              <Dropdown trigger={['click']} menu={{ items: [{ key: 'remove', danger: true, label: <span data-testid="chat-remove">{t('chat.remove')}</span>, onClick: () => void remove(entry) }] }}>
                <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('chat.remove')} data-testid="chat-conversation-more" />
              </Dropdown>
            </span>
          }
        >
          <List.Item.Meta
            avatar={
              <span data-testid="chat-unread" data-count={entry.unreadMessage}>
                <Badge count={entry.unreadMessage} size="small" overflowCount={99}>
                  <Avatar src={entry.headIcon || undefined} icon={<UserOutlined />} />
                </Badge>
              </span>
            }
            title={
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 4 }}>
                <Typography.Text ellipsis style={{ maxWidth: 120 }}>{entry.realName}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>{when(entry.latestDate)}</Typography.Text>
              </div>
            }
            description={<Typography.Text type="secondary" ellipsis style={{ maxWidth: 150, fontSize: 12 }} data-testid="chat-latest">{latestLine(t, entry.messageType, entry.latestMessage) || '\u00a0'}</Typography.Text>}
          />
        </List.Item>
      )}
    />
  );
}

function Contacts() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState({ list: [] as Contact[], page: 0, total: 0, loading: false });
  const busy = useRef(false);

  const load = useCallback(async (words: string, page: number) => {
    if (busy.current) return;
    busy.current = true;
    setState((now) => ({ ...now, loading: true }));
    try {
      const { list, total } = await fetchContacts(words, page);
      setState((now) => ({ list: page === 1 ? list : [...now.list, ...list], page, total, loading: false }));
    } catch {
      setState((now) => ({ ...now, loading: false }));
    } finally {
      busy.current = false;
    }
  }, []);

  useEffect(() => void load('', 1), [load]);

  const onScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX && state.list.length < state.total && !state.loading) void load(keyword, state.page + 1);
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <div style={{ padding: '0 12px 8px' }}>
        <Input.Search allowClear size="small" placeholder={t('chat.search')} value={keyword} onChange={(e) => setKeyword(e.target.value)} onSearch={(words) => void load(words, 1)} data-testid="chat-contact-search" />
      </div>
      <div style={{ flex: 1, overflowY: 'auto' }} onScroll={onScroll}>
        {state.list.length === 0 && !state.loading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.noContacts')} />
        ) : (
          <List
            size="small"
            dataSource={state.list}
            renderItem={(contact) => (
              <List.Item className="lc-chat-item" data-testid="chat-contact" data-account={contact.account} onClick={() => openConversation(contact)}>
                <List.Item.Meta avatar={<Avatar src={contact.headIcon || undefined} icon={<UserOutlined />} />} title={contact.realName} description={<Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 170 }}>{contact.account}{contact.department ? ` · ${contact.department}` : ''}</Typography.Text>} />
              </List.Item>
            )}
          />
        )}
        {state.loading && <div style={{ textAlign: 'center', padding: 8 }}><Spin size="small" /></div>}
      </div>
    </div>
  );
}

/** The drawer's content: the open conversation, or the messages and contacts tabs. */
export function ChatPanel() {
  const { t } = useTranslation();
  const { active, connected } = useSnapshot(chat);
  const [tab, setTab] = useState('messages');
  if (active) return <ChatWindow />;
  return (
    <>
      {!connected && <Typography.Text type="warning" style={{ padding: '4px 12px', fontSize: 12 }} data-testid="chat-offline">{t('chat.offline')}</Typography.Text>}
      <Tabs
        className="lc-chat-tabs"
        activeKey={tab}
        onChange={setTab}
        centered
        items={[
          { key: 'messages', label: <span data-testid="chat-tab-messages">{t('chat.messages')}</span>, children: <div style={{ height: '100%', overflowY: 'auto' }}><Conversations /></div> },
          { key: 'contacts', label: <span data-testid="chat-tab-contacts">{t('chat.contacts')}</span>, children: <Contacts /> },
        ]}
      />
    </>
  );
}
