import { Suspense, lazy } from 'react';
import { Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The chat drawer's width (spec 001 §9). */
export const CHAT_DRAWER_WIDTH = 280;
const ChatPanel = lazy(async () => ({ default: (await import('./ChatPanel.js')).ChatPanel }));

/** The 280 px chat drawer; its panel mounts while it is open. */
export default function ChatDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={t('chat.title')}
      placement="right"
      width={CHAT_DRAWER_WIDTH}
      open={open}
      onClose={onClose}
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' } }}
      rootClassName="lc-chat-drawer"
    >
      <div data-testid="chat-drawer" style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
        {open && (
          <Suspense fallback={<Spin style={{ margin: 24 }} />}>
            <ChatPanel />
          </Suspense>
        )}
      </div>
    </Drawer>
  );
}
