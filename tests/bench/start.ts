import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Restart to /api/health (issue 9 item 8): from running a command to the first 200 from GET /api/health, on a
 * data directory that already holds the migrated and seeded embedded database. Every run is a fresh process, as
 * a restart is; the previous one has closed its database before the next starts. First start (issue 34 item 5):
 * the same on an empty data directory, new for each run, so the database is created, migrated and seeded.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const TARGET_MS = 3000;
const FIRST_TARGET_MS = 5000;
/** A copy of the server bundle where no database template lies beside it: a first start as it was before decision 225. */
const NO_TEMPLATE = 'dist/bench-start/main.mjs';
const GIVE_UP_MS = 180_000;

interface Variant {
  label: string;
  command: string[];
  runs: number;
  env?: Record<string, string>;
  /** A new, empty data directory for each run: a first start. */
  fresh?: boolean;
}

const VARIANTS: Variant[] = [
  { label: '`npm start`, web app build and server bundle up to date', command: ['npm', 'start'], runs: 5 },
  { label: 'the bundled server alone: `node dist/server/main.mjs`', command: ['node', 'dist/server/main.mjs'], runs: 5 },
  { label: 'the server from source: `node --import tsx src/app/server/main.ts`', command: ['node', '--import', 'tsx', 'src/app/server/main.ts'], runs: 5 },
  // The previous `npm start`, without npm's own start. `exec` so that the server is the shell's process, not its child.
  { label: 'before: `vite build && tsx src/app/server/main.ts`', command: ['sh', '-c', 'vite build && exec tsx src/app/server/main.ts'], runs: 3 },
  { label: 'first start: `npm start` on an empty data directory (from the database template)', command: ['npm', 'start'], runs: 5, fresh: true },
  { label: 'first start, before: the bundled server with no template beside it (initdb and every migration)', command: ['node', NO_TEMPLATE], runs: 3, fresh: true },
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health', timeout: 1000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    request.on('timeout', () => request.destroy());
  });
}

interface Member {
  pid: number;
  ppid: number;
  command: string;
}

