import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../../src/app/server/labcode.js';
import { releaseSeededDatabases, seededDatabases } from './seededDatabases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded data directory, migrated and seeded with the default passwords, that each e2e server copies. */
    e2eDataTemplate: string;
    /** With TEST_DATABASE_URL: a migrated and seeded PostgreSQL database each e2e server clones, or ''. */
    e2ePostgresTemplate: string;
  }
}

/**
 * The e2e project's global setup. Each e2e file starts its own server on its own database; both used to be made
 * from scratch per file (tsx compiling the server, then initdb, every migration and the seed: about ten seconds).
 * Here they are made once: the server is bundled as `npm start` bundles it (serverBundle.ts, the setup before this
 * one), so the tests run what users run, and the run's seeded databases (seededDatabases.ts, which the API project
 * copies too) give the template each file copies: a data directory loaded from the embedded dump, and the
 * PostgreSQL template as it is. Their passwords are the embedded database's defaults, which the tests sign in with.
 *
 * With TEST_DATABASE_URL (CI) the servers run on clones of the PostgreSQL template, as a deployment on PostgreSQL
 * does: the native engine answers the pages' calls in a fraction of the embedded one's CPU and starts without
 * PGlite's second of WebAssembly, on a machine where the browser needs every core. The embedded engine is still
 * what the README's start and the files that ask for it run (e2eContext's engine).
 */
export default async function setup(project: TestProject) {
  const seeded = await seededDatabases();
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-e2e-template-'));
  const teardown = async () => {
    fs.rmSync(templateDir, { recursive: true, force: true });
    await releaseSeededDatabases();
  };
  try {
    const { database } = await prepareDatabase({ dataDir: templateDir, from: new Blob([fs.readFileSync(seeded.pgliteDump)]), adminPassword: undefined, demoUserPassword: undefined });
    await database.close();
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('e2eDataTemplate', templateDir);
  project.provide('e2ePostgresTemplate', seeded.postgresTemplate);
  return teardown;
}
