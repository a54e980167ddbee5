import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Descriptions, Divider, Empty, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { request } from '../../../kernel/client/api/request.js';
import { plainBody } from '../../message/client/public.js';
import '../../dashboard/client/public.js';

interface MailInfo {
  id: string;
  isSend: 0 | 1;
  subject: string;
  sender: string;
  senderName: string;
  mAccount: string;
  recipient: string;
  cc: string;
  bcc: string;
  bodyText: string;
  attachment: string;
  date: number | null;
}

interface Attachment {
  fileId: string;
  fileName: string;
  fileSize?: number;
}

function attachments(text: string): Attachment[] {
  try {
    const list: unknown = JSON.parse(text || '[]');
    return Array.isArray(list) ? (list as Attachment[]).filter((a) => a && typeof a.fileName === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * /emailDetail?id=<mail id> (spec 000 §2, view an e-mail; JNPF's DetailPage): one mail of the caller's mailbox,
 * received (marked read on opening) or sent. The body is shown as text, never as markup.
 */
export function EmailDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [mail, setMail] = useState<MailInfo | null | 'missing'>(null);

  useEffect(() => {
    if (!id) return;
    setMail(null);
    request<MailInfo>({ url: `/extend/Email/${encodeURIComponent(id)}`, method: 'GET', silent: true }).then(
      ({ data }) => setMail(data),
      () => setMail('missing'),
    );
  }, [id]);

  // antd's Empty and Result do not forward data-testid: the span carries it.
  if (!id) return <span data-testid="email-missing"><Empty description={t('email.missingId')} /></span>;
  if (mail === 'missing') return <span data-testid="email-missing"><Result status="404" title={t('email.notFound')} extra={<Button onClick={() => navigate(-1)}>{t('email.back')}</Button>} /></span>;
  if (!mail) return <Skeleton active />;
  const files = attachments(mail.attachment);
  const from = mail.isSend ? mail.sender : `${mail.senderName} <${mail.sender}>`;
  return (
    <Card
      data-testid="email-detail"
      title={<Space wrap><Tag color={mail.isSend ? 'blue' : 'green'}>{mail.isSend ? t('email.sent') : t('email.inbox')}</Tag><span>{t('email.title')}</span></Space>}
      extra={<Button onClick={() => navigate(-1)}>{t('email.back')}</Button>}
    >
      <Typography.Title level={4} style={{ marginTop: 0, wordBreak: 'break-word' }} data-testid="email-subject">{mail.subject}</Typography.Title>
      <Descriptions column={1} size="small" labelStyle={{ width: 80 }}>
        <Descriptions.Item label={t('email.sender')}><Typography.Text type="success" style={{ wordBreak: 'break-all' }}>{from}</Typography.Text></Descriptions.Item>
        <Descriptions.Item label={t('email.time')}>{mail.date ? dayjs(mail.date).format('YYYY-MM-DD HH:mm') : ''}</Descriptions.Item>
        <Descriptions.Item label={t('email.recipient')}><span style={{ wordBreak: 'break-all' }}>{mail.isSend ? mail.recipient : mail.mAccount}</span></Descriptions.Item>
        {mail.cc ? <Descriptions.Item label={t('email.cc')}>{mail.cc}</Descriptions.Item> : null}
        {mail.bcc ? <Descriptions.Item label={t('email.bcc')}>{mail.bcc}</Descriptions.Item> : null}
        {files.length ? (
          <Descriptions.Item label={t('email.attachments')}>
            <Space direction="vertical" size={2}>
              {files.map((f) => (
                <span key={f.fileId}><PaperClipOutlined /> {f.fileName}</span>
              ))}
            </Space>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Divider style={{ margin: '12px 0' }} />
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="email-body">{plainBody(mail.bodyText)}</Typography.Paragraph>
    </Card>
  );
}
