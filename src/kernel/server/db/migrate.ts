import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { ServerModule } from '../module.js';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0002 from './migrations/0002_areas_columns_files.js';
import * as m0003 from './migrations/0003_sign_in_modes_profile.js';
import * as m0004 from './migrations/0004_user_manager.js';
import * as m0005 from './migrations/0005_scan_ticket_secret.js';

/**
 * Versioned migrations, listed in code rather than read from a folder so the same list runs from source (tsx),
 * from tests and from a bundle. Kysely records applied ones and takes a lock, so two processes starting at once
 * on one PostgreSQL do not both migrate.
 *
 * The five baseline migrations predate the module contract and span several modules' tables; they stay here as
 * history (renaming an applied migration would break every existing database). Every later migration lives with
 * the module that owns its tables.
 */
const baseline: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_areas_columns_files': m0002,
  '0003_sign_in_modes_profile': m0003,
  '0004_user_manager': m0004,
  '0005_scan_ticket_secret': m0005,
};

/** The baseline and every given module's migrations; a name used twice is a programming error. */
export function allMigrations(modules: readonly ServerModule[]): Record<string, Migration> {
  const migrations: Record<string, Migration> = { ...baseline };
  for (const module of modules) {
    for (const [name, migration] of Object.entries(module.migrations ?? {})) {
      if (name in migrations) throw new Error(`Migration ${name} of module ${module.name} is defined twice`);
      migrations[name] = migration;
    }
  }
  return migrations;
}

export async function migrateToLatest(db: Kysely<any>, modules: readonly ServerModule[]): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => allMigrations(modules) };
  // Modules number their migrations independently, so a new one may sort before another module's applied one.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
