import type { ComponentType } from 'react';
import { getWidget, registeredKeys } from '../../../../registry/registerWidget.js';
import { FieldWrapper, LayoutCell, LayoutPane, TableAdapter, UnknownWidget, withFormValues, withGridCells, withPanes, withRelationContent, withSourceRecord } from './adapters.js';
import { UNKNOWN_WIDGET } from './compileForm.js';

/**
 * The components Formily renders, by jnpfKey: the registry's widgets, with adapters where a widget needs the
 * form around it (panes, sub-table columns, another field's value). Rebuilt when an integrator registers a widget.
 */
const ADAPTED: Record<string, (component: ComponentType<any>) => ComponentType<any>> = {
  tab: withPanes,
  collapse: withPanes,
  tableGrid: withGridCells,
  barcode: withRelationContent,
  qrcode: withRelationContent,
  table: () => TableAdapter,
  relationFormAttr: withSourceRecord,
  popupAttr: withSourceRecord,
};

export function buildComponentTable(): Record<string, ComponentType<any>> {
  const table: Record<string, ComponentType<any>> = { FieldWrapper, LayoutCell, LayoutPane, [UNKNOWN_WIDGET]: UnknownWidget };
  for (const key of registeredKeys()) {
    const widget = getWidget(key)!;
    table[key] = ADAPTED[key] ? ADAPTED[key](widget.component) : widget.readsFormValues ? withFormValues(widget.component) : widget.component;
  }
  return table;
}
