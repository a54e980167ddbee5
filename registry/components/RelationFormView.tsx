import { memo } from 'react';
import { Button } from 'antd';
import { describeStoredValue, PendingPicker } from './PendingPicker.js';
import type { WidgetProps } from '../types.js';
import { useWidgetServices } from './services.js';

/**
 * A relation-form field: picking a record arrives with the popup-data API; until then it shows the stored value,
 * and where the host can open records (the record viewer), a link opens the related one.
 */
export const RelationFormView = memo(function RelationFormView(props: WidgetProps) {
  const services = useWidgetServices();
  const id = describeStoredValue(props.value);
  if (props.readOnly && id && props.modelId && services.openRecord) {
    return (
      <Button type="link" className="jnpf-relation-link" onClick={() => services.openRecord!(String(props.modelId), id)}>
        {id}
      </Button>
    );
  }
  return <PendingPicker {...props} />;
});
