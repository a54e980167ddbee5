import type { PGlite } from '@electric-sql/pglite';
import { PostgresDialect, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely';

/**
 * Kysely talks to PGlite through its own PostgresDialect: this adapter makes one PGlite look like a pool.
 * PGlite is a single connection, so the pool hands it to one borrower at a time; otherwise a query from another
 * request could land inside someone else's open transaction.
 */
/** A pool's connections: open, idle among them, and requests waiting for one. */
export interface PoolStats {
  size: number;
  idle: number;
  waiting: number;
}

export class PGlitePool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();
  /** Borrowers that asked and have not released: the one holding PGlite and those queued behind it. */
  private borrowers = 0;

  constructor(private readonly pglite: PGlite) {}

  stats(): PoolStats {
    return { size: 1, idle: this.borrowers === 0 ? 1 : 0, waiting: Math.max(0, this.borrowers - 1) };
  }

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const previous = this.queue;
    this.queue = previous.then(() => released);
    this.borrowers += 1;
    const pool = this;
    await previous;
    const pglite = this.pglite;
    let done = false;
    const client = {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sql, [...parameters]);
        const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase();
        // Kysely reads affected rows only for these commands; PGlite does not report the command tag.
        const command = verb === 'INSERT' || verb === 'UPDATE' || verb === 'DELETE' || verb === 'MERGE' ? verb : 'SELECT';
        return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows } as PostgresQueryResult<R>;
      },
      release() {
        if (done) return;
        done = true;
        pool.borrowers -= 1;
        release();
      },
    };
    return client as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.queue;
    await this.pglite.close();
  }
}

export function pgliteDialect(pglite: PGlite): PostgresDialect {
  return new PostgresDialect({ pool: new PGlitePool(pglite) });
}
