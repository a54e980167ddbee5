import type { Kysely } from 'kysely';
import { createReaderRole, grantReader } from '../sqlReader.js';

/**
 * The role SQL interfaces run under (sqlReader.ts), when the connected user may create it. A database user
 * without that right migrates all the same: SQL interfaces then answer that they cannot run here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (await createReaderRole(db)) await grantReader(db);
}

export async function down(): Promise<void> {
  // The role is cluster-wide and other databases may use it: it stays.
}
