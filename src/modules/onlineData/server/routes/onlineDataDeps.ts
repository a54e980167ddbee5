import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../kernel/server/db/schema.js';
import type { RunContext } from '../../../dataInterface/server/public.js';
import { designChecks, type DesignChecks } from './designChecks.js';
import { shownRecords, type ShownRecords } from './shownRecords.js';

/** What the online data handlers share: the database, the design checks and the records as the caller sees them. */
export type OnlineDataDeps = { db: Kysely<DB> } & DesignChecks & ShownRecords;

export function onlineDataDeps(app: FastifyInstance, db: Kysely<DB>, run: RunContext): OnlineDataDeps {
  return { db, ...designChecks(app, db), ...shownRecords(db, run) };
}
