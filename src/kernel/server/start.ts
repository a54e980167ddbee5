import type { ServerConfig } from './config.js';
import { EMBEDDED_DEFAULT_PASSWORDS } from './config.js';
import { openPGlite, openPostgres, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { isSeeded, seedDemo } from './db/seed/demoSeed.js';
import { translate } from './locales/messages.js';
import type { ServerModule } from './module.js';

export interface PreparedDatabase {
  database: Database;
  migrated: string[];
  seeded: boolean;
  /** Set when this start used the embedded default passwords, so main.ts can print them. */
  defaultPasswords?: { admin: string; demoUser: string };
}

/** Opens the configured database, brings it to the latest migration and seeds the demo data on a fresh one. */
export async function prepareDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'adminPassword' | 'demoUserPassword'> & { inMemory?: boolean; from?: Blob; modules: readonly ServerModule[] },
): Promise<PreparedDatabase> {
  const { modules } = config;
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPGlite(config.inMemory ? undefined : config.dataDir, config.from);
  try {
    const migrated = await migrateToLatest(database.db, modules);
    if (await isSeeded(database.db, modules)) return { database, migrated, seeded: false };

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
    return { database, migrated, seeded: true, defaultPasswords };
  } catch (error) {
    await database.close();
    throw error;
  }
}
