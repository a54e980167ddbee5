import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SESSION_CODES } from '../../../src/shared/envelope.js';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';
import { sealPassword } from '../../../src/shared/passwordCipher.js';
import { openPostgres, type Database } from '../../../src/kernel/server/db/database.js';
import { LISTENER_APPLICATION_NAME } from '../../../src/kernel/server/infra/events.js';
import { createInfrastructure } from '../../../src/kernel/server/infra/index.js';
import type { InfraLog, Infrastructure } from '../../../src/kernel/server/infra/infrastructure.js';
import { randomPort, startServerProcess, type ServerProcess } from '../../support/serverProcess.js';
import { grantButton } from '../../support/grants.js';
import { TEST_PASSWORDS } from '../../support/api/testDatabases.js';

/**
 * The guide's "Scale": several server processes on one PostgreSQL, none keeping in memory what another needs.
 * Two real servers (npm start's entry point) share one fresh database; every step starts on one and ends on the
 * other. Needs a PostgreSQL it may create databases on, given as TEST_DATABASE_URL; the embedded database is one
 * process by definition, so there is nothing to test without it.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as InfraLog;

interface Envelope<T = any> {
  code: number;
  msg: string;
  data: T;
}

async function call<T = any>(server: ServerProcess, method: 'GET' | 'POST', url: string, token?: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as Envelope<T>;
}

async function signIn(server: ServerProcess, account: string, password: string): Promise<Envelope<{ token: string } | null>> {
  const response = await fetch(`${server.url}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account, password: hashPasswordForTransport(password), grant_type: 'password' }),
  });
  return (await response.json()) as Envelope<{ token: string } | null>;
}

async function tokenOn(server: ServerProcess, account: string, password: string): Promise<string> {
  const body = await signIn(server, account, password);
  if (body.code !== 200 || !body.data) throw new Error(`sign-in of ${account} failed: ${body.msg}`);
  return body.data.token;
}

describe.skipIf(!serverUrl)('two server processes on one PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  const name = `labcode_cross_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-cross-'));
  let a: ServerProcess;
  let b: ServerProcess;
  /** The test's own view of the database: for what only an operator or a third process would do. */
  let database: Database;
  let infra: Infrastructure;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), ADMIN_PASSWORD: TEST_PASSWORDS.admin, DEMO_USER_PASSWORD: TEST_PASSWORDS.demoUser, CLIENT_DIR: '/nonexistent' };
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await startServerProcess({ port: randomPort(), dataDir: path.join(dataDir, 'a'), env, entry: inject('serverEntry') });
    b = await startServerProcess({ port: randomPort(), dataDir: path.join(dataDir, 'b'), env, entry: inject('serverEntry') });
    database = await openPostgres(url.toString());
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await infra?.close();
    await database?.close();
    const cleaner = new pg.Client({ connectionString: serverUrl });
    await cleaner.connect();
    await cleaner.query(`drop database if exists ${name} with (force)`);
    await cleaner.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a session signed in on one process valid on the other, and a logout on either ends it on both', async () => {
    const token = await tokenOn(a, 'staff', TEST_PASSWORDS.demoUser);
    expect((await call(b, 'GET', '/api/oauth/CurrentUser', token)).code).toBe(200);
    expect((await call(b, 'GET', '/api/oauth/Logout', token)).code).toBe(200);
    const refused = await call(a, 'GET', '/api/oauth/CurrentUser', token);
    expect(SESSION_CODES).toContain(refused.code);
  });

  it('accepts a password change sealed with the key one process handed out when another receives it', async () => {
    const token = await tokenOn(a, 'pengfei', TEST_PASSWORDS.demoUser);
    const { publicKey } = (await call<{ publicKey: string }>(a, 'GET', '/api/permission/Users/Current/PasswordKey', token)).data;
    expect((await call<{ publicKey: string }>(b, 'GET', '/api/permission/Users/Current/PasswordKey', token)).data.publicKey).toBe(publicKey);

    // The captcha too is drawn by one process and checked by the other.
    const captchaId = `cross${Date.now()}`;
    expect((await fetch(`${a.url}/api/file/ImageCode/${captchaId}`)).status).toBe(200);
    const { answer } = await database.db.selectFrom('auth_captcha').select('answer').where('id', '=', captchaId).executeTakeFirstOrThrow();
    const changed = await call(b, 'POST', '/api/permission/Users/Current/Actions/ModifyPassword', token, {
      oldPassword: hashPasswordForTransport(TEST_PASSWORDS.demoUser),
      password: hashPasswordForTransport('Cross2026pass'),
      passwordCipher: await sealPassword(publicKey, 'Cross2026pass'),
      code: answer,
      timestamp: captchaId,
    });
    expect(changed).toMatchObject({ code: 200 });
    expect((await signIn(a, 'pengfei', 'Cross2026pass')).code).toBe(200);
    expect((await signIn(a, 'pengfei', TEST_PASSWORDS.demoUser)).code).toBe(400);
  });

  it('makes every process drop its cached button grants when any process invalidates them', async () => {
    // Each server listens for events on a connection of its own.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`.execute(database.db);
    expect(rows[0].n).toBe(2);

    const token = await tokenOn(b, 'staff', TEST_PASSWORDS.demoUser);
    const category = await database.db.selectFrom('base_dictionary_type').select('id').where('en_code', '=', 'hazardClass').executeTakeFirstOrThrow();
    // A read behind a button: the permission plugin answers it from each process's 'authority' cache.
    const exportCode = async (server: ServerProcess) => (await call(server, 'GET', `/api/system/DictionaryData/${category.id}/Action/Export`, token)).code;
    const eventually = async (code: number) => {
      for (const server of [a, b]) {
        const deadline = Date.now() + 5000;
        while ((await exportCode(server)) !== code) {
          if (Date.now() > deadline) throw new Error(`${server.url} does not answer ${code}: it did not hear the invalidation`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    // Both processes now hold staff's grants (no buttons) in their caches.
    expect(await exportCode(a)).toBe(403);
    expect(await exportCode(b)).toBe(403);

    // An administrator's change, as a third process makes it: the rows, then the invalidation on the bus.
    infra = await createInfrastructure({ database, dataDir, log: quiet });
    const { grantId, userId } = await grantButton(database.db, 'staff', 'systemData.dictionary', 'btn_export');
    await infra.cache('authority').invalidate();
    await eventually(200);

    await database.db.deleteFrom('base_authorize').where('id', '=', grantId).execute();
    await infra.cache('authority').invalidate(userId);
    await eventually(403);
  });
});
