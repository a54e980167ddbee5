import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { Assembly, FileStorage } from '../../../kernel/server/infra/infrastructure.js';
import type { FileUploadTable } from './tables.js';
import type { ChunkParams } from './chunkParams.js';
import { blobKey } from './fileRecords.js';

/**
 * Unfinished chunked uploads: one per user and identifier. Its chunks go into an assembly in the file storage
 * (decision 228: a scratch file on the local disk, a multipart upload on S3) under the key the finished file
 * will have, or, where the storage cannot assemble this layout, each into its own object under a prefix the
 * server made (`uploads/<random id>/`). A row per chunk received. Kept until merged or cleaned as abandoned.
 */
export type Upload = Selectable<FileUploadTable>;

/** How long a merge holds its upload before another request may take it over (a merge that crashed). */
const MERGE_HOLD = sql`interval '10 minutes'`;

export const uploadPrefix = (uploadId: string) => `uploads/${uploadId}/`;
export const chunkKey = (uploadId: string, chunkNumber: number) => `${uploadPrefix(uploadId)}${chunkNumber}`;
const scratchKey = (uploadId: string) => `${uploadPrefix(uploadId)}assembly`;
/** The key the finished file will have; an upload whose MD5 turns out otherwise is never completed there. */
export const targetKey = (upload: Pick<Upload, 'identifier' | 'total_size'>) => blobKey(upload.identifier, Number(upload.total_size));

export function assemblyOf(storage: FileStorage, upload: Upload): Assembly | undefined {
  return upload.assembly === null ? undefined : storage.assembly(targetKey(upload), upload.assembly);
}

/** Where chunk `number` starts in the file. */
export const chunkOffset = (upload: Pick<Upload, 'chunk_size'>, number: number) => (number - 1) * Number(upload.chunk_size);

export async function findUpload(db: Kysely<DB>, userId: string, identifier: string): Promise<Upload | undefined> {
  return db.selectFrom('base_file_upload').selectAll().where('user_id', '=', userId).where('identifier', '=', identifier).executeTakeFirst();
}

const sameLayout = (upload: Upload, params: ChunkParams) =>
  Number(upload.total_size) === params.totalSize && Number(upload.chunk_size) === params.chunkSize && upload.total_chunks === params.totalChunks;

const isMerging = (upload: Upload) => upload.merging_until !== null && new Date(upload.merging_until).getTime() > Date.now();

export interface ReceivedChunk {
  chunk_number: number;
  size: number;
  kept: boolean;
  receipt: string;
}

/** The chunks whose bytes are stored, in order (a chunk still being written is not one of them). */
export async function receivedChunks(db: Kysely<DB>, upload: Pick<Upload, 'id'>, after = 0): Promise<ReceivedChunk[]> {
  return db
    .selectFrom('base_file_chunk')
    .select(['chunk_number', 'size', 'kept', 'receipt'])
    .where('upload_id', '=', upload.id)
    .where('stored', '=', true)
    .where('chunk_number', '>', after)
    .orderBy('chunk_number')
    .execute();
}

/** The chunk numbers a test request lists: those of an upload with this layout, none otherwise. */
export async function listedChunks(db: Kysely<DB>, userId: string, params: ChunkParams): Promise<number[]> {
  const upload = await findUpload(db, userId, params.identifier);
  if (!upload || !sameLayout(upload, params)) return [];
  return (await receivedChunks(db, upload)).map((chunk) => chunk.chunk_number);
}

/**
 * The upload a chunk belongs to, made with its assembly on its first chunk. The same file sent again with another
 * chunk size starts over as a new upload: chunks of one layout cannot be joined with the other's, and requests
 * still working on the old one find it gone rather than mixing into the new.
 */
export async function openUpload(db: Kysely<DB>, storage: FileStorage, userId: string, params: ChunkParams): Promise<Upload> {
  // The first chunks of a file arrive together (three at once from JNPF's clients): in one process they share one
  // opening, so the store does not begin three assemblies to drop two.
  // The whole layout is in the key, and checked again after: an upload of one layout never takes another's chunks.
  const key = `${userId}\n${params.identifier}\n${params.chunkSize}\n${params.totalSize}\n${params.totalChunks}`;
  let opened = opening.get(key);
  if (!opened) {
    opened = openOrMake(db, storage, userId, params).finally(() => opening.delete(key));
    opening.set(key, opened);
  }
  const upload = await opened;
  if (!sameLayout(upload, params)) throw new AppError(ResultCode.conflict, 'file.uploadRestarted');
  return upload;
}

const opening = new Map<string, Promise<Upload>>();

async function openOrMake(db: Kysely<DB>, storage: FileStorage, userId: string, params: ChunkParams): Promise<Upload> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const found = await findUpload(db, userId, params.identifier);
    if (found && isMerging(found)) throw new AppError(ResultCode.conflict, 'file.mergeInProgress');
    if (found && sameLayout(found, params)) return found;
    if (found) await discardUpload(db, storage, found.id);
    const upload = { id: randomBytes(16).toString('hex'), identifier: params.identifier, total_size: params.totalSize };
    const layout = { partBytes: params.chunkSize, parts: params.totalChunks };
    const assembly = await storage.beginAssembly(targetKey(upload), scratchKey(upload.id), layout);
    const dropAssembly = () => (assembly === undefined ? undefined : storage.assembly(targetKey(upload), assembly).abort().catch(() => undefined));
    const made = await db
      .insertInto('base_file_upload')
      .values({ ...upload, user_id: userId, chunk_size: params.chunkSize, total_chunks: params.totalChunks, assembly: assembly ?? null })
      .onConflict((oc) => oc.columns(['user_id', 'identifier']).doNothing())
      .returningAll()
      .executeTakeFirst()
      .catch(async (error: unknown) => {
        await dropAssembly();
        throw error;
      });
    if (made) return made;
    // Another process made it first: theirs is the one, and this assembly is dropped. Not being able to drop it
    // must not refuse the chunk: what is left is the store's lifecycle rule's (docs/configuration.md).
    await dropAssembly();
  }
  throw new AppError(ResultCode.conflict, 'file.mergeInProgress');
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

/**
 * Drops an upload and everything it stored (merged, refused, or abandoned): its kept chunks, its rows, and its
 * assembly unless that became the stored file. The assembly goes last: if the store fails to drop it, the upload
 * is gone all the same (an S3 bucket's AbortIncompleteMultipartUpload rule removes what is left; README).
 */
export async function discardUpload(db: Kysely<DB>, storage: FileStorage, uploadId: string, { completed = false } = {}): Promise<void> {
  const upload = await db.selectFrom('base_file_upload').selectAll().where('id', '=', uploadId).executeTakeFirst();
  await db.deleteFrom('base_file_chunk').where('upload_id', '=', uploadId).execute();
  // By prefix, not by rows: a chunk written just before a crash has its object but no row.
  for (const key of await storage.list(uploadPrefix(uploadId))) await storage.delete(key);
  await db.deleteFrom('base_file_upload').where('id', '=', uploadId).execute();
  if (upload && !completed) await assemblyOf(storage, upload)?.abort();
}
