/**
 * AreasName (JNPF: the "module" a generated function belongs to, the first segment of its API path). JNPF lists
 * its code areas from configuration; ours are the names of the modules the server runs (ModuleContext.moduleNames),
 * plus `example`, JNPF's area for generated functions, so generated code can sit beside an existing module's calls
 * or in its own area.
 */
export function areaNames(moduleNames: readonly string[]): string[] {
  return [...new Set(['example', ...moduleNames])];
}
