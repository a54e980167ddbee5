import { Suspense, lazy, useEffect } from 'react';
import { Badge, Button, Drawer, Spin, Tooltip } from 'antd';
import { CommentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { subscribe, useSnapshot } from 'valtio';
import { session } from '../../../stores/session.js';
import { closeConversation, connectChat, disconnectChat } from './chatSocket.js';
import { chat, unreadTotal } from './chatStore.js';
import './words.js';
import './chat.css';

/** The chat drawer's width (spec 001 §9). */
export const CHAT_DRAWER_WIDTH = 280;
const BADGE_MAX = 99;
/**
 * The panel (lists, tabs, the conversation, emoji, upload) loads on the first open: every signed-in page carries
 * this entry, and the staff route's first scripts must stay within their 350 kB budget (issue 15).
 */
const ChatPanel = lazy(async () => ({ default: (await import('./ChatPanel.js')).ChatPanel }));

/**
 * The navbar's chat entry (spec 000 §2, 001 §2): an icon with the unread chat count that opens the 280 px chat
 * drawer. It keeps the message socket open while the user is signed in, so the count rises as messages arrive.
 */
export default function ChatEntry() {
  const { t } = useTranslation();
  const { conversations, drawerOpen } = useSnapshot(chat);
  const total = unreadTotal(conversations);

  useEffect(() => {
    connectChat();
    let token = session.token;
    const stop = subscribe(session, () => {
      if (session.token === token) return;
      token = session.token;
      if (token) connectChat();
      else disconnectChat();
    });
    return () => {
      stop();
      disconnectChat();
    };
  }, []);

  const close = () => {
    chat.drawerOpen = false;
    closeConversation();
  };

  return (
    <>
      <Tooltip title={t('chat.entry')}>
        {/* antd's Badge does not pass data-testid on: the span carries it. */}
        <span data-testid="chat-badge" data-count={total}>
          <Badge count={total} overflowCount={BADGE_MAX} size="small" offset={[-4, 4]}>
            <Button type="text" icon={<CommentOutlined />} aria-label={t('chat.entry')} onClick={() => (chat.drawerOpen = true)} data-testid="chat-entry" />
          </Badge>
        </span>
      </Tooltip>
      <Drawer
        title={t('chat.title')}
        placement="right"
        width={CHAT_DRAWER_WIDTH}
        open={drawerOpen}
        onClose={close}
        styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' } }}
        rootClassName="lc-chat-drawer"
      >
        <div data-testid="chat-drawer" style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
          {drawerOpen && (
            <Suspense fallback={<Spin style={{ margin: 24 }} />}>
              <ChatPanel />
            </Suspense>
          )}
        </div>
      </Drawer>
    </>
  );
}
