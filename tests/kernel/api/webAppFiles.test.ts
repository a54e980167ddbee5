import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app/server/labcode.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/**
 * The built web app as the server hands it out: the hashed files under /assets are kept by browsers for a year
 * (their names change with their content), index.html is asked again every time (it names the current files),
 * and a page path of the app answers index.html.
 */
describe.each(testDatabases())('the web app files ($name)', (testDb) => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-client-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><script src="/assets/index-Ab12Cd34.js"></script>');
    fs.writeFileSync(path.join(clientDir, 'assets/index-Ab12Cd34.js'), 'console.log(1)');
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
