import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/app/server/labcode.js';
import type { DB } from '../../src/kernel/server/db/schema.js';
import { prepareDatabase } from '../../src/app/server/labcode.js';
import { hashToken } from '../../src/modules/oauth/server/sessionStore.js';
import { hashPasswordForTransport } from '../../src/shared/passwordHash.js';

/**
 * The list-API benchmark of issue 15: the product's areas list (and the users list, whose route checks the menu,
 * applies the data scope and strips columns) against a bare Fastify + pg server doing the same session lookup
 * and the same statements, on a throw-away PostgreSQL started as .ci/run starts one, 50 connections.
 *
 * The bare server's statements are not written by hand: the benchmark records, from the product itself, every
 * statement one warmed-up request runs (session lookup first) and the answer it gave, and the bare server replays
 * the statements per request and sends that answer: the same database work and the same bytes back, with no
 * framework around them.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CONNECTIONS = 50;
const WARMUP_S = 3;
const DURATION_S = Number(process.env.BENCH_API_SECONDS ?? 10);
/**
 * Five rounds: the servers share two cores with PostgreSQL and the load, and the machine's other work moves a
 * round's throughput by a third; a round is about a minute, so more rounds are cheap.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_API_ROUNDS ?? 5));
const PASSWORDS = { admin: `bench-admin-${randomBytes(4).toString('hex')}`, demoUser: `bench-demo-${randomBytes(4).toString('hex')}` };
/**
 * The V8 flags `npm start` gives the server (package.json's start script: a larger young generation, decision
 * 173). Both servers run with them, so neither is measured on a runtime tuned for it alone.
 */
const SERVER_NODE_FLAGS: string[] = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.match(/--[\w-]+=\S+/g) ?? [];
const ROUTES = [
  { label: 'areas list (`GET /api/system/Area/-1`, the provinces)', url: '/api/system/Area/-1', account: 'admin', target: 0.8 },
  { label: 'users list with permissions (`GET /api/permission/Users`, menu, data scope, columns)', url: '/api/permission/Users?currentPage=1&pageSize=20', account: 'admin', target: 0.7 },
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

/** A throw-away PostgreSQL on 127.0.0.1, as .ci/run starts one (as the postgres user when run as root). */
async function startPostgres(): Promise<{ url: string; version: string; stop: () => void }> {
  const bin = fs
    .readdirSync('/usr/lib/postgresql')
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .filter((dir) => fs.existsSync(`${dir}/initdb`))
    .sort()
    .pop();
  if (!bin) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-bench-pg-'));
  const root = process.getuid?.() === 0;
  const asPg = (command: string, args: string[]) => {
    const result = root ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' }) : spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
  };
  fs.chmodSync(dir, 0o755);
  const password = randomBytes(8).toString('hex');
  fs.writeFileSync(path.join(dir, 'pwfile'), `${password}\n`);
  if (root) spawnSync('chown', ['-R', 'postgres', dir]);
  const port = await freePort();
  asPg(`${bin}/initdb`, ['-D', `${dir}/data`, '-U', 'labcode', `--pwfile=${dir}/pwfile`, '-A', 'scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8']);
  asPg(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-l', `${dir}/server.log`, '-w', '-o', `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=on -c max_connections=200`, 'start']);
  const version = spawnSync(`${bin}/postgres`, ['--version'], { encoding: 'utf8' }).stdout.trim();
  return {
    url: `postgres://labcode:${password}@127.0.0.1:${port}/postgres`,
    version,
    stop: () => {
      try {
        asPg(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'fast', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Migrates and seeds the database, signs in, and records the statements one warmed-up request of each route runs. */
async function prepareAndRecord(url: string): Promise<{ tokens: Record<string, string>; recordedFile: string }> {
  const prepared = await prepareDatabase({ databaseUrl: url, dataDir: '', adminPassword: PASSWORDS.admin, demoUserPassword: PASSWORDS.demoUser });
  await prepared.database.close();
  let recording: { sql: string; parameters: unknown[] }[] | undefined;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') recording?.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
    },
  });
  const app = await buildApp({ config: { bodyLimit: 1024 * 1024, sessionIdleMinutes: 480, clientDir: '/nonexistent', logLevel: 'silent' }, database: { db, kind: 'postgres', url, pool: () => ({ size: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }), close: () => db.destroy() }, logger: false });
  try {
    const tokens: Record<string, string> = {};
    for (const account of new Set(ROUTES.map((r) => r.account))) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/oauth/Login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ account, password: hashPasswordForTransport(account === 'admin' ? PASSWORDS.admin : PASSWORDS.demoUser), grant_type: 'password' }).toString(),
      });
      const body = response.json() as { code: number; data?: { token: string } };
      if (body.code !== 200 || !body.data) throw new Error(`sign-in of ${account} failed: ${response.body}`);
      tokens[account] = body.data.token;
    }
    const routes: Record<string, { statements: { sql: string; parameters: unknown[] }[]; answer: unknown }> = {};
    for (const route of ROUTES) {
      const call = () => app.inject({ method: 'GET', url: route.url, headers: { authorization: tokens[route.account] } });
      const first = await call();
      if ((first.json() as { code: number }).code !== 200) throw new Error(`${route.url} answered ${first.body.slice(0, 200)}`);
      recording = [];
      const recorded = await call();
      routes[route.url] = { statements: recording, answer: recorded.json() };
      recording = undefined;
    }
    // The bare server takes each caller's token hash in place of this one; the benchmark signs in with one account.
    const recordedFile = path.join(os.tmpdir(), `labcode-bench-api-${process.pid}.json`);
    fs.writeFileSync(recordedFile, JSON.stringify({ tokenHash: hashToken(tokens.admin), routes }));
    return { tokens, recordedFile };
  } finally {
    await app.close();
    await db.destroy();
  }
}

