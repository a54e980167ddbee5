import { useEffect, useState } from 'react';
import { Descriptions, Modal, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { request } from '../../../kernel/client/api/request.js';
import { plainBody } from './bodyText.js';

interface MessageInfo {
  title: string;
  bodyText: string;
  type: number;
  excerpt: string;
  releaseUser: string;
  releaseTime: number | null;
  expirationTime: number | null;
}

const when = (ms: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '');

/** One message, opened (GET /message/ReadInfo/{id} marks it read); closing tells the opener to refresh. */
export function MessageViewer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [info, setInfo] = useState<MessageInfo | null>(null);
  useEffect(() => {
    let cancelled = false;
    request<MessageInfo>({ url: `/message/ReadInfo/${encodeURIComponent(id)}` }).then(
      ({ data }) => !cancelled && setInfo(data),
      () => !cancelled && onClose(),
    );
    return () => {
      cancelled = true;
    };
  }, [id, onClose]);
  return (
    <Modal open title={info?.title ?? ''} width={640} onCancel={onClose} footer={null} destroyOnHidden data-testid="message-viewer">
      {!info ? (
        <Spin />
      ) : (
        <div data-testid="message-viewer-body">
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={[
            { key: 'from', label: t('msgCenter.from'), children: info.releaseUser },
            { key: 'at', label: t('msgCenter.sentAt'), children: when(info.releaseTime) },
            ...(info.expirationTime ? [{ key: 'expires', label: t('msgCenter.expires'), children: when(info.expirationTime) }] : []),
          ]} />
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 12 }}>{plainBody(info.bodyText) || info.excerpt}</Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
