import type { SmsSender } from '../../../src/kernel/server/smsSender.js';
import fs from 'node:fs';
import { inject } from 'vitest';
import { buildApp } from '../../../src/app/server/labcode.js';
import { prepareDatabase } from '../../../src/app/server/labcode.js';
import { throwawayDatabase } from '../throwawayDatabase.js';
import type { Database } from '../../../src/kernel/server/db/database.js';
import type { ServerModule } from '../../../src/kernel/server/module.js';

/**
 * The databases an API suite runs on. Without TEST_DATABASE_URL (a developer's machine), the embedded one. With it
 * (CI), PostgreSQL for every suite, and the embedded one too for the suites whose subject differs by engine: they
 * ask with `testDatabases({ everyEngine: true })` (the SQL time budget PGlite needs, prepared statements and the
 * PGlite dialect, savepoints, migrations from older databases, DDL, the event bus, concurrent approvals). Both
 * engines run the same PostgreSQL, so the other suites would only repeat on PGlite what they check on PostgreSQL;
 * TEST_EVERY_ENGINE=1 runs every suite on both anyway (docs/decisions.md 194).
 * Each suite gets a database of its own, a copy of the one the project's global setup migrated and seeded
 * (tests/support/templateDatabases.ts; made afresh when there is none), dropped at its end.
 */
export { TEST_PASSWORDS } from './testPasswords.js';
import { TEST_PASSWORDS } from './testPasswords.js';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<{ database: Database; drop(): Promise<void> }>;
}

export function testDatabases(options: { everyEngine?: boolean } = {}): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL;
  const everyEngine = options.everyEngine || process.env.TEST_EVERY_ENGINE === '1';
  const list: TestDatabase[] = [];
  if (!url || everyEngine) list.push(
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
  );
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

export async function testApp(database: Database, overrides: { bodyLimit?: number; smsSender?: SmsSender; modules?: readonly ServerModule[] } = {}) {
  return buildApp({
    config: { bodyLimit: overrides.bodyLimit ?? 1024 * 1024, sessionIdleMinutes: 60, clientDir: '/nonexistent', logLevel: 'silent' },
    database,
    logger: false,
    smsSender: overrides.smsSender,
    modules: overrides.modules,
  });
}
