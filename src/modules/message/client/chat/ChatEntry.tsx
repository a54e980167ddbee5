import { Suspense, lazy, useEffect, useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { CommentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { subscribe, useSnapshot } from 'valtio';
import { session } from '../../../../kernel/client/stores/session.js';
import { closeConversation, connectChat, disconnectChat } from './chatSocket.js';
import { chat, unreadTotal } from './chatStore.js';
import './words.js';
import './chat.css';

const BADGE_MAX = 99;
/**
 * The drawer and its panel (lists, tabs, the conversation, emoji, upload) load on the first open: every signed-in
 * page carries this entry, and the staff route's first scripts have a 350 kB budget (issue 15).
 */
const ChatDrawer = lazy(() => import('./ChatDrawer.js'));

/**
 * The navbar's chat entry (spec 000 §2, 001 §2): an icon with the unread chat count that opens the 280 px chat
 * drawer. It keeps the message socket open while the user is signed in, so the count rises as messages arrive.
 */
export default function ChatEntry() {
  const { t } = useTranslation();
  const { conversations, drawerOpen } = useSnapshot(chat);
  const total = unreadTotal(conversations);
  const [everOpened, setEverOpened] = useState(false);
  useEffect(() => {
    if (drawerOpen) setEverOpened(true);
  }, [drawerOpen]);

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
      {everOpened && (
        <Suspense fallback={null}>
          <ChatDrawer open={drawerOpen} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
