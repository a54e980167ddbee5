import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app/server/labcode.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/**
 * The built web app as the server hands it out: the hashed files under /assets are kept by browsers for a year
 * (their names change with their content), index.html is asked again every time (it names the current files),
 * a page path of the app answers index.html, and a file the build compressed goes in the smallest encoding the
 * browser accepts (issue 34).
 */
describe.each(testDatabases())('the web app files ($name)', (testDb) => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const BIG = `export const words = ${JSON.stringify('试剂 reagent '.repeat(2000))};`;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-client-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><script src="/assets/index-Ab12Cd34.js"></script>');
    fs.writeFileSync(path.join(clientDir, 'assets/index-Ab12Cd34.js'), 'console.log(1)');
    // As scripts/precompress.ts writes them beside a built file.
    fs.writeFileSync(path.join(clientDir, 'assets/big-Ef56Gh78.js'), BIG);
    fs.writeFileSync(path.join(clientDir, 'assets/big-Ef56Gh78.js.br'), zlib.brotliCompressSync(BIG));
    fs.writeFileSync(path.join(clientDir, 'assets/big-Ef56Gh78.js.gz'), zlib.gzipSync(BIG));
    const opened = await testDb.open();
    drop = opened.drop;
    app = await buildApp({ config: { bodyLimit: 1024 * 1024, sessionIdleMinutes: 60, clientDir, logLevel: 'silent' }, database: opened.database, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('lets browsers keep a hashed asset for a year without asking again', async () => {
    const answer = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('console.log(1)');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file in the encoding the browser prefers, and the plain one to a browser that takes none', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/big-Ef56Gh78.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBeLessThan(BIG.length / 10);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await app.inject({ method: 'GET', url: '/assets/big-Ef56Gh78.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG);

    const plain = await app.inject({ method: 'GET', url: '/assets/big-Ef56Gh78.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
    expect(plain.headers.vary).toBe('accept-encoding');
  });

  it('serves index.html for a page of the app, asked again every time', async () => {
    const answer = await app.inject({ method: 'GET', url: '/permission/user' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('/assets/index-Ab12Cd34.js');
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing or malformed asset name with the not-found envelope, never a file outside', async () => {
    for (const url of ['/assets/missing-Zz99.js', '/assets/.hidden', '/assets/a%2F..%2Findex.html']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['cache-control'] ?? '', url).not.toContain('immutable');
    }
  });
});
