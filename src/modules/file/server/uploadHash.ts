import { createMD5, type IHasher } from 'hash-wasm';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { FileStorage } from '../../../kernel/server/infra/infrastructure.js';
import { storedBytes } from './storedBytes.js';
import { assemblyOf, chunkKey, chunkOffset, receivedChunks, type ReceivedChunk, type Upload } from './uploadSessions.js';

/**
 * The running MD5 of an upload (decision 228): chunks enter it in order as they arrive, so the merge only reads
 * the digest. Its state lives in the upload's row (hash-wasm can save and resume an MD5; node's crypto cannot),
 * so any process may take the next chunk. Whoever stores a chunk then moves the hash forward over every stored
 * chunk that follows it without a gap, and writes the new state only if no one moved it meanwhile (compare and
 * set on hashed_through); losing, it reads again. The last request to store a chunk always sees every chunk, so
 * nothing stays behind.
 */

/** Chunks taken per compare-and-set: a merge catching up on a long upload saves its progress as it goes. */
const BATCH = 32;

export async function resumeHash(state: Uint8Array | null): Promise<IHasher> {
  const hasher = await createMD5();
  if (state) hasher.load(state);
  else hasher.init();
  return hasher;
}

/** One chunk's bytes in memory: the request that received it hashes them without reading them back. */
export interface HeldChunk {
  number: number;
  content: Buffer;
}

/** The running MD5's position and state, as its row holds them. */
export type HashState = Pick<Upload, 'hashed_through' | 'hash_state'>;

/** Moves the running MD5 as far as the stored chunks allow; answers the chunk it ends at. `known`: the state this request just wrote. */
export async function advanceHash(db: Kysely<DB>, storage: FileStorage, upload: Upload, held?: HeldChunk, known?: HashState): Promise<number> {
  const read = chunkReader(storage, upload, held);
  for (let first = true; ; first = false) {
    const state = first && known ? known : await db.selectFrom('base_file_upload').select(['hashed_through', 'hash_state']).where('id', '=', upload.id).executeTakeFirst();
    // Merged or discarded meanwhile: there is nothing left to hash.
    if (!state) return 0;
    const next = (await receivedChunks(db, upload, state.hashed_through)).slice(0, BATCH);
    let through = state.hashed_through;
    let hasher: IHasher | undefined;
    for (const chunk of next) {
      if (chunk.chunk_number !== through + 1) break;
      const bytes = await read(chunk);
      // Stored where only its own request can read it (an S3 part): that request hashes it.
      if (!bytes) break;
      hasher ??= await resumeHash(state.hash_state);
      hasher.update(bytes);
      through = chunk.chunk_number;
    }
    if (!hasher) return through;
    // Whether this one or another request moved it, read again: chunks stored meanwhile may follow.
    const moved = await db
      .updateTable('base_file_upload')
      .set({ hashed_through: through, hash_state: hasher.save() })
      .where('id', '=', upload.id)
      .where('hashed_through', '=', state.hashed_through)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) hashMoved(upload.id);
  }
}

/** How the hash reads a stored chunk: from memory, from its kept copy, or back from the assembly. */
function chunkReader(storage: FileStorage, upload: Upload, held?: HeldChunk): (chunk: ReceivedChunk) => Promise<Buffer | undefined> {
  const assembly = assemblyOf(storage, upload);
  return async (chunk) => {
    if (held?.number === chunk.chunk_number) return held.content;
    if (chunk.kept) {
      const stored = await storage.get(chunkKey(upload.id, chunk.chunk_number));
      return stored && storedBytes(stored.stream(), Number(chunk.size), () => new Error(`kept chunk ${chunk.chunk_number} of upload ${upload.id} is larger than its row`));
    }
    return assembly?.read ? assembly.read(chunkOffset(upload, chunk.chunk_number), Number(chunk.size)) : undefined;
  };
}

/** The MD5 of chunks 1…hashed_through, in hex. */
export async function digestOf(state: Uint8Array | null): Promise<string> {
  return (await resumeHash(state)).digest('hex');
}

/** Requests in this process waiting for an upload's hash to move (waitForHash), by upload. */
const waiting = new Map<string, Set<() => void>>();

/** Tells this process's waiters that the upload's hash moved; call after the move has committed. */
export function hashMoved(uploadId: string): void {
  for (const wake of waiting.get(uploadId) ?? []) wake();
}

/** How often a waiter reads the hash's position again, for moves made by other processes. */
const POLL_MS = 20;

/**
 * Waits until the upload's hash has taken chunks 1…`through` exactly, and answers its state then; undefined after
 * `timeoutMs`, or when the hash is elsewhere (the upload went away). Woken at once by moves in this process.
 */
export async function waitForHash(db: Kysely<DB>, uploadId: string, through: number, timeoutMs: number): Promise<HashState | undefined> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const state = await db.selectFrom('base_file_upload').select(['hashed_through', 'hash_state']).where('id', '=', uploadId).executeTakeFirst();
    if (!state || state.hashed_through > through) return undefined;
    if (state.hashed_through === through) return state;
    const left = deadline - performance.now();
    if (left <= 0) return undefined;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.min(POLL_MS, left));
      const waiters = waiting.get(uploadId) ?? new Set();
      waiting.set(uploadId, waiters);
      waiters.add(wake);
    });
    if (waiting.get(uploadId)?.size === 0) waiting.delete(uploadId);
  }
}
