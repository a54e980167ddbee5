import fs from 'node:fs';
import path from 'node:path';
import { openPGlite } from './database.js';
import { migrateToLatest } from './migrate.js';
import type { ServerModule } from '../module.js';

/**
 * The embedded database's template: an empty cluster with every migration applied and no data (no accounts, no
 * passwords), dumped as PGlite's data-directory tar. `npm start` makes it beside the server bundle when the bundle
 * changes (scripts/start.mjs), and a fresh data directory starts as a copy of it instead of running initdb and
 * every migration: 2.9 s of initdb and 0.7 s of migrations become 1 s of unpacking (issue 34, decision 225). The
 * tests have cloned seeded databases the same way since decision 194.
 */
export async function makeDatabaseTemplate(file: string, modules: readonly ServerModule[]): Promise<void> {
  const database = await openPGlite();
  try {
    await migrateToLatest(database.db, modules);
    const dump = await database.dump!();
    // Written aside and renamed, so a start never finds half a template.
    const partial = `${file}.${process.pid}.partial`;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
}

/** The template for a data directory that holds no database yet; none when it has one or there is no template. */
export function templateFor(dataDir: string, template: string | undefined): Blob | undefined {
  if (!template || fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION')) || !fs.existsSync(template)) return undefined;
  return new Blob([fs.readFileSync(template)]);
}
