import type { RJSFSchema } from '@rjsf/utils';

/**
 * The part of a widget's props schema the panel can edit with rjsf's fields: strings, numbers, booleans, enums,
 * arrays of those, and option lists. Props the common section edits (placeholder aside) and props no form can
 * edit sensibly (free objects, `{}` meaning "anything", formulas) are left out; they stay as they are in the
 * definition. A nullable type (['number', 'null']) is edited as its non-null type and cleared by emptying it.
 */
const EDITED_ELSEWHERE = new Set(['expression']);
const SIMPLE = new Set(['string', 'number', 'integer', 'boolean']);

/** Option lists (`options` with no item schema) are edited as rows of label and value, JNPF's fullName and id. */
const OPTION_ROWS: RJSFSchema = {
  type: 'array',
  items: { type: 'object', properties: { fullName: { type: 'string' }, id: { type: 'string' } }, additionalProperties: true },
};

function editable(name: string, schema: unknown): RJSFSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const property = schema as RJSFSchema;
  if (Array.isArray(property.enum)) return { ...property, type: undefined, enum: property.enum.filter((value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value)) } as RJSFSchema;
  let type = property.type;
  if (Array.isArray(type)) {
    const nonNull = type.filter((t) => t !== 'null');
    if (nonNull.length !== 1) return undefined;
    type = nonNull[0];
  }
  if (typeof type === 'string' && SIMPLE.has(type)) return { ...property, type };
  if (type === 'array') {
    const items = property.items as RJSFSchema | undefined;
    if (items && typeof items === 'object' && !Array.isArray(items) && (Array.isArray(items.enum) || (typeof items.type === 'string' && SIMPLE.has(items.type)))) {
      // A new item starts as an empty text, not as nothing: "+ Add Item" then shows an empty box to type in.
      return { ...property, type, items: items.type === 'string' && items.default === undefined ? { ...items, default: '' } : items };
    }
    if (name === 'options' && !items) return OPTION_ROWS;
  }
  return undefined;
}

export function panelSchema(propsSchema: Record<string, unknown>): { schema: RJSFSchema; names: string[] } {
  const properties = (propsSchema.properties ?? {}) as Record<string, unknown>;
  const kept: Record<string, RJSFSchema> = {};
  for (const [name, schema] of Object.entries(properties)) {
    if (EDITED_ELSEWHERE.has(name)) continue;
    const edit = editable(name, schema);
    if (edit) kept[name] = { title: name, ...edit };
  }
  return { schema: { type: 'object', properties: kept }, names: Object.keys(kept) };
}
