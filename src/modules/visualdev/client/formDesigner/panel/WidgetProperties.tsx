import { useMemo } from 'react';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { WidgetDefinition } from '../../../../../../registry/types.js';
import type { FieldDefinition } from '../../../../../shared/form/definition.js';
import { fieldWithProps, propsOfField } from '../model/propsMapping.js';
import { antdTemplates, antdWidgets } from './rjsfAntd.js';
import { interpretingValidator } from './interpretingValidator.js';
import { panelSchema } from './panelSchema.js';
import { propTitle } from './propTitles.js';
import { pickWidgetOf, pickWidgets, type PanelContext } from './pickWidgets.js';

/**
 * The widget's own properties: its props JSON Schema (registry/widgets/*.ts, `propsSchema`) drawn by rjsf. The
 * values are read from, and written back to, where the stored definition keeps them (model/propsMapping.ts),
 * and checked against the schema by interpretation (no code generation: the app's CSP forbids it).
 */
export function WidgetProperties({ widget, field, fields, onChange }: { widget: WidgetDefinition; field: FieldDefinition; fields: readonly FieldDefinition[]; onChange(next: FieldDefinition): void }) {
  const { i18n } = useTranslation();
  const { schema, names } = useMemo(() => panelSchema(widget.propsSchema), [widget]);
  const uiSchema = useMemo<UiSchema>(() => {
    const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
    const properties = (widget.propsSchema.properties ?? {}) as Record<string, unknown>;
    for (const name of names) {
      const pickWidget = pickWidgetOf(properties[name]);
      ui[name] = { 'ui:title': propTitle(name, i18n.language), ...(pickWidget ? { 'ui:widget': pickWidget } : {}) };
    }
    if (names.includes('options')) ui.options = { items: { fullName: { 'ui:title': propTitle('fullName', i18n.language) }, id: { 'ui:title': propTitle('id', i18n.language) } } };
    return ui;
  }, [names, i18n.language, widget]);
  const formContext = useMemo<PanelContext>(() => ({ fields, field }), [fields, field]);
  const formData = useMemo(() => propsOfField(widget, field, names), [widget, field, names]);
  if (names.length === 0) return null;
  return (
    <div className="fd-rjsf">
      <Form
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        validator={interpretingValidator}
        widgets={{ ...antdWidgets, ...pickWidgets }}
        formContext={formContext}
        templates={antdTemplates}
        liveValidate
        showErrorList={false}
        noHtml5Validate
        onChange={(event: IChangeEvent) => onChange(fieldWithProps(widget, field, formData, (event.formData ?? {}) as Record<string, unknown>))}
      />
    </div>
  );
}
