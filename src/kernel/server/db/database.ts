import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PreparingClient } from './preparedStatements.js';
import type { DB } from './schema.js';
import { PGlitePool, type PoolStats } from './pgliteDialect.js';

export type DatabaseKind = 'pglite' | 'postgres';

export type { PoolStats };

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** The PostgreSQL connection URL, for what needs a connection of its own (the event bus's LISTEN). */
  url?: string;
  /** This process's connections: how many are open, how many of them idle, and how many requests wait for one. */
  pool(): PoolStats;
  /** PGlite only: the whole database as a file openPGlite can start from (tests' seeded templates). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Both drivers must hand back the same JavaScript types, or code tested on one breaks on the other:
 * count(*) and bigint columns come back as numbers (our counts and sequences stay far below 2^53),
 * numeric stays a string so money never loses a cent to floating point.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, types: pgTypes as never, Client: PreparingClient });
  // An idle client that loses its server must not take the process down with an unhandled 'error'.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', url, pool: () => ({ size: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }), close: () => db.destroy() };
}

/**
 * Embedded PostgreSQL: persisted under dataDir, or in memory when dataDir is omitted (tests). `from` starts it as a
 * copy of a database dumped earlier (PGlite's dumpDataDir), skipping initdb: how tests clone a seeded template.
 */
export async function openPGlite(dataDir?: string, from?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: dataDir ? path.join(dataDir, 'pg') : undefined,
    ...(from ? { loadDataDir: from } : {}),
    parsers: { [INT8_OID]: (value: string) => Number(value), [NUMERIC_OID]: (value: string) => value },
  });
  const pool = new PGlitePool(pglite);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'pglite', pool: () => pool.stats(), dump: () => pglite.dumpDataDir('none'), close: () => db.destroy() };
}

export async function databaseVersion(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ version: string }>`select current_setting('server_version') as version`.execute(db);
  return rows[0]?.version ?? 'unknown';
}