/** CPU time (user + system, µs) the process has used so far, from /proc (Linux). */
function cpuTimeUs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (USER_HZ, 100 a second on Linux's every architecture
  // that runs Node).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

type ServerKind = 'product' | 'bare' | 'barePrepared';

async function startServer(kind: ServerKind, url: string, recordedFile: string): Promise<{ port: number; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  // The product as `npm start` runs it (its default log level), from source through tsx like the bare server.
  const args = [...SERVER_NODE_FLAGS, '--import', 'tsx', ...(kind === 'product' ? ['src/app/server/main.ts'] : ['tests/bench/apiServer.ts', recordedFile])];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, BARE_PREPARED: kind === 'barePrepared' ? '1' : '0', DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: PASSWORDS.admin, DEMO_USER_PASSWORD: PASSWORDS.demoUser, CLIENT_DIR: '/nonexistent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${kind} server exited (${child.exitCode})`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the ${kind} server did not start`);
    await sleep(200);
  }
  return {
    port,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

/** 50 keep-alive connections, each sending the next request when the last answered, for `seconds`. */
async function load(port: number, url: string, token: string, seconds: number): Promise<{ rps: number; answered: number; failures: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let done = 0;
  let failures = 0;
  const end = Date.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port, path: url, agent, headers: { authorization: token } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          // Every answer counts only as the envelope's success; a refusal is a failure, not throughput.
          const body = Buffer.concat(chunks).toString();
          if (response.statusCode === 200 && body.startsWith('{"code":200')) done += 1;
          else failures += 1;
          resolve();
        });
      });
      request.on('error', () => {
        failures += 1;
        resolve();
      });
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) await one();
    }),
  );
  agent.destroy();
  return { rps: done / ((Date.now() - started) / 1000), answered: done + failures, failures };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** Runs the benchmark and answers its section of docs/benchmarks.md. */
