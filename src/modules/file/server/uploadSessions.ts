import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { FileUploadTable } from './tables.js';
import type { FileStorage } from '../../../kernel/server/infra/infrastructure.js';
import type { ChunkParams } from './chunkParams.js';

/**
 * Unfinished chunked uploads: one per user and identifier, its chunks in the storage under a prefix the server
 * made (`uploads/<random id>/`), and a row per chunk received. Kept until merged or cleaned as abandoned.
 */
export type Upload = Selectable<FileUploadTable>;

/** How long a merge holds its upload before another request may take it over (a merge that crashed). */
const MERGE_HOLD = sql`interval '10 minutes'`;

export const uploadPrefix = (uploadId: string) => `uploads/${uploadId}/`;
export const chunkKey = (uploadId: string, chunkNumber: number) => `${uploadPrefix(uploadId)}${chunkNumber}`;

export async function findUpload(db: Kysely<DB>, userId: string, identifier: string): Promise<Upload | undefined> {
  return db.selectFrom('base_file_upload').selectAll().where('user_id', '=', userId).where('identifier', '=', identifier).executeTakeFirst();
}

const sameLayout = (upload: Upload, params: ChunkParams) =>
  Number(upload.total_size) === params.totalSize && Number(upload.chunk_size) === params.chunkSize && upload.total_chunks === params.totalChunks;

const isMerging = (upload: Upload) => upload.merging_until !== null && new Date(upload.merging_until).getTime() > Date.now();

export async function receivedChunks(db: Kysely<DB>, upload: Upload): Promise<{ chunk_number: number; size: number }[]> {
  return db.selectFrom('base_file_chunk').select(['chunk_number', 'size']).where('upload_id', '=', upload.id).orderBy('chunk_number').execute();
}

/** The chunk numbers a test request lists: those of an upload with this layout, none otherwise. */
export async function listedChunks(db: Kysely<DB>, userId: string, params: ChunkParams): Promise<number[]> {
  const upload = await findUpload(db, userId, params.identifier);
  if (!upload || !sameLayout(upload, params)) return [];
  return (await receivedChunks(db, upload)).map((chunk) => chunk.chunk_number);
}

/**
 * The upload a chunk belongs to, made on its first chunk. The same file sent again with another chunk size
 * starts over: chunks of one layout cannot be joined with the other's.
 */
export async function openUpload(db: Kysely<DB>, storage: FileStorage, userId: string, params: ChunkParams): Promise<Upload> {
  await db
    .insertInto('base_file_upload')
    .values({ id: randomBytes(16).toString('hex'), user_id: userId, identifier: params.identifier, total_size: params.totalSize, chunk_size: params.chunkSize, total_chunks: params.totalChunks })
    .onConflict((oc) => oc.columns(['user_id', 'identifier']).doNothing())
    .execute();
  const upload = await findUpload(db, userId, params.identifier);
  // Gone between the insert and the read: a merge finished (or was refused) meanwhile.
  if (!upload || isMerging(upload)) throw new AppError(ResultCode.conflict, 'file.mergeInProgress');
  if (sameLayout(upload, params)) return upload;
  await deleteChunks(db, storage, upload.id);
  return db
    .updateTable('base_file_upload')
    .set({ total_size: params.totalSize, chunk_size: params.chunkSize, total_chunks: params.totalChunks, updated_at: sql`now()` })
    .where('id', '=', upload.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Stores one chunk; the same chunk sent again (a retry) replaces the first. */
export async function saveChunk(db: Kysely<DB>, storage: FileStorage, upload: Upload, chunkNumber: number, content: Buffer): Promise<void> {
  await storage.put(chunkKey(upload.id, chunkNumber), content);
  await db
    .insertInto('base_file_chunk')
    .values({ upload_id: upload.id, chunk_number: chunkNumber, size: content.length })
    .onConflict((oc) => oc.columns(['upload_id', 'chunk_number']).doUpdateSet({ size: content.length, created_at: sql`now()` }))
    .execute();
  await db.updateTable('base_file_upload').set({ updated_at: sql`now()` }).where('id', '=', upload.id).execute();
}

/** Takes the upload for one merge; false when another request is merging it. */
export async function claimForMerge(db: Kysely<DB>, uploadId: string): Promise<boolean> {
  const claimed = await db
    .updateTable('base_file_upload')
    .set({ merging_until: sql`now() + ${MERGE_HOLD}`, updated_at: sql`now()` })
    .where('id', '=', uploadId)
    .where((eb) => eb.or([eb('merging_until', 'is', null), eb('merging_until', '<', sql<Date>`now()`)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function releaseMerge(db: Kysely<DB>, uploadId: string): Promise<void> {
  await db.updateTable('base_file_upload').set({ merging_until: null }).where('id', '=', uploadId).execute();
}

async function deleteChunks(db: Kysely<DB>, storage: FileStorage, uploadId: string): Promise<void> {
  await db.deleteFrom('base_file_chunk').where('upload_id', '=', uploadId).execute();
  // By prefix, not by rows: a chunk written just before a crash has its object but no row.
  for (const key of await storage.list(uploadPrefix(uploadId))) await storage.delete(key);
}

/** Drops an upload and everything it stored (merged, refused, or abandoned). */
export async function discardUpload(db: Kysely<DB>, storage: FileStorage, uploadId: string): Promise<void> {
  await deleteChunks(db, storage, uploadId);
  await db.deleteFrom('base_file_upload').where('id', '=', uploadId).execute();
}
