import { DISPLAY_FLAGS, labels, num, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';
import { lazyWidget } from '../lazyWidget.js';

/** A barcode (code128 by default) of static text or of another field's value; alphanumeric content only. */
export const barcode: WidgetDefinition = {
  label: labels('条形码', '條碼', 'Barcode'),
  kind: 'display',
  component: lazyWidget(() => import('../components/BarcodeWidget.js').then((module) => module.BarcodeWidget)),
  defaultProps: { format: 'CODE128', width: 4, height: 40, dataType: 'static' },
  propsSchema: propsSchema({ format: str, width: num, height: num, lineColor: str, background: str, dataType: { enum: ['static', 'relation'] }, staticText: str, relationField: str, content: str }),
  value: { empty: null, shape: 'none' },
  flags: DISPLAY_FLAGS,
  propsFromDefinition: (field) => ({
    ...pick(field, { format: 'format', width: 'width', height: 'height', lineColor: 'lineColor', background: 'background', dataType: 'dataType', relationField: 'relationField' }),
    content: String(field.staticText ?? ''),
  }),
};