export async function benchApi(): Promise<string> {
  const postgres = await startPostgres();
  const startLoad = os.loadavg()[0];
  try {
    const { tokens, recordedFile } = await prepareAndRecord(postgres.url);
    const recorded = JSON.parse(fs.readFileSync(recordedFile, 'utf8')) as { routes: Record<string, { statements: unknown[] }> };
    const results = ROUTES.map(() => ({ product: [] as number[], bare: [] as number[], barePrepared: [] as number[], productCpu: [] as number[], bareCpu: [] as number[], barePreparedCpu: [] as number[], failures: 0 }));
    // Rounds take turns: product, bare, bare prepared, product…, each server started fresh and warmed up first.
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const kind of ['product', 'bare', 'barePrepared'] as const) {
        const server = await startServer(kind, postgres.url, recordedFile);
        try {
          for (const [index, route] of ROUTES.entries()) {
            await load(server.port, route.url, tokens[route.account], WARMUP_S);
            const cpuBefore = cpuTimeUs(server.pid);
            const { rps, answered, failures } = await load(server.port, route.url, tokens[route.account], DURATION_S);
            const cpuPerRequest = (cpuTimeUs(server.pid) - cpuBefore) / answered;
            results[index][kind].push(rps);
            results[index][`${kind}Cpu`].push(cpuPerRequest);
            results[index].failures += failures;
            console.log(`api round ${round + 1} ${kind} ${route.url}: ${rps.toFixed(0)} req/s, ${cpuPerRequest.toFixed(0)} µs server CPU a request, ${failures} failed`);
          }
        } finally {
          await server.stop();
        }
      }
    }
    fs.rmSync(recordedFile, { force: true });
    const rows = ROUTES.map((route, index) => {
      const { product, bare, barePrepared, productCpu, bareCpu, barePreparedCpu, failures } = results[index];
      // Each round's product run and bare run are a minute apart, so their ratio shares that minute's machine; the
      // median of those paired ratios is judged. The ratio of the two medians is shown beside it.
      const roundShares = product.map((rps, round) => rps / bare[round]);
      const share = median(roundShares);
      const ofMedians = median(product) / median(bare);
      const ofPrepared = median(product.map((rps, round) => rps / barePrepared[round]));
      const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
      const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
      return {
        table: `| ${route.label} | ${median(product).toFixed(0)} (${range(product)}) | ${median(bare).toFixed(0)} (${range(bare)}) | ${percent(share)} (rounds: ${roundShares.map(percent).join(', ')}) | ${percent(ofMedians)} | ${median(productCpu).toFixed(0)} / ${median(bareCpu).toFixed(0)} | ${median(barePrepared).toFixed(0)} (${range(barePrepared)}), ${median(barePreparedCpu).toFixed(0)} µs; ${percent(ofPrepared)} | ${recorded.routes[route.url].statements.length} |${failures ? ` ${failures} failed answers` : ''}`,
        target: `| ${route.label.split(' (')[0]} ≥ ${route.target * 100}% of bare | ${share >= route.target ? 'met' : '**missed**'} (${percent(share)}) |`,
      };
    });
    return `## List API (issue 15)

The product (\`node ${SERVER_NODE_FLAGS.join(' ')} --import tsx src/app/server/main.ts\`, as \`npm start\` runs it but from source: the
same V8 flags, default log level, PostgreSQL through \`DATABASE_URL\`) against a bare Fastify + pg server
(\`tests/bench/apiServer.ts\`, run with the same flags: no plugins, no logging, a pool of the product's size) that runs, per request, exactly the statements the product
ran for one warmed-up request of the same route — recorded from the product by the benchmark, session lookup
first — with the caller's token, and sends the answer the product gave to that request (the same bytes). Both on one throw-away ${postgres.version} started as \`.ci/run\` starts one
(fsync on, max_connections 200), seeded with the demo data; signed in as admin. The load: ${CONNECTIONS} keep-alive
connections from the benchmark's own Node process, each sending the next request when the last answered;
${WARMUP_S} s warm-up, then ${DURATION_S} s counted; only answers with \`code\` 200 count. ${ROUNDS} rounds, the servers
taking turns (each started fresh); medians, with the range over rounds. *Product / bare* is the median of the
rounds' own ratios (each round's product run against the bare run right after it), which is what the target is
judged on; the ratio of the two medians is shown beside it. The product runs its fixed-shape statements (the
session lookup, memberships, an area level's flags…) as server-side prepared statements, parsed once per
connection (decision 177); the bare server sends every statement unnamed, node-postgres's default, as a
hand-written Fastify + pg server does. So that the framework's own cost stays visible, a third server — the bare
one with every statement prepared (\`BARE_PREPARED=1\`) — takes its turn in each round too; it is reported for
information, not judged. Server CPU is the server process's user +
system time over the counted seconds (/proc), divided by the answers: it moves less with the machine's other load than
throughput does. Measured
${new Date().toISOString().slice(0, 10)} on this project's machine (${os.cpus().length} cores shared by the servers,
PostgreSQL and the load; load average ${startLoad.toFixed(1)} at the start, other work running), Node ${process.version}.

| Route | Product req/s | Bare req/s | Product / bare | Ratio of medians | Server CPU a request, µs (product / bare) | Bare, every statement prepared: req/s, CPU; product / it | Statements per request |
|---|---|---|---|---|---|---|---|
${rows.map((r) => r.table).join('\n')}

| Target | Result |
|---|---|
${rows.map((r) => r.target).join('\n')}
`;
  } finally {
    postgres.stop();
  }
}
