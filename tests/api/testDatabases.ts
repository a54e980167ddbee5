import type { SmsSender } from '../../src/server/modules/oauth/smsSender.js';
import fs from 'node:fs';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { prepareDatabase } from '../../src/server/start.js';
import { throwawayDatabase } from '../support/throwawayDatabase.js';
import type { Database } from '../../src/server/db/database.js';

/**
 * The databases the API suite runs on: always the embedded one, and PostgreSQL when TEST_DATABASE_URL is set.
 * Each suite gets a database of its own, a copy of the one the project's global setup migrated and seeded
 * (tests/support/templateDatabases.ts; made afresh when there is none), dropped at its end.
 */
export { TEST_PASSWORDS } from './testPasswords.js';
import { TEST_PASSWORDS } from './testPasswords.js';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<{ database: Database; drop(): Promise<void> }>;
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      name: 'pglite',
      async open() {
        // A copy of the template the API project's global setup seeded (tests/support/templateDatabases.ts).
        const template = inject('pgliteTemplate');
        const from = template ? new Blob([fs.readFileSync(template)]) : undefined;
        const { database } = await prepareDatabase({ inMemory: true, dataDir: '', adminPassword: TEST_PASSWORDS.admin, demoUserPassword: TEST_PASSWORDS.demoUser, from });
        return { database, drop: () => database.close() };
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    list.push({
      name: 'postgres',
      async open() {
        const copy = await throwawayDatabase(url, 'test', inject('postgresTemplate') || undefined);
        const { database } = await prepareDatabase({ databaseUrl: copy.url, dataDir: '', adminPassword: TEST_PASSWORDS.admin, demoUserPassword: TEST_PASSWORDS.demoUser });
        return {
          database,
          async drop() {
            await database.close();
            await copy.drop();
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
