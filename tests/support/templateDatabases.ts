import type { TestProject } from 'vitest/node';
import { releaseSeededDatabases, seededDatabases } from './seededDatabases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated and seeded embedded database (PGlite's dumpDataDir), copied by each API suite. */
    pgliteTemplate: string;
    /** A migrated and seeded PostgreSQL database each API suite clones (CREATE DATABASE … TEMPLATE), or ''. */
    postgresTemplate: string;
  }
}

/**
 * The API project's global setup: one seeded database per engine (seededDatabases.ts, shared with the e2e project),
 * so that each of the ~60 suites copies a seeded database instead of making its own (initdb, every migration, the
 * seed). A PGlite copy starts from the dump without initdb; a PostgreSQL clone is a file copy inside the server.
 */
export default async function setup(project: TestProject) {
  const seeded = await seededDatabases();
  project.provide('pgliteTemplate', seeded.pgliteDump);
  project.provide('postgresTemplate', seeded.postgresTemplate);
  return releaseSeededDatabases;
}
