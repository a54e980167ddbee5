import type { FieldDefinition, OptionItem } from './definition.js';

/**
 * A choice field's options as far as a definition alone knows them: static options only (dictionaries and data
 * interfaces answer at run time). V3 keeps them in __slot__.options and __config__.props, V5 in options and
 * props.props.
 */
export interface StaticOptions {
  options: OptionItem[];
  valueKey: string;
  childrenKey: string;
}

export function staticOptions(field: FieldDefinition): StaticOptions | undefined {
  const config = field.__config__ ?? {};
  if ((config.dataType ?? 'static') !== 'static') return undefined;
  const options = field.__slot__?.options ?? field.options;
  if (!Array.isArray(options)) return undefined;
  const nested = field.props?.props;
  const flat = config.props ?? (field.props as { value?: string } | undefined);
  return { options, valueKey: nested?.value ?? flat?.value ?? 'id', childrenKey: nested?.children ?? 'children' };
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
