import { Tag } from 'antd';
import dayjs from 'dayjs';
import { DISPLAY_DATE_FORMAT, formatDate } from '../../../../../shared/format/dateFormat.js';
import { registerCell, plainText } from '../cells.js';
import { textOf, type Text } from '../screen.js';
import { DictionaryCell } from './DictionaryCell.js';

/**
 * The cells screens may name. enabledTag, yesNo and dateTime are the ones the shipped screens use; date, tag and
 * dictionary cover the usual rest. Integrators add theirs with registerCell.
 */
registerCell('text', (value) => plainText(value));

registerCell('enabledTag', (value, { t }) => (value === 1 ? <Tag color="success">{t('page.enabled')}</Tag> : <Tag color="error">{t('page.disabled')}</Tag>));

registerCell('yesNo', (value, { t }) => (value === 1 || value === true ? t('page.yes') : t('page.no')));

/**
 * A moment as the product shows one (spec 000 §9, 'YYYY-MM-DD HH:mm'; settings.format another), whether the answer
 * gives milliseconds, seconds or an ISO string: the same in every language, never the raw value.
 */
registerCell('dateTime', (value, { settings }) => {
  // 0 and '' are "no time" in JNPF's answers, not 1970; milliseconds may come as a string of digits.
  if (!value) return '';
  const moment = typeof value === 'string' && /^\d{13}$/.test(value) ? Number(value) : (value as string | number);
  return formatDate(moment, typeof settings.format === 'string' ? settings.format : DISPLAY_DATE_FORMAT);
});

/** settings.format: a dayjs format, YYYY-MM-DD by default. */
registerCell('date', (value, { settings }) => (value ? dayjs(value as string | number).format(typeof settings.format === 'string' ? settings.format : 'YYYY-MM-DD') : ''));

/** settings.options: {"1": {"label": {"zh": "已审核"}, "color": "success"}}; a value without an option shows as text. */
registerCell('tag', (value, { settings, language }) => {
  const options = (settings.options ?? {}) as Record<string, { label: Text; color?: string }>;
  const option = Object.prototype.hasOwnProperty.call(options, String(value)) ? options[String(value)] : undefined;
  return option ? <Tag color={option.color}>{textOf(option.label, language)}</Tag> : plainText(value);
});

/** settings.dictionaryType: the dictionary's id or code. */
registerCell('dictionary', (value, { settings }) => <DictionaryCell dictionaryType={String(settings.dictionaryType ?? '')} value={value} />);
