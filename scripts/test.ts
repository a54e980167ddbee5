import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM as chromium, CHROMIUM_PACKAGES } from '../tests/support/chromium.js';

/**
 * `npm test`: every test there is. First the checks that run no code (every layer's types, the import boundaries
 * between layers), beside the build of the web app the end-to-end tests drive, so a broken layer fails before the
 * minutes of tests. Then makes sure Debian's Chromium is there for the end-to-end tests (installing it with
 * apt-get when this user may), then runs the logic, unit, API and e2e projects.
 * The API and e2e projects run on PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it; decisions 194, 198).
 */

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function check(what: string, script: string): void {
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (result.status === 0) return;
  console.error(`\n${what} failed (npm run ${script}): fix the errors above; no tests were run.`);
  build.kill();
  process.exit(result.status ?? 1);
}

// The type check and the web app's build each keep one core busy: they run side by side (the build needs no
// types), and the tests start only when both succeeded. A failed type check names its errors and stops here.
const build = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
const building = new Promise<number>((resolve) => build.on('exit', (code) => resolve(code ?? 1)));
check('Type check of every layer', 'typecheck');
check('Import boundaries between layers', 'lint:layers');

if (!fs.existsSync(chromium)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(`Chromium is missing at ${chromium}. Install Debian's packages (sudo apt-get install ${CHROMIUM_PACKAGES.join(' ')}) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  console.log('Installing Debian\'s Chromium for the end-to-end tests…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...CHROMIUM_PACKAGES], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

console.log(
  process.env.TEST_DATABASE_URL
    ? 'API and end-to-end tests run on PostgreSQL (TEST_DATABASE_URL), and on PGlite too where the engine is the subject (TEST_EVERY_ENGINE=1: every API suite).'
    : 'API and end-to-end tests run on PGlite (set TEST_DATABASE_URL to run them on PostgreSQL).',
);
const built = await building;
if (built !== 0) {
  console.error('\nThe web app build failed (npx vite build): fix the errors above; no tests were run.');
  process.exit(built);
}
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
