import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { FileStorage, StoredObject } from '../../../kernel/server/infra/infrastructure.js';
import { expectedChunkSize } from './chunkParams.js';
import { extensionOf } from './fileNames.js';
import { assertQuota, blobKey, createFileRecord, findOwnContent, type FileRecord } from './fileRecords.js';
import type { FileDeps } from './fileDeps.js';
import { checkContent, SNIFF_BYTES } from './fileSignatures.js';
import { storedBytes } from './storedBytes.js';
import { advanceHash, digestOf } from './uploadHash.js';
import { assemblyOf, chunkKey, claimForMerge, discardUpload, findUpload, receivedChunks, releaseMerge, type ReceivedChunk, type Upload } from './uploadSessions.js';

/**
 * The completion call (POST /api/file/merge): the whole is taken only if its MD5 is the identifier, its size the
 * declared one and its first bytes fit its extension. The MD5 was taken as the chunks arrived and the file
 * assembled in place (decision 228), so nothing is read back: the assembly is completed under the content's key
 * (a rename on the local disk, CompleteMultipartUpload on S3). A file that fails is refused and its chunks
 * discarded, since sending the same bytes again would fail again. Passing, its content is stored once under its
 * MD5 and size, and the user gets a file record of their own.
 */
export interface MergeRequest {
  userId: string;
  identifier: string;
  fileName: string;
  fileSize: number;
  type: string;
}

type MergeDeps = Pick<FileDeps, 'db' | 'storage' | 'settings' | 'log'>;

export async function mergeUpload({ db, storage, settings, log }: MergeDeps, request: MergeRequest): Promise<FileRecord> {
  const extension = extensionOf(request.fileName);
  const record = (storageKey: string) =>
    createFileRecord(db, { userId: request.userId, type: request.type, fileName: request.fileName, extension, size: request.fileSize, md5: request.identifier, storageKey });

  const upload = await findUpload(db, request.userId, request.identifier);
  if (!upload) {
    // The test request told the client all chunks were here because this user already has this content.
    const own = await findOwnContent(db, storage, request.userId, request.identifier, request.fileSize);
    if (!own) throw new AppError(ResultCode.notFound, 'file.chunksMissing');
    // The same bytes under another name: they were checked against their first extension, not this one.
    if (own.extension !== extension) {
      const stored = await storage.get(own.storage_key);
      const head = stored ? await readHead(stored) : new Uint8Array();
      if (checkContent(extension, head, settings.extraExtensions) !== 'matches') throw AppError.badRequest('file.contentMismatch', { extension: extension || '?' });
    }
    await assertQuota(db, request.userId, settings.quotaBytes, request.fileSize, request.identifier);
    return record(own.storage_key);
  }
  if (!(await claimForMerge(db, upload.id))) throw new AppError(ResultCode.conflict, 'file.mergeInProgress');
  let keepChunks = true;
  let completed = false;
  try {
    const chunks = await assertComplete(db, upload);
    // Normally every chunk is in the hash already; an upload begun before decision 228 is hashed here.
    if ((await advanceHash(db, storage, upload)) !== upload.total_chunks) throw new AppError(ResultCode.notFound, 'file.chunksMissing');
    const hashed = await db.selectFrom('base_file_upload').select(['hash_state', 'head']).where('id', '=', upload.id).executeTakeFirstOrThrow();
    const md5 = await digestOf(hashed.hash_state);
    const size = Number(upload.total_size);
    if (md5 !== request.identifier || size !== request.fileSize) {
      keepChunks = false;
      throw AppError.badRequest('file.checksumMismatch');
    }
    const head = hashed.head ?? (await keptHead(storage, upload));
    if (checkContent(extension, head, settings.extraExtensions) !== 'matches') {
      keepChunks = false;
      throw AppError.badRequest('file.contentMismatch', { extension: extension || '?' });
    }
    await assertQuota(db, request.userId, settings.quotaBytes, size, request.identifier);
    const key = blobKey(md5, size);
    if (!(await storage.exists(key))) completed = await storeWhole(storage, upload, key, chunks);
    const file = await record(key);
    keepChunks = false;
    return file;
  } finally {
    // The file record is made (or the refusal decided) by now: a failure tidying up must not turn that into a
    // 500. Chunks left behind are the abandoned-upload cleanup's to remove.
    try {
      if (keepChunks) await releaseMerge(db, upload.id);
      else await discardUpload(db, storage, upload.id, { completed });
    } catch (error) {
      log.warn({ err: error }, 'file merge: tidying the upload failed; the cleanup will remove it');
    }
  }
}

/** Every chunk 1…totalChunks is stored with the size the layout gives it. */
async function assertComplete(db: Kysely<DB>, upload: Upload): Promise<ReceivedChunk[]> {
  const chunks = await receivedChunks(db, upload);
  const layout = { totalChunks: upload.total_chunks, chunkSize: Number(upload.chunk_size), totalSize: Number(upload.total_size) };
  const complete = chunks.length === upload.total_chunks && chunks.every((chunk, i) => chunk.chunk_number === i + 1 && Number(chunk.size) === expectedChunkSize(layout, i + 1));
  if (!complete) throw new AppError(ResultCode.notFound, 'file.chunksMissing');
  return chunks;
}

/** The file appears under its key: its assembly completed (answers true), or, with none, its kept chunks joined. */
async function storeWhole(storage: FileStorage, upload: Upload, key: string, chunks: ReceivedChunk[]): Promise<boolean> {
  const assembly = assemblyOf(storage, upload);
  if (!assembly) {
    await storage.put(key, Readable.from(keptChunks(storage, upload)));
    return false;
  }
  await assembly.complete(chunks.map((chunk) => ({ number: chunk.chunk_number, receipt: chunk.receipt })));
  return true;
}

async function* keptChunks(storage: FileStorage, upload: Upload): AsyncGenerator<Buffer> {
  for (let number = 1; number <= upload.total_chunks; number += 1) {
    const stored = await storage.get(chunkKey(upload.id, number));
    if (!stored) throw new AppError(ResultCode.notFound, 'file.chunksMissing');
    for await (const part of stored.stream()) yield Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array);
  }
}

/** Chunk 1's first bytes from its kept copy, for an upload begun before the head was recorded. */
async function keptHead(storage: FileStorage, upload: Upload): Promise<Uint8Array> {
  const first = await storage.get(chunkKey(upload.id, 1));
  return first ? readHead(first) : new Uint8Array();
}

/** The first bytes of a stored object, as much as the content check reads. */
async function readHead(stored: StoredObject): Promise<Uint8Array> {
  if (stored.size === 0) return new Uint8Array();
  const length = Math.min(stored.size, SNIFF_BYTES);
  return storedBytes(stored.stream({ start: 0, end: length - 1 }), length, () => new Error('a stored object sent more than the range asked'));
}
