import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../../src/server/start.js';
import { TEST_PASSWORDS } from '../api/testPasswords.js';

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
  const embedded = await prepareDatabase({ inMemory: true, dataDir: '', adminPassword: TEST_PASSWORDS.admin, demoUserPassword: TEST_PASSWORDS.demoUser });
  fs.writeFileSync(dumpFile, Buffer.from(await (await embedded.database.dump!()).arrayBuffer()));
  await embedded.database.close();
  project.provide('pgliteTemplate', dumpFile);

  const url = process.env.TEST_DATABASE_URL;
  let templateName = '';
  if (url) {
    templateName = `labcode_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create database ${templateName}`);
    const target = new URL(url);
    target.pathname = `/${templateName}`;
    const { database } = await prepareDatabase({ databaseUrl: target.toString(), dataDir: '', adminPassword: TEST_PASSWORDS.admin, demoUserPassword: TEST_PASSWORDS.demoUser });
    // A template must have no connection left when it is cloned.
    await database.close();
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    fs.rmSync(path.dirname(dumpFile), { recursive: true, force: true });
    if (url && templateName) await adminQuery(url, `drop database if exists ${templateName} with (force)`);
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
