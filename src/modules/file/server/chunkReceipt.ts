import { sql, type Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { FileStorage } from '../../../kernel/server/infra/infrastructure.js';
import { SNIFF_BYTES } from './fileSignatures.js';
import { advanceHash, hashMoved, resumeHash, waitForHash } from './uploadHash.js';
import { expectedChunkSize } from './chunkParams.js';
import { assemblyOf, chunkKey, chunkOffset, discardUpload, type Upload } from './uploadSessions.js';

/**
 * One chunk received (decision 228): claimed, written into the upload's assembly, and taken into its running MD5.
 *
 * A chunk is written once. Its row is claimed before its bytes are written, so two requests carrying the same
 * chunk (a client's retry while the first is still at work) never both write: the second waits (is answered
 * 分片正在上传 and retries), a chunk already stored is acknowledged without being written again, and a claim whose
 * request died makes the upload start over. Otherwise
 * the bytes hashed and the bytes assembled could differ, and a file stored under an MD5 that is not its own
 * would be handed to everyone who later uploads that MD5.
 *
 * The chunk that comes next in order is hashed from memory and marked stored in one transaction with the hash's
 * move. One that arrives early is stored where the hash can read it later: the assembly, where the storage can
 * read it back (the local disk), or else a kept copy (S3 parts cannot be read before the upload completes).
 */

/**
 * A claim older than this belongs to a request that died or hangs while writing. Its writer cannot be stopped, and
 * its bytes could land after a retry's, so the chunk is not written again: the upload starts over (a new upload,
 * with a new assembly the old writer cannot reach).
 */
const CLAIM_HOLD = sql`interval '2 minutes'`;
const FOREIGN_KEY_VIOLATION = '23503';
/** How long an early chunk whose parts cannot be read back waits for the chunks before it (S3). */
const PREDECESSORS_WAIT_MS = 2000;

/** `upload` is the row as openUpload read it in this request: its running MD5 may have moved since, never back. */
export async function receiveChunk(db: Kysely<DB>, storage: FileStorage, upload: Upload, number: number, content: Buffer): Promise<void> {
  // The request's parameters were checked against themselves; this checks the chunk against the upload it joins.
  const layout = { totalChunks: upload.total_chunks, chunkSize: Number(upload.chunk_size), totalSize: Number(upload.total_size) };
  if (number > upload.total_chunks || content.length !== expectedChunkSize(layout, number)) throw AppError.badRequest('file.chunkSizeMismatch', { number });
  if (!(await claimChunk(db, storage, upload.id, number, content.length))) return;
  try {
    await storeChunk(db, storage, upload, number, content);
  } catch (error) {
    await db.deleteFrom('base_file_chunk').where('upload_id', '=', upload.id).where('chunk_number', '=', number).where('stored', '=', false).execute();
    throw error;
  }
}

/** True when this request is to write the chunk; false when it is stored already. */
async function claimChunk(db: Kysely<DB>, storage: FileStorage, uploadId: string, number: number, size: number): Promise<boolean> {
  try {
    const claimed = await db
      .insertInto('base_file_chunk')
      .values({ upload_id: uploadId, chunk_number: number, size, stored: false, kept: false })
      .onConflict((oc) => oc.columns(['upload_id', 'chunk_number']).doNothing())
      .returning('chunk_number')
      .executeTakeFirst();
    if (claimed) return true;
  } catch (error) {
    // The upload went away meanwhile: merged, refused, or started over with another chunk size.
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw new AppError(ResultCode.conflict, 'file.uploadRestarted');
    throw error;
  }
  const row = await db
    .selectFrom('base_file_chunk')
    .select(['stored', sql<boolean>`created_at < now() - ${CLAIM_HOLD}`.as('stale')])
    .where('upload_id', '=', uploadId)
    .where('chunk_number', '=', number)
    .executeTakeFirst();
  if (row?.stored) return false;
  if (row?.stale) {
    await discardUpload(db, storage, uploadId);
    throw new AppError(ResultCode.conflict, 'file.uploadRestarted');
  }
  throw new AppError(ResultCode.conflict, 'file.chunkInProgress', { number });
}

async function storeChunk(db: Kysely<DB>, storage: FileStorage, upload: Upload, number: number, content: Buffer): Promise<void> {
  const assembly = assemblyOf(storage, upload);
  const head = number === 1 ? content.subarray(0, SNIFF_BYTES) : null;
  // Read before the claim: had the hash moved on to this chunk since, it would have needed this chunk's bytes.
  const inOrder = upload.hashed_through === number - 1;
  // Hashed while the bytes are written: the hash costs no wait of its own.
  const [receipt, hashed] = await Promise.all([
    assembly ? assembly.put({ number, offset: chunkOffset(upload, number), content }) : storage.put(chunkKey(upload.id, number), content).then(() => ''),
    inOrder ? resumeHash(upload.hash_state).then((hasher) => hasher.update(content).save()) : undefined,
  ]);
  const stored: StoredChunk = { stored: true, receipt, kept: !assembly, head };
  if (hashed && (await markHashed(db, upload.id, number, hashed, stored))) {
    // Chunks that arrived early and wait for this one follow it into the hash.
    await advanceHash(db, storage, upload, undefined, { hashed_through: number, hash_state: hashed });
    return;
  }
  // Early, where the assembly cannot be read back (S3 parts): the chunks before it are usually in flight beside it,
  // so it waits a little for them and is hashed from memory; only a chunk that waited in vain is kept as a copy
  // for the hash to read later (without the wait, 36 of 40 chunks went to S3 twice).
  if (assembly && !assembly.read) {
    const state = await waitForHash(db, upload.id, number - 1, PREDECESSORS_WAIT_MS);
    const next = state && (await resumeHash(state.hash_state)).update(content).save();
    if (next && (await markHashed(db, upload.id, number, next, stored))) {
      await advanceHash(db, storage, upload, undefined, { hashed_through: number, hash_state: next });
      return;
    }
    // Gone while it waited (discarded, or merged): a copy now would be left with no upload to remove it.
    if (!(await db.selectFrom('base_file_upload').select('id').where('id', '=', upload.id).executeTakeFirst())) throw new AppError(ResultCode.conflict, 'file.uploadRestarted');
    await storage.put(chunkKey(upload.id, number), content);
    stored.kept = true;
  }
  await markStored(db, upload.id, number, stored);
  await advanceHash(db, storage, upload, { number, content });
}

interface StoredChunk {
  stored: true;
  receipt: string;
  kept: boolean;
  head: Buffer | null;
}

/** The hash moves past the chunk and the chunk counts as stored, together or not at all. */
async function markHashed(db: Kysely<DB>, uploadId: string, number: number, hashState: Uint8Array, { head, ...chunk }: StoredChunk): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('base_file_upload')
      .set({ hashed_through: number, hash_state: hashState, updated_at: sql`now()`, ...(head ? { head } : {}) })
      .where('id', '=', uploadId)
      .where('hashed_through', '=', number - 1)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await markChunk(trx, uploadId, number, chunk);
    return true;
  }).then((moved) => {
    if (moved) hashMoved(uploadId);
    return moved;
  });
}

/** The chunk counts as stored, and its upload as touched (the abandoned-upload cleanup goes by that). */
async function markStored(db: Kysely<DB>, uploadId: string, number: number, { head, ...chunk }: StoredChunk): Promise<void> {
  await markChunk(db, uploadId, number, chunk);
  await db.updateTable('base_file_upload').set({ updated_at: sql`now()`, ...(head ? { head } : {}) }).where('id', '=', uploadId).execute();
}

async function markChunk(db: Kysely<DB>, uploadId: string, number: number, chunk: Omit<StoredChunk, 'head'>): Promise<void> {
  // Only this request's claim: a stored chunk is never marked again.
  const marked = await db.updateTable('base_file_chunk').set(chunk).where('upload_id', '=', uploadId).where('chunk_number', '=', number).where('stored', '=', false).executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) throw new AppError(ResultCode.conflict, 'file.uploadRestarted');
}
