import type { Infrastructure, SharedCache } from '../../../kernel/server/infra/infrastructure.js';

/**
 * Whole-table reads of base_organize that other modules keep per process: the users module's organisation index,
 * which names the organisation path of every user row in its lists and pickers. The table is small and changes
 * rarely, while every one of those requests reads it whole; reading it once per change instead of once per request
 * saves a statement and its rows on each (issue 15). This module owns the table, so every write of it here ends in
 * organizationsChanged(), which drops the cached reads in every process through the event bus (infra's
 * SharedCache); a cached read is never used inside a transaction that writes organisations.
 */
const ORGANIZE_TABLE_CACHE = 'organize_table';

export function organizeTableCache<V>(infra: Infrastructure): SharedCache<V> {
  return infra.cache<V>(ORGANIZE_TABLE_CACHE, { maxEntries: 8 });
}

/** After a committed write of base_organize: every process reads the table anew. */
export async function organizationsChanged(infra: Infrastructure): Promise<void> {
  await organizeTableCache(infra).invalidate();
}
