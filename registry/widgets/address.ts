import { lazyWidget } from '../lazyWidget.js';
import { labels } from '../define.js';
import { PICKER_EXTRA, pickerWidget } from '../components/pickers/pickerWidget.js';

/** Region picker (省市区, spec 001 §2): the id path of a leaf region, a list of paths in multi mode. */
export const address = pickerWidget(
  labels('省市区', '省市區', 'Region picker'),
  lazyWidget(() => import('../components/pickers/index.js').then((m) => m.AreaPicker)),
  { multiple: true, extra: PICKER_EXTRA.area, defaultProps: { level: 2 } },
);
