import { TabLayout } from '../components/layout.js';
import { LAYOUT_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Layout: Tabs. Holds fields, stores nothing. */
export const tab: WidgetDefinition = {
  label: labels('标签页', '標籤頁', 'Tabs'),
  kind: 'layout',
  component: TabLayout,
  defaultProps: {},
  propsSchema: propsSchema({ tabPosition: { enum: ['top', 'bottom', 'left', 'right'] }, type: str }),
  value: { empty: null, shape: 'none' },
  flags: LAYOUT_FLAGS,
  propsFromDefinition: (field) => ({ active: field.__config__?.active, tabPosition: field['tab-position'] ?? field.tabPosition ?? 'top', type: field.type ?? '' }),
};
