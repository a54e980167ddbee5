import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { fileSize } from '../../../shared/format/sizes.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { FileTable } from './tables.js';
import type { FileStorage } from '../../../kernel/server/infra/infrastructure.js';
import { contentTypeOf, IMAGE_EXTENSIONS } from './fileSignatures.js';
import { fileIdOf, recordIdOf } from './fileNames.js';

/**
 * File records (base_file) and the content-addressed store behind them: identical contents (same MD5 and size)
 * lie once in the storage, however many records point at them.
 */
export type FileRecord = Selectable<FileTable>;

export function blobKey(md5: string, size: number): string {
  return `blobs/${md5.slice(0, 2)}/${md5}-${size}`;
}

export async function findFile(db: Kysely<DB>, fileId: unknown): Promise<FileRecord | undefined> {
  const id = recordIdOf(fileId);
  return id ? db.selectFrom('base_file').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
}

/** A file of this user with this content, whose stored copy is still there (the instant re-upload). */
export async function findOwnContent(db: Kysely<DB>, storage: FileStorage, userId: string, md5: string, size: number): Promise<FileRecord | undefined> {
  const row = await db.selectFrom('base_file').selectAll().where('user_id', '=', userId).where('md5', '=', md5).where('size', '=', size).executeTakeFirst();
  return row && (await storage.exists(row.storage_key)) ? row : undefined;
}

export async function createFileRecord(
  db: Kysely<DB>,
  file: { userId: string; type: string; fileName: string; extension: string; size: number; md5: string; storageKey: string },
): Promise<FileRecord> {
  return db
    .insertInto('base_file')
    .values({
      id: randomBytes(16).toString('hex'),
      user_id: file.userId,
      type: file.type,
      file_name: file.fileName,
      extension: file.extension,
      size: file.size,
      md5: file.md5,
      storage_key: file.storageKey,
      content_type: contentTypeOf(file.extension),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Where a client finds a file again: images at their public address, other files at the download lookup. */
export function fileUrl(record: FileRecord): string {
  const fileId = fileIdOf(record.id, record.extension);
  return IMAGE_EXTENSIONS.has(record.extension) ? `/api/file/Image/${record.type}/${fileId}` : `/api/file/Download/${record.type}/${fileId}`;
}

/** The merge's and the image upload's answer (spec 001 §3 uploaded file item; JNPF's UploaderVO). */
export function uploadAnswer(record: FileRecord) {
  const fileId = fileIdOf(record.id, record.extension);
  const url = fileUrl(record);
  return { name: fileId, fileId, fileVersionId: fileId, fileName: record.file_name, fileSize: record.size, fileExtension: record.extension, url, thumbUrl: url };
}

/**
 * Refuses when the user's stored files, the chunks of their other unfinished uploads and `adding` bytes would
 * pass the quota. Each record counts its size, also when its content is shared with another.
 */
export async function assertQuota(db: Kysely<DB>, userId: string, quotaBytes: number, adding: number, exceptIdentifier?: string): Promise<void> {
  if (quotaBytes === 0) return;
  const stored = await db
    .selectFrom('base_file')
    .select(sql<number>`coalesce(sum(size), 0)::bigint`.as('bytes'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  let pending = db
    .selectFrom('base_file_chunk')
    .innerJoin('base_file_upload', 'base_file_upload.id', 'base_file_chunk.upload_id')
    .select(sql<number>`coalesce(sum(base_file_chunk.size), 0)::bigint`.as('bytes'))
    .where('base_file_upload.user_id', '=', userId);
  if (exceptIdentifier) pending = pending.where('base_file_upload.identifier', '<>', exceptIdentifier);
  const used = Number(stored.bytes) + Number((await pending.executeTakeFirstOrThrow()).bytes);
  if (used + adding > quotaBytes) throw new AppError(ResultCode.payloadTooLarge, 'file.quotaExceeded', { used: fileSize(used), quota: fileSize(quotaBytes) });
}
