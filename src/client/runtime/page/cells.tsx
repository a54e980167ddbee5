import { Tag } from 'antd';
import type { TFunction } from 'i18next';

/** How a column's value shows, by the screen's `cells` map; plain text otherwise. */
export function renderCell(kind: string | undefined, value: unknown, t: TFunction) {
  if (kind === 'enabledTag') return value === 1 ? <Tag color="success">{t('page.enabled')}</Tag> : <Tag color="error">{t('page.disabled')}</Tag>;
  if (kind === 'yesNo') return value === 1 || value === true ? t('page.yes') : t('page.no');
  if (kind === 'dateTime') return value ? new Date(value as string).toLocaleString() : '';
  return value === null || value === undefined ? '' : String(value);
}
