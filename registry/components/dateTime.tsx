import { memo } from 'react';
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { WidgetProps } from '../types.js';
import { widgetText } from '../widgetText.js';

/**
 * Dates are stored as JNPF stores them: a timestamp in milliseconds unless the definition names a value-format;
 * times as 'HH:mm:ss' strings. Element-UI format tokens (yyyy-MM-dd) are translated to dayjs ones.
 */
export function toDayjsFormat(format: unknown, fallback: string): string {
  if (typeof format !== 'string' || !format) return fallback;
  return format.replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD');
}

function parseDate(value: unknown, valueFormat?: string): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? dayjs(value) : null;
  if (typeof value !== 'string') return null;
  const parsed = valueFormat && valueFormat !== 'timestamp' ? dayjs(String(value), toDayjsFormat(valueFormat, '')) : dayjs(value as string);
  return parsed.isValid() ? parsed : null;
}

function storeDate(date: Dayjs | null, valueFormat?: string): number | string | null {
  if (!date) return null;
  return !valueFormat || valueFormat === 'timestamp' ? date.valueOf() : date.format(toDayjsFormat(valueFormat, 'YYYY-MM-DD HH:mm:ss'));
}

const pickerOf = (type: unknown) => (type === 'month' || type === 'year' || type === 'week' ? type : 'date');

export const DateField = memo(function DateField({ value, onChange, disabled, readOnly, placeholder, type, format, valueFormat, clearable }: WidgetProps) {
  const showTime = type === 'datetime';
  return (
    <DatePicker
      style={{ width: '100%' }}
      value={parseDate(value, valueFormat as string)}
      onChange={(date) => onChange?.(storeDate(date, valueFormat as string))}
      picker={pickerOf(type)}
      showTime={showTime}
      format={toDayjsFormat(format, showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD')}
      disabled={disabled}
      inputReadOnly={Boolean(readOnly)}
      open={readOnly ? false : undefined}
      placeholder={placeholder as string}
      allowClear={clearable !== false}
    />
  );
});

export const DateRangeField = memo(function DateRangeField({ value, onChange, disabled, readOnly, type, format, valueFormat, startPlaceholder, endPlaceholder }: WidgetProps) {
  const [start, end] = Array.isArray(value) ? value : [];
  const showTime = type === 'datetimerange';
  return (
    <DatePicker.RangePicker
      style={{ width: '100%' }}
      value={[parseDate(start, valueFormat as string), parseDate(end, valueFormat as string)]}
      onChange={(dates) => onChange?.(dates && dates[0] && dates[1] ? [storeDate(dates[0], valueFormat as string), storeDate(dates[1], valueFormat as string)] : [])}
      showTime={showTime}
      format={toDayjsFormat(format, showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD')}
      disabled={disabled}
      open={readOnly ? false : undefined}
      placeholder={[(startPlaceholder as string) ?? widgetText('startDate'), (endPlaceholder as string) ?? widgetText('endDate')]}
    />
  );
});

/** A stored time in the field's format, or nothing when the stored value is not one. */
function parseTime(value: unknown, pattern: string): Dayjs | null {
  if (typeof value !== 'string' || !value) return null;
  const parsed = dayjs(value, pattern);
  return parsed.isValid() ? parsed : null;
}

export const TimeField = memo(function TimeField({ value, onChange, disabled, readOnly, placeholder, format, clearable }: WidgetProps) {
  const pattern = toDayjsFormat(format, 'HH:mm:ss');
  return (
    <TimePicker
      style={{ width: '100%' }}
      value={parseTime(value, pattern)}
      onChange={(time) => onChange?.(time ? time.format(pattern) : null)}
      format={pattern}
      disabled={disabled}
      open={readOnly ? false : undefined}
      placeholder={placeholder as string}
      allowClear={clearable !== false}
    />
  );
});

export const TimeRangeField = memo(function TimeRangeField({ value, onChange, disabled, readOnly, format, startPlaceholder, endPlaceholder }: WidgetProps) {
  const pattern = toDayjsFormat(format, 'HH:mm:ss');
  const [start, end] = Array.isArray(value) ? (value as string[]) : [];
  return (
    <TimePicker.RangePicker
      style={{ width: '100%' }}
      value={[parseTime(start, pattern), parseTime(end, pattern)]}
      onChange={(times) => onChange?.(times && times[0] && times[1] ? [times[0].format(pattern), times[1].format(pattern)] : [])}
      format={pattern}
      disabled={disabled}
      open={readOnly ? false : undefined}
      placeholder={[(startPlaceholder as string) ?? widgetText('startTime'), (endPlaceholder as string) ?? widgetText('endTime')]}
    />
  );
});
