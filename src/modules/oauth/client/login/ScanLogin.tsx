import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Button, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SCAN_POLL_INTERVAL_MS } from '../../../../shared/signInLimits.js';
import { createScanTicket, loginByScan, scanTicketStatus, type LoginAnswer, type ScanStatus } from '../../../../kernel/client/api/oauth.js';

/** The QR code library loads when the scan tab is shown, not with the sign-in page every visitor loads. */
const QRCodeSVG = lazy(() => import('qrcode.react').then((module) => ({ default: module.QRCodeSVG })));

/**
 * App scan (spec 000 §2): a QR code carrying a one-time ticket. The page polls the ticket; when the mobile app
 * (signed in there) confirms it, the page exchanges the ticket for a session. An expired code is refreshed by a click.
 */
export function ScanLogin({ onSignedIn }: { onSignedIn: (answer: LoginAnswer) => void }) {
  const { t } = useTranslation();
  const [ticket, setTicket] = useState<{ ticket: string; secret: string; content: string } | null>(null);
  const [status, setStatus] = useState<ScanStatus | 'error'>('waiting');
  const finished = useRef(false);

  const refresh = useCallback(async () => {
    finished.current = false;
    setTicket(null);
    setStatus('waiting');
    try {
      const { data } = await createScanTicket();
      setTicket(data);
    } catch {
      setStatus('error');
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (!ticket || status === 'expired' || status === 'error') return undefined;
    const timer = window.setInterval(async () => {
      try {
        const { data } = await scanTicketStatus(ticket.ticket);
        setStatus(data.status);
        if (data.status === 'confirmed' && !finished.current) {
          finished.current = true;
          const answer = await loginByScan(ticket.ticket, ticket.secret);
          onSignedIn(answer.data);
        }
      } catch {
        setStatus('expired');
      }
    }, SCAN_POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [ticket, status, onSignedIn]);

  const stale = status === 'expired' || status === 'error';
  return (
    <div className="lc-scan-login" data-testid="scan-login" data-ticket={ticket?.ticket ?? ''} data-status={status}>
      <div className={`lc-scan-code${stale ? ' stale' : ''}`}>
        {ticket ? (
          <Suspense fallback={<Spin />}>
            <QRCodeSVG value={ticket.content} size={188} marginSize={2} title={t('login.scanTitle')} />
          </Suspense>
        ) : (
          <Spin />
        )}
        {stale && (
          <Button className="lc-scan-refresh" icon={<ReloadOutlined />} onClick={() => void refresh()} data-testid="scan-refresh">
            {t('login.scanRefresh')}
          </Button>
        )}
      </div>
      <Typography.Paragraph className="lc-scan-hint">{t(`login.scanStatus.${status}`)}</Typography.Paragraph>
    </div>
  );
}
