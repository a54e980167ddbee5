import path from 'node:path';
import type { GenerationModel } from '../model.js';

/**
 * Where the generated files sit in a repository, as paths from its root. The default is where a developer keeps
 * them (a module under src/modules/<name>/server, its test under tests/<name>/api); the generator's own test writes them
 * elsewhere and so asks for other relative imports, the only thing a layout changes.
 */
export interface Layout {
  moduleDir: string;
  testDir: string;
}

export function defaultLayout(model: GenerationModel): Layout {
  return { moduleDir: `src/modules/${model.moduleName}/server`, testDir: `tests/${model.moduleName}/api` };
}

/** The module's own folder (module.json) and its words' folder (locale/), beside its server folder. */
export const moduleRootOf = (layout: Layout) => path.posix.join(layout.moduleDir, '..');
export const localeDirOf = (layout: Layout) => path.posix.join(layout.moduleDir, '..', 'locale');

/** The import specifier from a folder to a repository file (given without extension), ESM style (.js). */
export function importFrom(fromDir: string, target: string): string {
  const relative = path.posix.relative(fromDir, target);
  return `${relative.startsWith('.') ? '' : './'}${relative}.js`;
}
