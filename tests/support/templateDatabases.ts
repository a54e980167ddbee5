import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../../src/app/server/labcode.js';
import { TEST_PASSWORDS } from './api/testPasswords.js';
import { sideBySide } from './sideBySide.js';
import { throwawayDatabase } from './throwawayDatabase.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated and seeded embedded database (PGlite's dumpDataDir), copied by each API suite. */
    pgliteTemplate: string;
    /** A migrated and seeded PostgreSQL database each API suite clones (CREATE DATABASE … TEMPLATE), or ''. */
    postgresTemplate: string;
  }
}

/**
 * The API project's global setup: migrates and seeds one database per engine once, so that each of the ~60 suites
 * copies a seeded database instead of making its own (initdb, every migration, the seed). A PGlite copy starts
 * from the dump without initdb; a PostgreSQL clone is a file copy inside the server.
 */
export default async function setup(project: TestProject) {
  const dumpFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-template-')), 'pglite.tar');
  const url = process.env.TEST_DATABASE_URL;
  const template = url ? await throwawayDatabase(url, 'template') : undefined;
  const teardown = async () => {
    fs.rmSync(path.dirname(dumpFile), { recursive: true, force: true });
    await template?.drop();
  };
  // Side by side: PGlite seeds in this process, PostgreSQL in its own.
  const seedEmbedded = async () => {
    const embedded = await prepareDatabase({ inMemory: true, dataDir: '', adminPassword: TEST_PASSWORDS.admin, demoUserPassword: TEST_PASSWORDS.demoUser });
    fs.writeFileSync(dumpFile, Buffer.from(await (await embedded.database.dump!()).arrayBuffer()));
    await embedded.database.close();
  };
  const seedPostgres = async () => {
    if (!template) return;
    const { database } = await prepareDatabase({ databaseUrl: template.url, dataDir: '', adminPassword: TEST_PASSWORDS.admin, demoUserPassword: TEST_PASSWORDS.demoUser });
    // A template must have no connection left when it is cloned.
    await database.close();
  };
  await sideBySide([seedEmbedded(), seedPostgres()], teardown);
  project.provide('pgliteTemplate', dumpFile);
  project.provide('postgresTemplate', template?.name ?? '');
  return teardown;
}
