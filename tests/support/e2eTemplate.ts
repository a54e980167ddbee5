import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { EMBEDDED_DEFAULT_PASSWORDS } from '../../src/kernel/server/config.js';
import { prepareDatabase } from '../../src/app/server/labcode.js';
import { sideBySide } from './sideBySide.js';
import { throwawayDatabase } from './throwawayDatabase.js';

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
 * one), so the tests run what users run, and a seeded data directory is made that each file copies.
 *
 * With TEST_DATABASE_URL (CI), a seeded PostgreSQL database is made too, and the servers run on clones of it, as a
 * deployment on PostgreSQL does: the native engine answers the pages' calls in a fraction of the embedded one's CPU
 * and starts without PGlite's second of WebAssembly, on a machine where the browser needs every core. The embedded
 * engine is still what the README's start and the files that ask for it run (e2eContext's engine), and the API
 * project's engine suites run on both. The two are seeded side by side: PGlite works in this process, PostgreSQL
 * in its own.
 */
export default async function setup(project: TestProject) {
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-e2e-template-'));
  const url = process.env.TEST_DATABASE_URL;
  const postgres = url ? await throwawayDatabase(url, 'e2e_template') : undefined;
  const teardown = async () => {
    fs.rmSync(templateDir, { recursive: true, force: true });
    await postgres?.drop();
  };
  await sideBySide(
    [
      // No passwords given: the embedded defaults (admin123456, demo123456), as `npm start` seeds a fresh database.
      prepareDatabase({ dataDir: templateDir, adminPassword: undefined, demoUserPassword: undefined }).then(({ database }) => database.close()),
      // The embedded database's default passwords, which the tests sign in with (PostgreSQL is seeded only with
      // given ones). A template must have no connection left when it is cloned.
      postgres
        ? prepareDatabase({ databaseUrl: postgres.url, dataDir: '', adminPassword: EMBEDDED_DEFAULT_PASSWORDS.admin, demoUserPassword: EMBEDDED_DEFAULT_PASSWORDS.demoUser }).then(({ database }) => database.close())
        : Promise.resolve(),
    ],
    teardown,
  );
  project.provide('e2eDataTemplate', templateDir);
  project.provide('e2ePostgresTemplate', postgres?.name ?? '');
  return teardown;
}
