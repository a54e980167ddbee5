import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * `npm test`: every test there is. Makes sure Debian's Chromium is there for the end-to-end tests (installing it
 * with apt-get when this user may), builds the web app they drive, then runs the unit, API and e2e projects.
 * The API project also runs on PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it).
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!fs.existsSync(chromium)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(`Chromium is missing at ${chromium}. Install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  console.log('Installing Debian\'s Chromium for the end-to-end tests…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

console.log(process.env.TEST_DATABASE_URL ? 'API tests run on PGlite and on PostgreSQL (TEST_DATABASE_URL).' : 'API tests run on PGlite (set TEST_DATABASE_URL to add PostgreSQL).');
run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
