import type { GeneratorDesign } from './design.js';
import { ddlFile } from './emit/ddl.js';
import { defaultLayout, localeDirOf, moduleRootOf, type Layout } from './emit/layout.js';
import { routesFile } from './emit/routes.js';
import { screenFile } from './emit/screen.js';
import { indexFile, messagesFile, migrationFile, migrationName, moduleJsonFile, tablesFile } from './emit/serverModule.js';
import { serviceFile } from './emit/service.js';
import { testFile } from './emit/testFile.js';
import { buildModel, type GenerationModel, type GenerationOptions } from './model.js';

/**
 * Code generation (spec 001 §7 Generator): a design becomes the files a developer keeps, as paths from the
 * repository's root. Pure: nothing is written; CodePreview shows the files, DownloadCode zips them.
 */
export interface GeneratedFile {
  /** From the repository root, e.g. src/modules/purchase/server/service.ts. */
  path: string;
  content: string;
  /** JNPF's fileType: the extension, for the preview's highlighting. */
  fileType: 'ts' | 'json' | 'sql';
}

export interface Generation {
  model: GenerationModel;
  files: GeneratedFile[];
}

export function generateCode(design: GeneratorDesign, options: GenerationOptions = {}, layoutOf: (model: GenerationModel) => Layout = defaultLayout): Generation {
  const model = buildModel(design, options);
  const layout = layoutOf(model);
  const inModule = (name: string, content: string): GeneratedFile => ({ path: `${layout.moduleDir}/${name}`, content, fileType: 'ts' });
  const files: GeneratedFile[] = [
    inModule('index.ts', indexFile(model, layout)),
    inModule('tables.ts', tablesFile(model, layout)),
    inModule(`migrations/${migrationName(model)}.ts`, migrationFile(model)),
    inModule('routes.ts', routesFile(model, layout)),
    inModule('service.ts', serviceFile(model, layout)),
    { path: `${localeDirOf(layout)}/messages.ts`, content: messagesFile(model, layout), fileType: 'ts' },
    { path: `${moduleRootOf(layout)}/module.json`, content: moduleJsonFile(model), fileType: 'json' },
    { path: `schemas/${model.moduleName}/${model.screen}.json`, content: screenFile(model), fileType: 'json' },
    { path: `sql/${model.moduleName}.sql`, content: ddlFile(model), fileType: 'sql' },
    { path: `${layout.testDir}/${model.moduleName}.test.ts`, content: testFile(model, layout), fileType: 'ts' },
  ];
  return { model, files };
}
