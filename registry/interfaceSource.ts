import type { FieldDefinition } from '../src/shared/form/definition.js';
import { interfaceParams, type InterfaceParam } from '../src/shared/form/interfaceParams.js';

// The parameters' rules are shared with the server's label lookups (src/shared/form/interfaceParams.ts).
export { interfaceParams, type InterfaceParam } from '../src/shared/form/interfaceParams.js';

/** The interface props a choice widget adds to its option source. */
export function interfaceSource(field: FieldDefinition): { propsUrl?: string; paramList?: InterfaceParam[] } {
  const config = field.__config__ ?? {};
  const propsUrl = config.propsUrl || (typeof field.interfaceId === 'string' ? field.interfaceId : '') || undefined;
  const paramList = interfaceParams(config.templateJson ?? field.templateJson);
  return { ...(propsUrl ? { propsUrl } : {}), ...(paramList.length ? { paramList } : {}) };
}

/** The props schema of the interface parameters, for the designer's property panel. */
export const PARAM_LIST_SCHEMA = {
  type: 'array',
  items: { type: 'object', properties: { field: { type: 'string' }, defaultValue: { type: ['string', 'null'] } }, required: ['field'] },
};
