import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { FileStorage } from '../../../kernel/server/infra/infrastructure.js';
import type { DownloadSigner } from '../../file/server/public.js';
import { blobKey, createFileRecord, findOwnContent } from '../../file/server/public.js';

/**
 * DownloadCode's answer, as JNPF's DownloadVO {name, url}: the zip is kept as a file of the caller's (the file
 * module's content-addressed store, through its own functions) and the url is a signed download address, opened
 * by a link or window.location like every JNPF download. The zip of unchanged code is byte-identical (fixed entry
 * times), so downloading the same code again reuses the caller's earlier file instead of storing another.
 */
export interface CodeDownloadDeps {
  db: Kysely<DB>;
  storage: FileStorage;
  signer: DownloadSigner;
  ttlMs: number;
}

export async function codeDownload(deps: CodeDownloadDeps, userId: string, fileName: string, content: Buffer): Promise<{ name: string; url: string }> {
  const { db, storage, signer, ttlMs } = deps;
  const md5 = createHash('md5').update(content).digest('hex');
  let record = await findOwnContent(db, storage, userId, md5, content.length);
  if (!record) {
    const storageKey = blobKey(md5, content.length);
    if (!(await storage.exists(storageKey))) await storage.put(storageKey, content);
    record = await createFileRecord(db, { userId, type: 'codeGenerate', fileName, extension: 'zip', size: content.length, md5, storageKey });
  }
  // The name the browser saves is this download's, even when the file was first stored under another.
  const url = await signer.sign({ kind: 'f', id: record.id, name: fileName }, ttlMs);
  return { name: fileName, url };
}
