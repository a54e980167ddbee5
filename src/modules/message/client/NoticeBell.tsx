import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge, Button, Popover, Spin, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { subscribe, useSnapshot } from 'valtio';
import { session } from '../../../kernel/client/stores/session.js';
import { refreshUnread, unread } from './unread.js';
import './words.js';

/** The badge shows up to 99, as JNPF's navbar bell does. */
const BADGE_MAX = 99;
/** The count is asked again this often while the page is open, on focus, and whenever the list is opened. */
const REFRESH_MS = 60_000;
export const MESSAGE_RECORD_PATH = '/messageRecord';
// The list and the viewer load when first wanted: the bell is on every signed-in page (issue 15's 350 kB budget).
const NoticeList = lazy(async () => ({ default: (await import('./NoticeList.js')).NoticeList }));
const MessageViewer = lazy(async () => ({ default: (await import('./MessageViewer.js')).MessageViewer }));

/**
 * The navbar's notice entry (spec 000 §2): a bell with the unread count, and a list of the latest messages; one
 * opens in place (marking it read), the footer goes to /messageRecord.
 */
export default function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { total, latest } = useSnapshot(unread);
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);

  useEffect(() => {
    void refreshUnread();
    const timer = window.setInterval(() => void refreshUnread(), REFRESH_MS);
    const onFocus = () => void refreshUnread();
    window.addEventListener('focus', onFocus);
    let token = session.token;
    const stop = subscribe(session, () => {
      if (session.token === token) return;
      token = session.token;
      if (token) void refreshUnread();
    });
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      stop();
    };
  }, []);

  const closeViewer = useCallback(() => {
    setViewing(null);
    void refreshUnread();
  }, []);

  const content = (
    <Suspense fallback={<Spin size="small" />}>
      <NoticeList
        latest={latest}
        onPick={(id) => { setOpen(false); setViewing(id); }}
        onViewAll={() => { setOpen(false); navigate(MESSAGE_RECORD_PATH); }}
      />
    </Suspense>
  );

  return (
    <>
      <Popover content={content} title={total ? t('msgCenter.unreadCount', { count: total }) : t('msgCenter.bell')} trigger="click" placement="bottom" open={open} onOpenChange={(next) => { setOpen(next); if (next) void refreshUnread(); }}>
        <Tooltip title={t('msgCenter.bell')}>
          <Badge count={total} overflowCount={BADGE_MAX} size="small" offset={[-4, 4]}>
            <Button type="text" icon={<BellOutlined />} aria-label={t('msgCenter.bell')} data-testid="notice-bell" />
          </Badge>
        </Tooltip>
      </Popover>
      {viewing && (
        <Suspense fallback={null}>
          <MessageViewer id={viewing} onClose={closeViewer} />
        </Suspense>
      )}
    </>
  );
}
