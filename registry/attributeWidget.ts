import { AttributeView } from './components/AttributeView.js';
import { DISPLAY_FLAGS, pick, propsSchema, str } from './define.js';
import type { WidgetDefinition } from './types.js';

/**
 * The registry entry of the attribute widgets (relationFormAttr over a relation form, popupAttr over a popup
 * select): relationField names the picking field on the same form, showField the field of its record to show.
 * They store nothing, unless isStorage is 2 (the server then saves the shown value under the field's key); the
 * runtime hands them the picking field's value and source (kernel runtime adapters).
 * `x-picks` tells the designer's panel what each prop chooses from.
 */
export function attributeWidget(label: WidgetDefinition['label'], picking: 'relationForm' | 'popupSelect'): WidgetDefinition {
  return {
    label,
    kind: 'display',
    component: AttributeView,
    defaultProps: {},
    propsSchema: propsSchema({ relationField: { ...str, 'x-picks': `formField:${picking}` }, showField: { ...str, 'x-picks': 'sourceField' }, isStorage: { type: 'integer', 'x-picks': 'attributeStorage' } }),
    value: { empty: null, shape: 'none' },
    // In a sub-table too: the cell shows the field of the record its row's picking column picked.
    flags: { ...DISPLAY_FLAGS, allowedInSubTable: true },
    propsFromDefinition: (field) => pick(field, { relationField: 'relationField', showField: 'showField', isStorage: 'isStorage' }),
  };
}
