import { memo } from 'react';
import { Button } from 'antd';
import { describeStoredValue } from './storedValueText.js';
import { useWidgetServices } from './services.js';
import { PopupPicker, popupSource, type PopupPickerProps } from './pickers/PopupPicker.js';
import { useResolvedEntries } from './pickers/PickerParts.js';

/**
 * A relation-form field: picks a record of another released form (PopupPicker by modelId). Where the host can
 * open records (the record viewer), the read-only view is a link to the related record, named by its label.
 */
export const RelationFormView = memo(function RelationFormView(props: PopupPickerProps) {
  const services = useWidgetServices();
  const id = describeStoredValue(props.value);
  if (props.readOnly && id && props.modelId && services.openRecord) return <RelationLink {...props} id={id} />;
  return <PopupPicker {...props} />;
});

function RelationLink(props: PopupPickerProps & { id: string }) {
  const services = useWidgetServices();
  const valueField = props.propsValue || 'id';
  const labelField = props.relationField || 'fullName';
  const source = popupSource(services.pickers, { ...props, interfaceId: undefined }, valueField);
  const [entry] = useResolvedEntries(
    [props.id],
    async (ids) => (source ? (await source.byIds(ids)).map((row) => ({ key: String(row[valueField] ?? ''), label: String(row[labelField] ?? row[valueField] ?? '') })) : []),
    [],
  );
  return (
    <Button type="link" className="jnpf-relation-link" onClick={() => services.openRecord!(String(props.modelId), props.id)}>
      {entry.label}
    </Button>
  );
}
