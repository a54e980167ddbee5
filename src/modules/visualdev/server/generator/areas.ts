import { serverModules } from '../../../serverModules.js';

/**
 * AreasName (JNPF: the "module" a generated function belongs to, the first segment of its API path). JNPF lists
 * its code areas from configuration; ours are the server's first-level modules, plus `example`, JNPF's area
 * for generated functions, so generated code can sit beside an existing module's calls or in its own area.
 */
export function areaNames(): string[] {
  return [...new Set(['example', ...serverModules.map((m) => m.name)])];
}
