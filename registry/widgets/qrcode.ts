import { DISPLAY_FLAGS, labels, num, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';
import { lazyWidget } from '../lazyWidget.js';

/** A QR code (error correction level L) of static text or of another field's value. */
export const qrcode: WidgetDefinition = {
  label: labels('二维码', '二維碼', 'QR code'),
  kind: 'display',
  component: lazyWidget(() => import('../components/QrCodeWidget.js').then((module) => module.QrCodeWidget)),
  defaultProps: { size: 40, dataType: 'static' },
  propsSchema: propsSchema({ size: num, colorDark: str, colorLight: str, dataType: { enum: ['static', 'relation'] }, relationField: str, content: str }),
  value: { empty: null, shape: 'none' },
  flags: DISPLAY_FLAGS,
  propsFromDefinition: (field) => ({
    ...pick(field, { size: 'size', colorDark: 'colorDark', colorLight: 'colorLight', dataType: 'dataType', relationField: 'relationField' }),
    content: String(field.staticText ?? ''),
  }),
};
