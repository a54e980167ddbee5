import type { ComponentType } from 'react';
import type { FieldDefinition } from '../src/shared/form/definition.js';
import { FIELD_FLAGS, bool, pick, propsSchema, str } from './define.js';
import { PARAM_LIST_SCHEMA, interfaceParams } from './interfaceSource.js';
import type { WidgetDefinition, WidgetProps } from './types.js';

/**
 * The registry entry of the widgets that pick rows by data interface or model id (popup select, popup table
 * select, relation form), with JNPF's prop names: interfaceId or modelId, propsValue (the stored field),
 * relationField (the label), columnOptions [{value, label}], templateJson (the interface's parameters).
 */
const COLUMN_OPTIONS = { type: 'array', items: { type: 'object', properties: { value: str, label: str }, required: ['value'] } };

export function popupWidget(label: WidgetDefinition['label'], component: ComponentType<WidgetProps<any>>): WidgetDefinition {
  return {
    label,
    kind: 'field',
    component,
    defaultProps: { propsValue: 'id', relationField: 'fullName', columnOptions: [] },
    propsSchema: propsSchema({
      placeholder: str,
      disabled: bool,
      clearable: bool,
      multiple: bool,
      interfaceId: str,
      // The designer's panel offers the released designs (x-picks).
      modelId: { ...str, 'x-picks': 'onlineModel' },
      propsValue: str,
      relationField: { ...str, 'x-picks': 'sourceField:own' },
      columnOptions: COLUMN_OPTIONS,
      paramList: PARAM_LIST_SCHEMA,
      popupTitle: str,
      popupWidth: { type: ['string', 'number'] },
      pageSize: { type: 'integer', minimum: 1, maximum: 500 },
    }),
    value: { empty: null, shape: 'any' },
    flags: { ...FIELD_FLAGS, searchable: false },
    propsFromDefinition: (field: FieldDefinition) => ({
      ...pick(field, {
        placeholder: 'placeholder',
        clearable: 'clearable',
        multiple: 'multiple',
        interfaceId: 'interfaceId',
        modelId: 'modelId',
        propsValue: 'propsValue',
        relationField: 'relationField',
        popupTitle: 'popupTitle',
        popupWidth: 'popupWidth',
        pageSize: 'pageSize',
      }),
      ...(Array.isArray(field.columnOptions) ? { columnOptions: field.columnOptions } : {}),
      ...(interfaceParams(field.templateJson ?? field.__config__?.templateJson).length ? { paramList: interfaceParams(field.templateJson ?? field.__config__?.templateJson) } : {}),
    }),
  };
}
