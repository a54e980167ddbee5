// @ts-check
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The server bundled into one file (esbuild, packages left external): what `npm start` runs, and what the e2e
 * tests start (tests/support/e2eTemplate.ts), so both run the same thing. Answers the bundle's path.
 */
export async function bundleServer() {
  const root = path.resolve(import.meta.dirname, '..');
  const outfile = path.join(root, 'dist/server/main.mjs');
  await build({
    entryPoints: [path.join(root, 'src/app/server/main.ts')],
    outfile,
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
