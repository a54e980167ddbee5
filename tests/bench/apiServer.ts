import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The bare baseline of the list-API benchmark (tests/bench/api.ts), run in a process of its own: Fastify and a pg
 * pool of the product's size, nothing else. For each request it runs the statements the product ran for the
 * same request — recorded by the benchmark from the product itself, the session lookup first — with the
 * caller's token hash in place of the recorded one, refuses a token the lookup does not find, and sends the answer
 * the product gave to the recorded request, serialized anew as the product serializes its own. So it does the same
 * database work and sends the same bytes, with no framework around them.
 *
 * `node --import tsx tests/bench/apiServer.ts <recorded.json>` with DATABASE_URL and PORT (and BARE_PREPARED).
 */
interface Recorded {
  tokenHash: string;
  routes: Record<string, { statements: { sql: string; parameters: unknown[] }[]; answer: unknown }>;
}
const recorded = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Recorded;
/**
 * BARE_PREPARED=1: every statement a server-side prepared statement (named, parsed once per connection). The product
 * prepares its fixed-shape statements (db/preparedStatements.ts); this variant shows what preparing all of them would
 * give a server with no framework at all.
 */
const PREPARED = process.env.BARE_PREPARED === '1';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => undefined);
const app = Fastify({ logger: false });

for (const [routeIndex, [url, { statements, answer }]] of Object.entries(recorded.routes).entries()) {
  const { pathname } = new URL(url, 'http://x');
  app.get(pathname, async (request, reply) => {
    const header = String(request.headers.authorization ?? '').replace(/^bearer\s+/i, '');
    const hash = createHash('sha256').update(header).digest('hex');
    const substitute = (values: unknown[]) => values.map((value) => (value === recorded.tokenHash ? hash : value));
    for (const [index, statement] of statements.entries()) {
      const values = substitute(statement.parameters);
      const result = await pool.query(PREPARED ? { name: `bare_${routeIndex}_${index}`, text: statement.sql, values } : { text: statement.sql, values });
      if (index === 0 && result.rowCount === 0) return reply.send({ code: 600, msg: 'session', data: null });
    }
    return reply.send(answer);
  });
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
