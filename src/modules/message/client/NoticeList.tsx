import { Button, Empty, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { unread } from './unread.js';

type LatestMessage = (typeof unread.latest)[number];

/**
 * The bell's list of the latest messages. It is its own chunk, loaded on the bell's first open: antd's List brings
 * Pagination and Select, which every signed-in page would otherwise fetch for a bell that is rarely opened.
 */
export function NoticeList({ latest, onPick, onViewAll }: { latest: readonly LatestMessage[]; onPick: (id: string) => void; onViewAll: () => void }) {
  const { t } = useTranslation();
  return (
    <div style={{ width: 'min(300px, calc(100vw - 40px))' }} data-testid="notice-list">
      {latest.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('msgCenter.noMessages')} />
      ) : (
        <List
          size="small"
          dataSource={latest as LatestMessage[]}
          renderItem={(item) => (
            <List.Item style={{ cursor: 'pointer' }} onClick={() => onPick(item.id)} data-testid="notice-item">
              <List.Item.Meta
                title={<Typography.Text strong={!item.isRead} ellipsis>{item.title}</Typography.Text>}
                description={<span><Tag>{t(`msgCenter.types.${item.type}`, { defaultValue: '' })}</Tag>{item.releaseTime ? dayjs(item.releaseTime).format('YYYY-MM-DD HH:mm') : ''}</span>}
              />
            </List.Item>
          )}
        />
      )}
      <Button type="link" block onClick={onViewAll} data-testid="notice-view-all">{t('msgCenter.viewAll')}</Button>
    </div>
  );
}
