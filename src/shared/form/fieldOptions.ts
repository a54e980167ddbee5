import type { FieldDefinition, OptionItem } from './definition.js';

/**
 * Where a choice field finds its options, as its definition says: static options (V3 __slot__.options, V5
 * options), a dictionary, or a data interface, and which option keys hold the label, the value and the children
 * (V3 __config__.props, V5 props.props). The widgets read it to load their options; the server reads the static
 * ones to check a submitted value.
 */
export interface OptionSource {
  dataType: string;
  options: OptionItem[];
  dictionaryType?: string;
  propsUrl?: string;
  labelKey: string;
  valueKey: string;
  childrenKey: string;
}

export function optionSource(field: FieldDefinition): OptionSource {
  const config = field.__config__ ?? {};
  const nested = field.props?.props;
  const flat = config.props ?? (field.props as { label?: string; value?: string } | undefined);
  const options = field.__slot__?.options ?? field.options;
  return {
    dataType: config.dataType ?? 'static',
    options: Array.isArray(options) ? (options as OptionItem[]) : [],
    dictionaryType: config.dictionaryType || undefined,
    propsUrl: config.propsUrl || undefined,
    labelKey: nested?.label ?? flat?.label ?? 'fullName',
    valueKey: nested?.value ?? flat?.value ?? 'id',
    childrenKey: nested?.children ?? 'children',
  };
}

export type StaticOptions = Pick<OptionSource, 'options' | 'valueKey' | 'childrenKey'>;

/** The options a definition alone knows (dictionaries and data interfaces answer at run time). */
export function staticOptions(field: FieldDefinition): StaticOptions | undefined {
  const source = optionSource(field);
  const listed = field.__slot__?.options ?? field.options;
  return source.dataType === 'static' && Array.isArray(listed) ? source : undefined;
}

/** Every value of an option tree, at any depth (tree selects choose any node). */
export function optionValues(source: StaticOptions): Set<unknown> {
  const values = new Set<unknown>();
  const visit = (items: unknown) => {
    if (!Array.isArray(items)) return;
    for (const item of items as OptionItem[]) {
      if (!item || typeof item !== 'object') continue;
      values.add(item[source.valueKey]);
      visit(item[source.childrenKey]);
    }
  };
  visit(source.options);
  return values;
}

/** Whether a cascader's path follows the option tree level by level. */
export function isOptionPath(source: StaticOptions, path: readonly unknown[]): boolean {
  let level: unknown = source.options;
  for (const step of path) {
    const match = Array.isArray(level) ? (level as OptionItem[]).find((item) => item?.[source.valueKey] === step) : undefined;
    if (!match) return false;
    level = match[source.childrenKey];
  }
  return true;
}
