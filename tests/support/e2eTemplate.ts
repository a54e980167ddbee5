import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error: plain JavaScript, shared with `npm start` (scripts/start.mjs), which runs before any build.
import { bundleServer } from '../../scripts/bundleServer.mjs';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../../src/app/server/labcode.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded data directory, migrated and seeded with the default passwords, that each e2e server copies. */
    e2eDataTemplate: string;
    /** The server bundled as `npm start` bundles it (dist/server/main.mjs), what each e2e server runs. */
    e2eServerEntry: string;
  }
}

/**
 * The e2e project's global setup. Each e2e file starts its own server on its own database; both used to be made
 * from scratch per file (tsx compiling the server, then initdb, every migration and the seed: about ten seconds).
 * Here they are made once: the server is bundled as `npm start` bundles it, so the tests run what users run, and a
 * seeded data directory is made that each file copies.
 */
export default async function setup(project: TestProject) {
  const outfile = await bundleServer();
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-e2e-template-'));
  // No passwords given: the embedded defaults (admin123456, demo123456), as `npm start` seeds a fresh database.
  const { database } = await prepareDatabase({ dataDir: templateDir, adminPassword: undefined, demoUserPassword: undefined });
  await database.close();
  project.provide('e2eDataTemplate', templateDir);
  project.provide('e2eServerEntry', outfile);
  return () => fs.rmSync(templateDir, { recursive: true, force: true });
}
