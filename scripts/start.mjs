// @ts-check
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bundleServer } from './bundleServer.mjs';

/**
 * `npm start`: builds what is stale, then starts the server in this process. Plain JavaScript on purpose: it runs
 * before anything is compiled, and loading tsx's loader alone costs a third of a second on every start.
 *
 * - The web app is rebuilt (vite) only when dist/client/index.html is older than anything it is made of.
 * - The server is bundled (esbuild, packages left external) into dist/server/main.mjs only when its sources
 *   changed: Node then loads one file instead of resolving some 150 TypeScript modules through a loader, which is
 *   most of a restart's time after the database's own start.
 * - The embedded database's template (an empty database with every migration applied) is made beside the bundle
 *   when the bundle is newer: a data directory without a database starts as a copy of it, not with initdb and
 *   every migration (decision 225). With DATABASE_URL set it is not needed and not made.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_BUILT = path.join(ROOT, 'dist/client/index.html');
const SERVER_BUILT = path.join(ROOT, 'dist/server/main.mjs');
const DATABASE_TEMPLATE = path.join(ROOT, 'dist/server/database-template.tar');
const CLIENT_INPUTS = ['src/app/client', 'src/kernel/client', 'src/modules', 'src/shared', 'registry', 'schemas', 'vite.config.ts', 'package-lock.json'];
const SERVER_INPUTS = ['src/app/server', 'src/kernel/server', 'src/modules', 'src/shared', 'fixtures', 'package-lock.json'];

/** The newest modification time under the inputs; directories count too, so a deleted file is a change. */
function newestInput(inputs) {
  let newest = 0;
  for (const input of inputs) {
    const top = path.join(ROOT, input);
    const stats = fs.statSync(top);
    newest = Math.max(newest, stats.mtimeMs);
    if (!stats.isDirectory()) continue;
    for (const entry of fs.readdirSync(top, { recursive: true, encoding: 'utf8' })) {
      newest = Math.max(newest, fs.statSync(path.join(top, entry)).mtimeMs);
    }
  }
  return newest;
}

const isCurrent = (built, inputs) => fs.existsSync(built) && fs.statSync(built).mtimeMs >= newestInput(inputs);

if (isCurrent(CLIENT_BUILT, CLIENT_INPUTS)) {
  console.log('The web app build is up to date.');
} else {
  console.log('Building the web app (its sources changed since the last build)…');
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!isCurrent(SERVER_BUILT, SERVER_INPUTS)) await bundleServer();

if (!process.env.DATABASE_URL && !isCurrent(DATABASE_TEMPLATE, ['dist/server/main.mjs'])) {
  console.log('Making the embedded database template (the server changed since the last one)…');
  const { makeTemplate } = await import(path.join(ROOT, 'dist/server/databaseTemplate.mjs'));
  await makeTemplate(DATABASE_TEMPLATE);
}

await import(SERVER_BUILT);
