import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { GeneratedFile } from '../../../src/modules/generator/server/generate.js';

/**
 * Typechecks generated modules as a developer would keep them, without writing them into src/: the files sit
 * virtually at their own paths (src/server/modules/<module>/, tests/api/), and the two lines a developer adds by
 * hand are added virtually too — the module in src/modules/serverModules.ts (its tables.ts adds its tables to DB itself). The program is the
 * server's (tsconfig.server.json settings) plus the generated tests. Answers the diagnostics, formatted.
 */
export interface GeneratedModule {
  moduleName: string;
  className: string;
  files: readonly GeneratedFile[];
}

export function typecheckGenerated(root: string, modules: readonly GeneratedModule[]): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.server.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error('tsconfig.server.json could not be read');
  const options: ts.CompilerOptions = { ...parsed.options, incremental: false, noEmit: true };
  delete options.tsBuildInfoFile;

  const virtual = new Map<string, string>();
  for (const module of modules) for (const file of module.files) if (file.path.endsWith('.ts')) virtual.set(path.join(root, file.path), file.content);

  const indexPath = path.join(root, 'src/modules/serverModules.ts');
  let index = fs.readFileSync(indexPath, 'utf8');
  const list = /export const serverModules = \[([^\]]*)\] as const;/;
  if (!list.test(index)) throw new Error('src/modules/serverModules.ts has no serverModules list to add to');
  index = index.replace(list, (_, names: string) => `export const serverModules = [${names}, ${modules.map((m) => `${m.moduleName}Module`).join(', ')}] as const;`);
  index = modules.map((m) => `import ${m.moduleName}Module from './${m.moduleName}/server/index.js';\n`).join('') + index;
  virtual.set(indexPath, index);


  const host = ts.createCompilerHost(options);
  const original = { fileExists: host.fileExists, readFile: host.readFile, getSourceFile: host.getSourceFile };
  const virtualDirs = new Set([...virtual.keys()].flatMap((file) => {
    const dirs: string[] = [];
    for (let dir = path.dirname(file); dir.length > root.length; dir = path.dirname(dir)) dirs.push(dir);
    return dirs;
  }));
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (dir) => virtualDirs.has(path.resolve(dir)) || (directoryExists ? directoryExists(dir) : ts.sys.directoryExists(dir));
  host.fileExists = (file) => virtual.has(path.resolve(file)) || original.fileExists.call(host, file);
  host.readFile = (file) => virtual.get(path.resolve(file)) ?? original.readFile.call(host, file);
  host.getSourceFile = (file, language, onError, create) => {
    const text = virtual.get(path.resolve(file));
    return text !== undefined ? ts.createSourceFile(file, text, language) : original.getSourceFile.call(host, file, language, onError, create);
  };
  const generatedTests = modules.flatMap((m) => m.files.filter((f) => f.path.startsWith('tests/')).map((f) => path.join(root, f.path)));
  const program = ts.createProgram({ rootNames: [...new Set([...parsed.fileNames, ...virtual.keys(), ...generatedTests])], options, host });
  // The rest of the server was checked by `npm run typecheck`; what adding the modules can break is in the files
  // added or changed, in the declarations they merge with (the DB tables and the messages every module adds to the
  // kernel's interfaces, in each module's tables.ts and messages.ts) and in the kernel files merged into, where a
  // clash between two modules' tables is reported. Checking those and not the whole program finds the same errors
  // in half the time.
  const own = (file: ts.SourceFile) => !file.isDeclarationFile && !file.fileName.includes('/node_modules/');
  const merging = program.getSourceFiles().filter((file) => own(file) && /^declare (module|global)\b/m.test(file.text));
  const mergedInto = new Set(
    merging.flatMap((file) => [...file.text.matchAll(/^declare module '(\.[^']+)\.js'/gm)].map((match) => path.resolve(path.dirname(file.fileName), `${match[1]}.ts`))),
  );
  const added = (file: ts.SourceFile) => virtual.has(path.resolve(file.fileName)) || generatedTests.includes(path.resolve(file.fileName));
  const checked = program.getSourceFiles().filter((file) => own(file) && (added(file) || merging.includes(file) || mergedInto.has(path.resolve(file.fileName))));
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...checked.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
  ];
  return diagnostics.map((d) => {
    const where = d.file ? `${path.relative(root, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : '';
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/** Every identifier of a TypeScript text: what a payload in a label would have to become to run. */
export function identifiersOf(fileName: string, text: string): Set<string> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}
