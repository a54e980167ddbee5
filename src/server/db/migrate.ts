import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0002 from './migrations/0002_areas_columns_files.js';
import * as m0003 from './migrations/0003_sign_in_modes_profile.js';
import * as m0004 from './migrations/0004_user_manager.js';
import * as m0005 from './migrations/0005_scan_ticket_secret.js';

/**
 * Versioned migrations, listed in code rather than read from a folder so the same list runs from source (tsx),
 * from tests and from a bundle. Kysely records applied ones and takes a lock, so two processes starting at once
 * on one PostgreSQL do not both migrate.
 */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_areas_columns_files': m0002,
  '0003_sign_in_modes_profile': m0003,
  '0004_user_manager': m0004,
  '0005_scan_ticket_secret': m0005,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
