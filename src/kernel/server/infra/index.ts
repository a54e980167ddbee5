import path from 'node:path';
import type { Database } from '../db/database.js';
import { openEventBus } from './events.js';
import type { CacheOptions, InfraLog, Infrastructure, SharedCache } from './infrastructure.js';
import { LocalDiskStorage } from './localDiskStorage.js';
import { createMetrics } from './metrics.js';
import { S3Storage, s3SettingsFromEnv } from './s3Storage.js';
import { ProcessCache } from './sharedCache.js';

export interface InfrastructureOptions {
  database: Database;
  /** The server's data directory: files go under `<dataDir>/files`. */
  dataDir: string;
  log: InfraLog;
}

/**
 * The event bus, file storage and caches of one server process. On PostgreSQL this opens the listener
 * connection, so it fails fast when the database cannot be reached; close() ends it.
 */
export async function createInfrastructure({ database, dataDir, log }: InfrastructureOptions): Promise<Infrastructure> {
  if (!dataDir) throw new Error('the file storage needs a data directory');
  const events = await openEventBus(database, log);
  // S3_BUCKET puts files in an S3-compatible store every process reaches; otherwise the local disk under dataDir.
  const s3 = s3SettingsFromEnv();
  const storage = s3 ? await S3Storage.open(s3) : new LocalDiskStorage(path.join(path.resolve(dataDir), 'files'));
  // One cache per name in a process: two instances would each hold their own copy and drop it separately.
  const caches = new Map<string, SharedCache<unknown>>();
  const metrics = createMetrics();
  metrics.labelledGauge('labcode_database_connections', 'Database connections of this process, by state (in use, idle, and requests waiting for one)', ['state'], () => {
    const pool = database.pool();
    return [
      { labels: { state: 'in_use' }, value: pool.size - pool.idle },
      { labels: { state: 'idle' }, value: pool.idle },
      { labels: { state: 'waiting' }, value: pool.waiting },
    ];
  });
  metrics.gauge('labcode_event_bus_connected', 'Whether cross-process events arrive (1) or the PostgreSQL listener is reconnecting (0)', () => (events.connected() ? 1 : 0));
  return {
    events,
    storage,
    metrics,
    cache<V>(name: string, options?: CacheOptions): SharedCache<V> {
      let cache = caches.get(name);
      if (!cache) caches.set(name, (cache = new ProcessCache<unknown>(name, events, options)));
      return cache as SharedCache<V>;
    },
    close: async () => {
      if (storage instanceof S3Storage) storage.close();
      await events.close();
    },
  };
}
