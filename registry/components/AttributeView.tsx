import { memo } from 'react';
import { Input } from 'antd';
import type { WidgetProps } from '../types.js';
import { useWidgetServices } from './services.js';
import { useWidgetText } from '../widgetText.js';
import { describeStoredValue } from './storedValueText.js';
import { popupSource, type PopupPickerProps } from './pickers/PopupPicker.js';
import { useResolvedEntries } from './pickers/PickerParts.js';

/**
 * The attribute widgets (relationFormAttr, popupAttr, spec 001 §2): one field of the record that a relation form or
 * popup select on the same form has picked, shown live as the pick changes. The runtime hands over the picking
 * field's value and its source (sourceValue, source); the record is read the way that picker reads its labels (the
 * record's display values for a model, the interface's row for a popup), so the attribute shows what the record
 * shows. With isStorage 2 the server saves that same value when the form is saved (it reads the record itself);
 * otherwise nothing is stored and the value is read again wherever the form is opened.
 */
export interface AttributeViewProps extends WidgetProps {
  /** The field of the picked record to show. */
  showField?: string;
  /** The picking field's stored value (a record id or a row's propsValue), and where its rows come from. */
  sourceValue?: unknown;
  source?: PopupPickerProps;
}

const cellText = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? describeStoredValue(value) : String(value));

export const AttributeView = memo(function AttributeView(props: AttributeViewProps) {
  const text = useWidgetText();
  const { pickers } = useWidgetServices();
  const showField = props.showField ?? '';
  const picked = describeStoredValue(Array.isArray(props.sourceValue) ? props.sourceValue[0] : props.sourceValue);
  const valueField = props.source?.propsValue || 'id';
  const source = props.source ? popupSource(pickers, props.source, valueField) : null;
  const [entry] = useResolvedEntries(
    picked && showField && source ? [picked] : [],
    async (ids) => (source ? (await source.byIds(ids)).map((row) => ({ key: cellText(row[valueField]), label: cellText(row[showField]) })) : []),
    [],
  );
  const shown = entry && entry.label !== '…' ? entry.label : '';
  const placeholder = !showField || !props.source ? text('attributeNoSource') : Number(props.isStorage) === 2 ? text('attributeStored') : text('attributeShownOnly');
  if (props.readOnly) return <span className="jnpf-attribute-text" data-attribute={showField}>{shown}</span>;
  return <Input readOnly value={shown} placeholder={placeholder} data-attribute={showField} />;
});
