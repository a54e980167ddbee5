import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { ShortLivedFiles } from '../../../kernel/server/import/shortLivedFiles.js';

/**
 * Short-lived files (exports) kept in the database, so the process that serves the download need not be the one
 * that made the file. An hour after it is made, a file is gone. Only the user who made it may fetch it.
 */
const LIFETIME_MS = 60 * 60_000;

export async function storeFile(db: Kysely<DB>, file: { fileName: string; contentType: string; content: Uint8Array; userId: string }) {
  await db.deleteFrom('base_file_blob').where('expires_at', '<', new Date()).execute();
  const id = randomBytes(16).toString('hex');
  await db
    .insertInto('base_file_blob')
    .values({ id, file_name: file.fileName, content_type: file.contentType, content: file.content, user_id: file.userId, expires_at: new Date(Date.now() + LIFETIME_MS) })
    .execute();
  return { id, url: `/api/file/Download/export/${id}`, name: file.fileName };
}

export async function readFile(db: Kysely<DB>, id: string, userId: string) {
  const row = await db.selectFrom('base_file_blob').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() < Date.now() || (row.user_id && row.user_id !== userId)) throw new AppError(ResultCode.notFound, 'upload.notFound');
  return row;
}

/** The short-lived files as the bulk import asks for them. */
export function shortLivedFiles(db: Kysely<DB>): ShortLivedFiles {
  return { store: (file) => storeFile(db, file), read: (id, userId) => readFile(db, id, userId) };
}
