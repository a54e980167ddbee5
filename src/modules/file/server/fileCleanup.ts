import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { FileDeps } from './fileDeps.js';
import { discardUpload } from './uploadSessions.js';

/**
 * Abandoned uploads (untouched for FILE_UPLOAD_MAX_AGE_HOURS) lose their chunks, and expired pack downloads their
 * rows. Every process tries at start and then every FILE_CLEANUP_INTERVAL_MINUTES; a process does the work only
 * if it moves the job's run_after forward first, so two processes never clean at once or twice in a row.
 */
const JOB = 'cleanup';
/** Per run; what is left waits for the next. */
const BATCH = 500;

const interval = (ms: number) => sql<string>`cast(${`${Math.round(ms)} milliseconds`} as interval)`;

export interface CleanupResult {
  /** False when another process holds the job (it ran within the interval). */
  claimed: boolean;
  uploads: number;
  packs: number;
}

export async function cleanUpFiles({ db, storage, settings }: Pick<FileDeps, 'db' | 'storage' | 'settings'>): Promise<CleanupResult> {
  const claim = await db
    .updateTable('base_file_job')
    .set({ run_after: sql`now() + ${interval(settings.cleanupIntervalMs)}` })
    .where('name', '=', JOB)
    .where('run_after', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) !== 1) return { claimed: false, uploads: 0, packs: 0 };
  const abandoned = await db
    .selectFrom('base_file_upload')
    .select('id')
    .where('updated_at', '<', sql<Date>`now() - ${interval(settings.uploadMaxAgeMs)}`)
    .where((eb) => eb.or([eb('merging_until', 'is', null), eb('merging_until', '<', sql<Date>`now()`)]))
    .limit(BATCH)
    .execute();
  for (const { id } of abandoned) await discardUpload(db, storage, id);
  const packs = await db.deleteFrom('base_file_pack').where('expires_at', '<', sql<Date>`now()`).executeTakeFirst();
  return { claimed: true, uploads: abandoned.length, packs: Number(packs.numDeletedRows) };
}

/** Runs the cleanup once the server is ready and then periodically, until it closes; failures are logged. */
export function scheduleCleanup(app: FastifyInstance, deps: FileDeps): void {
  const run = () => {
    cleanUpFiles(deps).then(
      (result) => {
        if (result.uploads || result.packs) deps.log.info({ ...result }, 'file cleanup');
      },
      (error: unknown) => deps.log.warn({ err: error }, 'file cleanup failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, deps.settings.cleanupIntervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
