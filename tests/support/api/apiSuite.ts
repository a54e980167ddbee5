import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../src/kernel/server/db/database.js';
import { TEST_PASSWORDS, testApp, type TestDatabase } from './testDatabases.js';
import { tokenFor } from './signIn.js';

/**
 * The common frame of an API suite: a fresh database and app per suite, tokens for admin and staff, and a call
 * helper answering the parsed envelope. Read the properties inside tests (they are set in beforeAll).
 */
export interface ApiSuite {
  database: Database;
  app: FastifyInstance;
  admin: string;
  staff: string;
  /** A token for another demo account. */
  tokenOf(account: string): Promise<string>;
  call(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<any>;
}

export function apiSuite(testDb: TestDatabase, options: Parameters<typeof testApp>[1] = {}): ApiSuite {
  let drop: () => Promise<void> = async () => undefined;
  const suite = {
    async tokenOf(account: string) {
      return tokenFor(suite.app, account, TEST_PASSWORDS.demoUser);
    },
    async call(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
      const response = await suite.app.inject({ method, url, headers: { authorization: token }, ...(payload !== undefined ? { payload: payload as object } : {}) });
      return response.json();
    },
  } as ApiSuite;
  beforeAll(async () => {
    const opened = await testDb.open();
    drop = opened.drop;
    suite.database = opened.database;
    suite.app = await testApp(opened.database, options);
    suite.admin = await tokenFor(suite.app, 'admin', TEST_PASSWORDS.admin);
    suite.staff = await tokenFor(suite.app, 'staff', TEST_PASSWORDS.demoUser);
  });
  afterAll(async () => {
    await suite.app?.close();
    await drop();
  });
  return suite;
}
