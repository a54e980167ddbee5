import type { ReactNode } from 'react';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CardData } from './useCardData.js';

/** A card's content for each state of its data: a skeleton, the content, or an empty state saying why. */
export function CardBody<T>({ data, missing, empty, isEmpty, children, testId }: {
  data: CardData<T>;
  /** What a 404 means for this card (the module behind it is not there). */
  missing?: string;
  empty: string;
  isEmpty: (value: T) => boolean;
  children: (value: T) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  if (data.state === 'loading') return <Skeleton active paragraph={{ rows: 3 }} />;
  const emptyState = (text: string, state: string) => (
    <span data-testid={`${testId}-empty`} data-state={state}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />
    </span>
  );
  if (data.state === 'missing') return emptyState(missing ?? t('dashboard.loadFailed'), 'missing');
  if (data.state === 'forbidden') return emptyState(t('dashboard.noAccess'), 'forbidden');
  if (data.state === 'failed') return emptyState(`${t('dashboard.loadFailed')}${data.message ? `: ${data.message}` : ''}`, 'failed');
  if (isEmpty(data.data)) return emptyState(empty, 'empty');
  return <>{children(data.data)}</>;
}
