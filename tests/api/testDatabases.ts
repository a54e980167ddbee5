import type { SmsSender } from '../../src/server/modules/oauth/smsSender.js';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { prepareDatabase } from '../../src/server/start.js';
import type { Database } from '../../src/server/db/database.js';

/**
 * The databases the API suite runs on: always the embedded one, and PostgreSQL when TEST_DATABASE_URL is set.
 * Each suite gets a database of its own, created fresh, migrated and seeded, then dropped.
 */
export const TEST_PASSWORDS = { admin: 'admin-test-1', demoUser: 'demo-test-1' };

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<{ database: Database; drop(): Promise<void> }>;
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      name: 'pglite',
      async open() {
        const { database } = await prepareDatabase({ inMemory: true, dataDir: '', adminPassword: TEST_PASSWORDS.admin, demoUserPassword: TEST_PASSWORDS.demoUser });
        return { database, drop: () => database.close() };
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    list.push({
      name: 'postgres',
      async open() {
        const name = `labcode_test_${randomBytes(6).toString('hex')}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const dbUrl = new URL(url);
        dbUrl.pathname = `/${name}`;
        const { database } = await prepareDatabase({ databaseUrl: dbUrl.toString(), dataDir: '', adminPassword: TEST_PASSWORDS.admin, demoUserPassword: TEST_PASSWORDS.demoUser });
        return {
          database,
          async drop() {
            await database.close();
            const cleaner = new pg.Client({ connectionString: url });
            await cleaner.connect();
            await cleaner.query(`drop database if exists ${name} with (force)`);
            await cleaner.end();
          },
        };
      },
    });
  }
  return list;
}

export async function testApp(database: Database, overrides: { bodyLimit?: number; smsSender?: SmsSender } = {}) {
  return buildApp({
    config: { bodyLimit: overrides.bodyLimit ?? 1024 * 1024, sessionIdleMinutes: 60, clientDir: '/nonexistent', logLevel: 'silent' },
    database,
    logger: false,
    smsSender: overrides.smsSender,
  });
}
