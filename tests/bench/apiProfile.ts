import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/app/server/labcode.js';
import type { DB } from '../../src/kernel/server/db/schema.js';
import { prepareDatabase } from '../../src/app/server/labcode.js';
import { hashPasswordForTransport } from '../../src/shared/passwordHash.js';

/**
 * `DATABASE_URL=… npx tsx tests/bench/apiProfile.ts [url] [requests]`: the server-side CPU one list request costs,
 * in this process, for the product (buildApp with its logger at info, into a discarding stream) and for a bare
 * Fastify replaying the statements the product ran — the same pair the list-API benchmark (api.ts) loads over
 * HTTP. CPU per request hardly moves with the machine's load, so A/B comparisons of the server's own work are
 * possible on a shared machine where throughput is not. PROFILE=1 also prints the product's hottest functions (PROFILE=bare: the bare server's), LOG_LEVEL sets the product's log level.
 * SHOW_SQL=1 prints the statements one request runs.
 * The database must be a throw-away one: it is migrated and seeded with bench passwords.
 */
const url = process.argv[2] ?? '/api/permission/Users?currentPage=1&pageSize=20';
const REQUESTS = Number(process.argv[3] ?? 3000);
const CONCURRENCY = 50;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required (a throw-away database)');
const passwords = { admin: `bench-admin-${randomBytes(4).toString('hex')}`, demoUser: `bench-demo-${randomBytes(4).toString('hex')}` };

const prepared = await prepareDatabase({ databaseUrl, dataDir: '', adminPassword: passwords.admin, demoUserPassword: passwords.demoUser });
await prepared.database.close();
// The product on the same driver settings as openPostgres, with a log of the statements it runs.
let recording: { sql: string; parameters: unknown[] }[] | undefined;
const INT8_OID = 20;
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types: { getTypeParser: (oid: number, format?: 'text') => (oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) } as never });
const db = new Kysely<DB>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    if (event.level === 'query') recording?.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
  },
});
const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
const app = await buildApp({ config: { bodyLimit: 1024 * 1024, sessionIdleMinutes: 480, clientDir: '/nonexistent', logLevel: (process.env.LOG_LEVEL ?? 'info') as 'info' }, database: { db, kind: 'postgres', url: databaseUrl, pool: () => ({ size: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }), close: () => db.destroy() }, logStream: discard });
const login = await app.inject({
  method: 'POST',
  url: '/api/oauth/Login',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ account: 'admin', password: hashPasswordForTransport(passwords.admin), grant_type: 'password' }).toString(),
});
const token = (login.json() as { data: { token: string } }).data.token;
const call = (target: typeof app) => target.inject({ method: 'GET', url, headers: { authorization: token } });
const first = await call(app);
if (!first.body.startsWith('{"code":200')) throw new Error(first.body.slice(0, 300));
recording = [];
await call(app);
const statements = recording;
recording = undefined;
if (process.env.SHOW_SQL) for (const statement of statements) console.log(statement.sql, JSON.stringify(statement.parameters));

const barePool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const bare = Fastify({ logger: false });
// As the benchmark's bare server: the same statements, then the answer the product gave.
const answer = first.json();
bare.get(new URL(url, 'http://x').pathname, async (_request, reply) => {
  for (const statement of statements) await barePool.query(statement.sql, statement.parameters as unknown[]);
  return reply.send(answer);
});
await bare.ready();

async function measure(target: typeof app, requests: number): Promise<{ cpuUs: number; wallMs: number }> {
  let left = requests;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) {
        const response = await call(target);
        if (!response.body.startsWith('{"code":200')) throw new Error(response.body.slice(0, 200));
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / requests, wallMs: performance.now() - started };
}

const results: Record<string, number[]> = { product: [], bare: [] };
for (const round of [0, 1, 2]) {
  for (const [name, target] of [['product', app], ['bare', bare]] as const) {
    await measure(target, 300);
    const { cpuUs, wallMs } = await measure(target, REQUESTS);
    results[name].push(cpuUs);
    console.log(`round ${round + 1} ${name}: ${cpuUs.toFixed(0)} µs CPU a request, ${((REQUESTS / wallMs) * 1000).toFixed(0)} req/s in-process`);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`${statements.length} statements a request; median CPU a request: product ${median(results.product).toFixed(0)} µs, bare ${median(results.bare).toFixed(0)} µs`);

if (process.env.PROFILE) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  await measure(process.env.PROFILE === 'bare' ? bare : app, REQUESTS);
  const { profile } = await session.post('Profiler.stop');
  if (process.env.PROFILE_OUT) fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  const self = new Map<number, number>();
  profile.samples!.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0)));
  const byName = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of profile.nodes) {
    const frame = node.callFrame;
    const file = frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/perf15\//, '');
    const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}`;
    byName.set(name, (byName.get(name) ?? 0) + (self.get(node.id) ?? 0));
    const pkg = file.startsWith('@') ? file.split('/').slice(0, 2).join('/') : file.split('/')[0];
    byFile.set(pkg, (byFile.get(pkg) ?? 0) + (self.get(node.id) ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log('\nself time by package / top folder:');
  for (const [name, us] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${((us / total) * 100).toFixed(1).padStart(6)}%  ${name}`);
  console.log('\nhottest functions:');
  for (const [name, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${((us / total) * 100).toFixed(1).padStart(6)}%  ${name}`);
}
await app.close();
await bare.close();
await barePool.end();
