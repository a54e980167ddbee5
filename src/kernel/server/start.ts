import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './config.js';
import { EMBEDDED_DEFAULT_PASSWORDS } from './config.js';
import { openPGlite, openPostgres, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { templateFor } from './db/databaseTemplate.js';
import { isSeeded, seedDemo } from './db/seed/demoSeed.js';
import { translate } from './locales/messages.js';
import type { ServerModule } from './module.js';

export interface PreparedDatabase {
  database: Database;
  migrated: string[];
  seeded: boolean;
  /** The embedded database was made from its template (so no migration was needed to build it). */
  fromTemplate?: boolean;
  /** Set when this start used the embedded default passwords, so main.ts can print them. */
  defaultPasswords?: { admin: string; demoUser: string };
}

/**
 * The embedded database: a copy of the template for a data directory that has none yet, else as it is (initdb on a
 * fresh one). A template that does not load (made by another PGlite, damaged) is set aside for initdb: it only ever
 * saves time.
 */
async function openEmbedded(config: { dataDir: string; inMemory?: boolean; from?: Blob; template?: string }): Promise<{ database: Database; fromTemplate: boolean }> {
  if (config.inMemory || config.from) return { database: await openPGlite(config.inMemory ? undefined : config.dataDir, config.from), fromTemplate: false };
  const template = templateFor(config.dataDir, config.template);
  if (!template) return { database: await openPGlite(config.dataDir), fromTemplate: false };
  try {
    return { database: await openPGlite(config.dataDir, template), fromTemplate: true };
  } catch (error) {
    console.warn(`The database template ${config.template} did not load (${error instanceof Error ? error.message : String(error)}); creating the database instead.`);
    fs.rmSync(path.join(config.dataDir, 'pg'), { recursive: true, force: true });
    return { database: await openPGlite(config.dataDir), fromTemplate: false };
  }
}

/** Opens the configured database, brings it to the latest migration and seeds the demo data on a fresh one. */
export async function prepareDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'adminPassword' | 'demoUserPassword'> & {
    inMemory?: boolean;
    from?: Blob;
    /** The embedded database's template (db/databaseTemplate.ts), which a data directory without a database starts from. */
    template?: string;
    modules: readonly ServerModule[];
  },
): Promise<PreparedDatabase> {
  const { modules } = config;
  const { database, fromTemplate } = config.databaseUrl ? { database: await openPostgres(config.databaseUrl), fromTemplate: false } : await openEmbedded(config);
  try {
    const migrated = await migrateToLatest(database.db, modules);
    if (await isSeeded(database.db, modules)) return { database, migrated, seeded: false, fromTemplate };

    let admin = config.adminPassword;
    let demoUser = config.demoUserPassword;
    let defaultPasswords: PreparedDatabase['defaultPasswords'];
    if (!admin || !demoUser) {
      // Defaults are for the embedded database only: a shared PostgreSQL must never get a well-known password.
      if (database.kind === 'postgres') throw new Error(translate('en', 'seed.passwordsRequired'));
      admin ??= EMBEDDED_DEFAULT_PASSWORDS.admin;
      demoUser ??= EMBEDDED_DEFAULT_PASSWORDS.demoUser;
      defaultPasswords = { admin, demoUser };
    }
    await seedDemo(database.db, { admin, demoUser }, modules);
    return { database, migrated, seeded: true, fromTemplate, defaultPasswords };
  } catch (error) {
    await database.close();
    throw error;
  }
}
