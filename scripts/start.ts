import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start`: builds the web app only when the build is missing or older than what goes into it, then starts
 * the server in this process. A restart with nothing changed therefore costs the server's own start, not a
 * seven-second vite build. package.json runs it as `node --import tsx`: one Node process, where the tsx command
 * would boot a second one to run the script in.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const BUILT = path.join(ROOT, 'dist/client/index.html');
/** Everything the client bundle is made of; a change to any of these makes the build stale. */
const INPUTS = ['src/client', 'src/shared', 'registry', 'schemas', 'vite.config.ts', 'package-lock.json'];

/** The newest modification time under the inputs; directories count too, so a deleted file is a change. */
function newestInput(): number {
  let newest = 0;
  for (const input of INPUTS) {
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

function buildIsCurrent(): boolean {
  return fs.existsSync(BUILT) && fs.statSync(BUILT).mtimeMs >= newestInput();
}

if (buildIsCurrent()) {
  console.log('The web app build is up to date.');
} else {
  console.log('Building the web app (its sources changed since the last build)…');
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../src/server/main.js');
