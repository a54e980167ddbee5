import { memo } from 'react';
import { Input, Tag } from 'antd';
import type { WidgetProps } from '../types.js';
import { widgetText } from '../widgetText.js';

/**
 * The data-bound pickers (organisation, department, user, region, dictionary, relation form, popup select...)
 * come with their APIs in a later issue. Until then a field of that kind loads, shows its stored value
 * read-only, and says plainly that picking is not available yet: nothing pretends to work.
 */
export function describeStoredValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(describeStoredValue).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return String(record.fullName ?? record.name ?? record.label ?? record.id ?? JSON.stringify(value));
  }
  return String(value);
}

export const PendingPicker = memo(function PendingPicker({ value, pendingLabel }: WidgetProps) {
  return (
    <div className="jnpf-pending-picker" data-pending="true">
      <Input readOnly value={describeStoredValue(value)} placeholder="—" />
      <Tag className="jnpf-pending-tag" color="default">{(pendingLabel as string) ?? widgetText('pendingPicker')}</Tag>
    </div>
  );
});
