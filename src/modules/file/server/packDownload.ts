import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ZipFile } from 'yazl';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { FileStorage } from '../../../kernel/server/infra/infrastructure.js';
import { extensionOf, recordIdOf, safeLabel } from './fileNames.js';
import { findFile } from './fileRecords.js';

/**
 * Download all (POST /api/file/PackDownload/{type}): the listed files become one zip. The list is kept as a pack
 * row and the zip is streamed from the storage when its signed address is opened, so nothing is written twice
 * and any process can serve it.
 */
interface PackEntry {
  fileId: string;
  name: string;
}

/** At most this many files in one pack; JNPF's widgets hold far fewer. */
const MAX_PACK_FILES = 500;

/** The request body: JNPF sends the list itself; `{list: […]}` is taken too. */
function listOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  const list = (body as { list?: unknown } | null | undefined)?.list;
  return Array.isArray(list) ? list : [];
}

/** Names unique inside the zip: a repeated one becomes "name (2).ext". */
function uniqueName(name: string, taken: Set<string>): string {
  const extension = extensionOf(name);
  const stem = extension ? name.slice(0, -extension.length - 1) : name;
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${extension ? `.${extension}` : ''}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

export async function createPack(db: Kysely<DB>, userId: string, body: unknown, ttlMs: number): Promise<{ id: string; fileCount: number }> {
  const entries: PackEntry[] = [];
  const taken = new Set<string>();
  const seen = new Set<string>();
  for (const item of listOf(body).slice(0, MAX_PACK_FILES)) {
    const { fileId, fileName } = (item ?? {}) as { fileId?: unknown; fileName?: unknown };
    const id = recordIdOf(fileId);
    if (!id || seen.has(id)) continue;
    const record = await findFile(db, fileId);
    if (!record) continue;
    seen.add(id);
    entries.push({ fileId: id, name: uniqueName(safeLabel(fileName, record.file_name), taken) });
  }
  if (entries.length === 0) throw AppError.badRequest('file.packEmpty');
  const id = randomBytes(16).toString('hex');
  await db.insertInto('base_file_pack').values({ id, user_id: userId, entries: JSON.stringify(entries), expires_at: new Date(Date.now() + ttlMs) }).execute();
  return { id, fileCount: entries.length };
}

/** The zip of a pack as a stream, or undefined when the pack is unknown or expired. */
export async function openPackZip(db: Kysely<DB>, storage: FileStorage, packId: string): Promise<NodeJS.ReadableStream | undefined> {
  const pack = await db.selectFrom('base_file_pack').selectAll().where('id', '=', packId).where('expires_at', '>', new Date()).executeTakeFirst();
  if (!pack) return undefined;
  const zip = new ZipFile();
  for (const entry of JSON.parse(pack.entries) as PackEntry[]) {
    const record = await findFile(db, entry.fileId);
    if (!record) continue;
    // Lazily: each file is opened only when the zip reaches it, not all at once.
    zip.addReadStreamLazy(entry.name, { size: Number(record.size), mtime: new Date(record.created_at) }, (done) => {
      storage.get(record.storage_key).then(
        (stored) => (stored ? done(null, stored.stream()) : done(new Error(`stored content of ${record.id} is missing`), undefined as never)),
        (error: unknown) => done(error, undefined as never),
      );
    });
  }
  zip.end();
  return zip.outputStream;
}
