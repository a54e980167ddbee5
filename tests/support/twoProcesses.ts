import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPasswordForTransport } from '../../src/shared/passwordHash.js';
import { TEST_PASSWORDS } from './api/testDatabases.js';
import { randomPort, startServerProcess, type ServerProcess } from './serverProcess.js';
import { inject } from 'vitest';
import { sideBySide } from './sideBySide.js';
import { throwawayDatabase } from './throwawayDatabase.js';

/**
 * Two server processes on one throw-away PostgreSQL database, for what must cross processes (the event bus is
 * LISTEN/NOTIFY): chat pushes, session ends. The database is a clone of the API project's seeded template
 * (templateDatabases.ts), so neither process migrates or seeds; a start on an empty database is crossProcess.test.ts's.
 * stop() ends both and drops the database.
 */
export interface TwoProcesses {
  a: ServerProcess;
  b: ServerProcess;
  /** Signs in through a process, as a client would, and answers the token. */
  tokenOn(server: ServerProcess, account: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startTwoProcesses(serverUrl: string, label: string): Promise<TwoProcesses> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `labcode-${label}-`));
  const database = await throwawayDatabase(serverUrl, label, inject('postgresTemplate') || undefined);
  const env = { DATABASE_URL: database.url, ADMIN_PASSWORD: TEST_PASSWORDS.admin, DEMO_USER_PASSWORD: TEST_PASSWORDS.demoUser, CLIENT_DIR: '/nonexistent' };
  // The bundled server the project's global setup made (serverBundle.ts), as `npm start` runs it.
  const entry = inject('serverEntry');
  const [a, b] = await sideBySide(
    [startServerProcess({ port: randomPort(), dataDir: path.join(dataDir, 'a'), env, entry }), startServerProcess({ port: randomPort(), dataDir: path.join(dataDir, 'b'), env, entry })],
    async (started) => {
      await Promise.all(started.map((server) => server?.stop()));
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  );
  return {
    a,
    b,
    async tokenOn(server, account, password = TEST_PASSWORDS.demoUser) {
      const response = await fetch(`${server.url}/api/oauth/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ account, password: hashPasswordForTransport(password), grant_type: 'password' }),
      });
      return ((await response.json()) as { data: { token: string } }).data.token;
    },
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
