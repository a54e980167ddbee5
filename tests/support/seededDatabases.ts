import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareDatabase } from '../../src/app/server/labcode.js';
import { TEST_PASSWORDS } from './api/testPasswords.js';
import { sideBySide } from './sideBySide.js';
import { throwawayDatabase } from './throwawayDatabase.js';

/** The run's seeded databases, which the API and e2e projects' suites copy. */
export interface SeededDatabases {
  /** A file holding the seeded embedded database (PGlite's dumpDataDir). */
  pgliteDump: string;
  /** With TEST_DATABASE_URL: the seeded PostgreSQL database that suites and servers clone; '' without. */
  postgresTemplate: string;
}

let seeding: Promise<{ seeded: SeededDatabases; drop(): Promise<void> }> | undefined;
let users = 0;

/**
 * Migrates and seeds one database per engine for the whole run, with the test passwords, the first time a project's
 * global setup asks; the API and e2e setups run in one process and get the same two. PGlite seeds in this process
 * and PostgreSQL in its own, side by side. Each setup that took them gives them back (release); the last one back
 * drops them.
 */
export async function seededDatabases(): Promise<SeededDatabases> {
  users += 1;
  seeding ??= seed();
  return (await seeding).seeded;
}

export async function releaseSeededDatabases(): Promise<void> {
  users -= 1;
  if (users > 0 || !seeding) return;
  const made = seeding;
  seeding = undefined;
  await (await made).drop();
}

async function seed(): Promise<{ seeded: SeededDatabases; drop(): Promise<void> }> {
  const dumpFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-template-')), 'pglite.tar');
  const url = process.env.TEST_DATABASE_URL;
  const template = url ? await throwawayDatabase(url, 'template') : undefined;
  const drop = async () => {
    fs.rmSync(path.dirname(dumpFile), { recursive: true, force: true });
    await template?.drop();
  };
  const passwords = { adminPassword: TEST_PASSWORDS.admin, demoUserPassword: TEST_PASSWORDS.demoUser };
  const seedEmbedded = async () => {
    const embedded = await prepareDatabase({ inMemory: true, dataDir: '', ...passwords });
    fs.writeFileSync(dumpFile, Buffer.from(await (await embedded.database.dump!()).arrayBuffer()));
    await embedded.database.close();
  };
  const seedPostgres = async () => {
    if (!template) return;
    const { database } = await prepareDatabase({ databaseUrl: template.url, dataDir: '', ...passwords });
    // A template must have no connection left when it is cloned.
    await database.close();
  };
  await sideBySide([seedEmbedded(), seedPostgres()], drop);
  return { seeded: { pgliteDump: dumpFile, postgresTemplate: template?.name ?? '' }, drop };
}