/** The processes of a process group (Linux /proc), each with its parent and command name. */
function groupMembers(group: number): Member[] {
  const members: Member[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (command) state ppid pgrp …"; the command may itself hold spaces or parentheses.
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      if (Number(fields[2]) === group) members.push({ pid: Number(entry), ppid: Number(fields[1]), command: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // The process ended while being read.
    }
  }
  return members;
}

/**
 * Ends a run as an operator would: SIGTERM to the server alone, so it closes PGlite cleanly and the next run does
 * not begin with a recovery. The server is the innermost node process of the group: npm, sh and tsx are its
 * ancestors and leave when it does; esbuild's service, its child, is not node.
 */
async function stop(child: ChildProcess): Promise<void> {
  const group = child.pid!;
  const members = groupMembers(group);
  const nodeParents = new Set(members.filter((member) => member.command === 'node').map((member) => member.ppid));
  for (const member of members) if (member.command === 'node' && !nodeParents.has(member.pid)) process.kill(member.pid, 'SIGTERM');
  for (let waited = 0; groupMembers(group).length > 0; waited += 50) {
    if (waited > 30_000) {
      process.kill(-group, 'SIGKILL');
      throw new Error(`The server (process group ${group}) did not stop within 30 s of SIGTERM`);
    }
    await sleep(50);
  }
}

async function timeToHealth(variant: Variant, env: NodeJS.ProcessEnv, port: number): Promise<{ ms: number; output: string }> {
  const started = performance.now();
  const child = spawn(variant.command[0], variant.command.slice(1), { cwd: ROOT, env: { ...env, ...variant.env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (data) => (output += data));
  child.stderr!.on('data', (data) => (output += data));
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    while (!(await healthy(port))) {
      if (exited) throw new Error(`${variant.command.join(' ')} ended before answering:\n${output.slice(-2000)}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`${variant.command.join(' ')}: no answer from /api/health in ${GIVE_UP_MS / 1000} s`);
      await sleep(20);
    }
    return { ms: performance.now() - started, output };
  } finally {
    await stop(child);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Runs the benchmark and answers its section of docs/benchmarks.md. */
export async function benchStart(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-bench-start-'));
  const port = await freePort();
  const bin = path.join(ROOT, 'node_modules/.bin');
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  const load = os.loadavg()[0].toFixed(1);
  const rows: string[] = [];
  let npmStartMedian = NaN;
  let firstStartMedian = NaN;
  const freshDirs: string[] = [];
  try {
    // Not measured: builds the web app if it is stale and migrates and seeds the data directory.
    await timeToHealth(VARIANTS[0], env, port);
    fs.mkdirSync(path.join(ROOT, path.dirname(NO_TEMPLATE)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, 'dist/server/main.mjs'), path.join(ROOT, NO_TEMPLATE));
    // Round by round, one run of each command per round, so a change in the machine's load touches them alike.
    const times = new Map<Variant, number[]>(VARIANTS.map((variant) => [variant, []]));
    for (let round = 0; round < Math.max(...VARIANTS.map((variant) => variant.runs)); round += 1) {
      for (const variant of VARIANTS.filter((candidate) => round < candidate.runs)) {
        const fresh = variant.fresh ? fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-bench-first-')) : undefined;
        if (fresh) freshDirs.push(fresh);
        const { ms, output } = await timeToHealth(variant, fresh ? { ...env, DATA_DIR: fresh } : env, port);
        if (variant === VARIANTS[0] && output.includes('Building the web app')) throw new Error('A source changed during the benchmark and npm start rebuilt: run it again');
        times.get(variant)!.push(ms);
        console.log(variant.label, seconds(ms));
      }
    }
    for (const [variant, measured] of times) {
      const sorted = [...measured].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      if (variant === VARIANTS[0]) npmStartMedian = median;
      if (variant.fresh && variant.command[0] === 'npm') firstStartMedian = median;
      rows.push(`| ${variant.label} | ${sorted.length} | ${seconds(median)} | ${seconds(sorted[0])} | ${seconds(sorted[sorted.length - 1])} |`);
    }
  } finally {
    for (const dir of [dataDir, ...freshDirs, path.join(ROOT, path.dirname(NO_TEMPLATE))]) fs.rmSync(dir, { recursive: true, force: true });
  }
  return `## Start (issues 9 and 34)

Restart to /api/health: from running the command to the first 200 from \`GET /api/health\`, on a data directory
that already holds the migrated and seeded embedded database (PGlite), default log level. One unmeasured start
first builds the web app if needed and seeds the data; then the commands take turns, one run each per round.
Measured ${new Date().toISOString().slice(0, 10)} on this project's machine (${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB), Node ${process.version}; the
load average was ${load} when it began, and every figure grows with it.

| Command | Runs | Median | Fastest | Slowest |
|---|---|---|---|---|
${rows.join('\n')}

\`npm start\` (\`scripts/start.mjs\`) runs \`vite build\` only when \`dist/client/index.html\` is missing or older
than a file of the client bundle's sources, bundles the server with esbuild into \`dist/server/main.mjs\` only
when the server's sources changed, and imports that bundle into its own Node process. The bundled-server row is
the same without npm and without those checks; the from-source row runs the TypeScript through tsx's loader, as
\`npm run dev\` does. A first start creates the database: \`npm start\` makes the embedded database's template (an
empty database with every migration applied, no data) beside the bundle whenever the bundle is newer, and a data
directory without a database starts as a copy of it before the demo data is seeded (decision 225); the "before"
row runs a copy of the bundle with no template beside it, so PGlite runs initdb and every migration.

| Target | Result |
|---|---|
| Restart to /api/health ≤ ${TARGET_MS / 1000} s with \`npm start\` (median) | ${npmStartMedian <= TARGET_MS ? 'met' : '**missed**'} (${seconds(npmStartMedian)}) |
| First start ≤ ${FIRST_TARGET_MS / 1000} s with \`npm start\` (median, issue 34) | ${firstStartMedian <= FIRST_TARGET_MS ? 'met' : '**missed**'} (${seconds(firstStartMedian)}) |
`;
}
