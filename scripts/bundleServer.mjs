// @ts-check
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The server bundled into one file (esbuild, packages left external): what `npm start` runs, and what the e2e
 * tests start (tests/support/e2eTemplate.ts), so both run the same thing; beside it, the maker of the embedded
 * database's template (databaseTemplate.mjs), which `npm start` runs when the bundle changed. Answers the bundle's path.
 */
export async function bundleServer() {
  const root = path.resolve(import.meta.dirname, '..');
  const outfile = path.join(root, 'dist/server/main.mjs');
  await build({
    entryPoints: [path.join(root, 'src/app/server/main.ts'), path.join(root, 'src/app/server/databaseTemplate.ts')],
    outdir: path.dirname(outfile),
    outExtension: { '.js': '.mjs' },
    // Code both entries use is in each: two self-contained files, as one was before.
    splitting: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  return outfile;
}
