import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ChunkUploader } from '../../../src/kernel/client/upload/chunkUploader.js';
import { planChunks } from '../../../src/kernel/client/upload/chunkPlan.js';
import { UploadRefusedError, type ChunkParams, type ChunkTransport, type CompletionPayload } from '../../../src/kernel/client/upload/chunkTransport.js';
import { md5OfBlob } from '../../../src/kernel/client/upload/md5Slices.js';
import { CHUNK_SIZE, HASH_SLICE_SIZE, MAX_CHUNK_RETRIES } from '../../../src/kernel/client/upload/uploadConstants.js';
import type { UploadFailure, UploadTaskView } from '../../../registry/components/services.js';

/** A server in memory: holds chunks by identifier, answers tests from them, and can be told to fail. */
function fakeServer(options: { failSends?: number; stored?: Record<string, number[]>; holdSends?: boolean; mergeRefusal?: string; chunkRefusal?: string } = {}) {
  const chunks = new Map<string, Set<number>>(Object.entries(options.stored ?? {}).map(([id, numbers]) => [id, new Set(numbers)]));
  const calls = { tests: [] as ChunkParams[], sends: [] as ChunkParams[], merges: [] as CompletionPayload[], sendFailures: 0 };
  let failuresLeft = options.failSends ?? 0;
  const held: Array<() => void> = [];
  const transport: ChunkTransport = {
    async testChunk(params) {
      calls.tests.push(params);
      const have = chunks.get(params.identifier) ?? new Set<number>();
      return { uploaded: have.size === params.totalChunks, chunkNumbers: [...have], merge: have.size === params.totalChunks };
    },
    async sendChunk(params, body, signal, onProgress) {
      calls.sends.push(params);
      if (options.chunkRefusal) throw new UploadRefusedError(options.chunkRefusal);
      if (options.holdSends) {
        await new Promise<void>((resolve, reject) => {
          held.push(resolve);
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        calls.sendFailures += 1;
        throw new Error('network down');
      }
      expect(body.size).toBe(params.currentChunkSize);
      onProgress(body.size);
      if (!chunks.has(params.identifier)) chunks.set(params.identifier, new Set());
      chunks.get(params.identifier)!.add(params.chunkNumber);
    },
    async merge(payload) {
      calls.merges.push(payload);
      if (options.chunkRefusal) throw new Error('a refused chunk never reaches the completion');
      if (options.mergeRefusal) throw new UploadRefusedError(options.mergeRefusal);
      return { name: payload.fileName, fileId: `${payload.identifier}.${payload.extension}`, url: `/api/file/Download/annex/${payload.identifier}`, fileSize: payload.fileSize };
    },
  };
  return { transport, calls, chunks, releaseAll: () => held.splice(0).forEach((release) => release()) };
}

const fileOf = (bytes: number, name = 'data.bin') => new File([new Uint8Array(bytes).map((_, i) => i % 251)], name, { type: 'application/octet-stream' });
const quickHash = async (file: Blob) => crypto.createHash('md5').update(Buffer.from(await file.arrayBuffer())).digest('hex');
const completion = { type: 'annex', pathType: 'defaultPath', isAccount: '0', folder: '' };
/** Waits until `check` passes, up to 10 s: a loaded machine hashes and answers slowly, a passing test does not wait. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 10_000 });

function uploader(transport: ChunkTransport, extra: Partial<ConstructorParameters<typeof ChunkUploader>[0]> = {}) {
  const successes: Array<{ task: UploadTaskView; file: unknown }> = [];
  const failures: Array<{ task: UploadTaskView; failure: UploadFailure }> = [];
  const engine = new ChunkUploader({
    transport,
    hash: quickHash,
    completion,
    chunkSize: 1000,
    retryDelayMs: 0,
    onSuccess: (task, file) => successes.push({ task, file }),
    onFailure: (task, failure) => failures.push({ task, failure }),
    ...extra,
  });
  return { engine, successes, failures };
}

describe('chunk plan', () => {
  it('cuts 5,242,880-byte chunks numbered from 1, the last holding the rest', () => {
    const plan = planChunks(CHUNK_SIZE * 2 + 10);
    expect(CHUNK_SIZE).toBe(5_242_880);
    expect(plan).toEqual([
      { chunkNumber: 1, start: 0, end: CHUNK_SIZE },
      { chunkNumber: 2, start: CHUNK_SIZE, end: CHUNK_SIZE * 2 },
      { chunkNumber: 3, start: CHUNK_SIZE * 2, end: CHUNK_SIZE * 2 + 10 },
    ]);
    expect(planChunks(0)).toEqual([{ chunkNumber: 1, start: 0, end: 0 }]);
  });
});

describe('MD5 hashing', () => {
  // 20 MB hashed twice: a second unloaded, several on a busy machine.
  it('reads 10,240,000-byte slices and equals node crypto MD5', async () => {
    expect(HASH_SLICE_SIZE).toBe(10_240_000);
    const blob = new Blob([new Uint8Array(HASH_SLICE_SIZE * 2 + 12345).map((_, i) => (i * 7) % 256)]);
    const sizes: number[] = [];
    const md5 = await md5OfBlob(blob, { read: (slice) => (sizes.push(slice.size), slice.arrayBuffer()) });
    expect(sizes).toEqual([HASH_SLICE_SIZE, HASH_SLICE_SIZE, 12345]);
    expect(md5).toBe(await quickHash(blob));
  }, 30_000);
});

describe('the chunked upload engine', { timeout: 30_000 }, () => {
  it('hashes, tests every chunk, sends them all, and completes with the payload of spec 001 §3', async () => {
    const server = fakeServer();
    const { engine, successes } = uploader(server.transport);
    const file = fileOf(3500, 'report #1.PDF');
    engine.add(file);
    expect(engine.tasks()[0].status).toBe('checking');
    await until(() => expect(successes).toHaveLength(1));
    const md5 = await quickHash(file);
    expect(server.calls.tests.map((c) => c.chunkNumber).sort()).toEqual([1, 2, 3, 4]);
    expect(server.calls.sends.map((c) => c.chunkNumber).sort()).toEqual([1, 2, 3, 4]);
    expect(server.calls.sends[0]).toMatchObject({ identifier: md5, totalChunks: 4, chunkSize: 1000, totalSize: 3500, extension: 'pdf', fileType: 'application/octet-stream' });
    expect(server.calls.sends.find((c) => c.chunkNumber === 4)!.currentChunkSize).toBe(500);
    expect(server.calls.merges).toEqual([{ identifier: md5, fileName: 'report 1.PDF', fileSize: 3500, fileType: 'application/octet-stream', extension: 'pdf', ...completion }]);
    expect(engine.tasks()[0]).toMatchObject({ status: 'success', progress: 1 });
  });

  it('skips the chunks the server already holds (a resume after a restart: same MD5, new session)', async () => {
    const file = fileOf(5000);
    const md5 = await quickHash(file);
    const server = fakeServer({ stored: { [md5]: [1, 2, 4] } });
    const { engine, successes } = uploader(server.transport);
    engine.add(file);
    await until(() => expect(successes).toHaveLength(1));
    expect(server.calls.sends.map((c) => c.chunkNumber).sort()).toEqual([3, 5]);
  });

  it('sends nothing when the whole file is already there, and still completes', async () => {
    const file = fileOf(2500);
    const server = fakeServer({ stored: { [await quickHash(file)]: [1, 2, 3] } });
    const { engine, successes } = uploader(server.transport);
    engine.add(file);
    await until(() => expect(successes).toHaveLength(1));
    expect(server.calls.sends).toHaveLength(0);
    expect(server.calls.merges).toHaveLength(1);
  });

  it('retries a failing chunk up to 5 times, then ends in error; retry starts again', async () => {
    expect(MAX_CHUNK_RETRIES).toBe(5);
    const server = fakeServer({ failSends: 6 });
    const { engine, failures, successes } = uploader(server.transport, { simultaneous: 1 });
    const id = engine.add(fileOf(1000));
    await until(() => expect(failures).toHaveLength(1));
    expect(server.calls.sends).toHaveLength(6);
    expect(failures[0].failure).toEqual({ kind: 'failed' });
    expect(engine.tasks()[0].status).toBe('error');
    engine.retry(id);
    await until(() => expect(successes).toHaveLength(1));
    expect(server.calls.sends).toHaveLength(7);
  });

  it('succeeds when a chunk fails 5 times and the sixth attempt arrives', async () => {
    const server = fakeServer({ failSends: 5 });
    const { engine, successes, failures } = uploader(server.transport, { simultaneous: 1 });
    engine.add(fileOf(1000));
    await until(() => expect(successes).toHaveLength(1));
    expect(failures).toHaveLength(0);
    expect(server.calls.sends).toHaveLength(6);
  });

  it('pauses (aborting what is in flight), resumes without testing again, and caps progress at 99% until the merge answers', async () => {
    const server = fakeServer({ holdSends: true });
    let answerMerge: (() => void) | undefined;
    const merge = server.transport.merge.bind(server.transport);
    server.transport.merge = (payload, signal) => new Promise((resolve) => (answerMerge = () => resolve(merge(payload, signal))));
    const { engine, successes } = uploader(server.transport, { simultaneous: 2 });
    let changes = 0;
    engine.subscribe(() => (changes += 1));
    const id = engine.add(fileOf(4000));
    await until(() => expect(server.calls.sends).toHaveLength(2));
    expect(engine.tasks()[0].status).toBe('uploading');
    const beforePause = changes;
    engine.pause(id);
    expect(engine.tasks()[0].status).toBe('paused');
    // Settled: the pause and each of the two aborted chunks have said so (a chunk says so when it has ended and
    // the engine has looked for the next one to start).
    await until(() => expect(changes).toBe(beforePause + 3));
    expect(server.calls.sends).toHaveLength(2);
    expect(engine.tasks()[0].status).toBe('paused');

    engine.resume(id);
    await until(() => expect(server.calls.sends).toHaveLength(4));
    expect(server.calls.sends.slice(2).map((c) => c.chunkNumber)).toEqual([1, 2]);
    expect(server.calls.tests.map((c) => c.chunkNumber)).toEqual([1, 2]);
    await until(() => {
      server.releaseAll();
      expect(answerMerge).toBeDefined();
    });
    // Every byte is on the server, the completion call has not answered: 99%, still uploading.
    expect(engine.tasks()[0]).toMatchObject({ status: 'uploading', progress: 0.99, finishing: true });
    expect(successes).toHaveLength(0);
    // The completion call is not paused: the server may have merged already.
    engine.pause(id);
    expect(engine.tasks()[0].status).toBe('uploading');
    answerMerge!();
    await until(() => expect(successes).toHaveLength(1));
    expect(engine.tasks()[0].progress).toBe(1);
  });

  it('drops a file whose completion call is refused, with the server message', async () => {
    const server = fakeServer({ mergeRefusal: '文件类型不允许' });
    const { engine, failures } = uploader(server.transport);
    engine.add(fileOf(10));
    await until(() => expect(failures).toHaveLength(1));
    expect(failures[0].failure).toEqual({ kind: 'refused', message: '文件类型不允许' });
    expect(engine.tasks()).toHaveLength(0);
  });

  it('drops a file whose chunk is refused, with the server message, and does not retry it', async () => {
    const server = fakeServer({ chunkRefusal: '文件内容与扩展名 .pdf 不符' });
    const { engine, failures } = uploader(server.transport);
    engine.add(fileOf(10, 'fake.pdf'));
    await until(() => expect(failures).toHaveLength(1));
    expect(failures[0].failure).toEqual({ kind: 'refused', message: '文件内容与扩展名 .pdf 不符' });
    expect(engine.tasks()).toHaveLength(0);
    expect(server.calls.sends).toHaveLength(1);
  });

  it('reports an unreadable file and cancels it', async () => {
    const server = fakeServer();
    const { engine, failures } = uploader(server.transport, { hash: () => Promise.reject(new Error('NotReadableError')) });
    engine.add(fileOf(10, 'gone.txt'));
    await until(() => expect(failures).toHaveLength(1));
    expect(failures[0]).toMatchObject({ task: { name: 'gone.txt' }, failure: { kind: 'read' } });
    expect(engine.tasks()).toHaveLength(0);
    expect(server.calls.tests).toHaveLength(0);
  });

  it('holds the file in checking while hashing, and removing it then sends nothing', async () => {
    const server = fakeServer();
    let finishHash: (md5: string) => void = () => {};
    let hashing: Promise<string> | undefined;
    const { engine } = uploader(server.transport, { hash: () => (hashing = new Promise((resolve) => (finishHash = resolve))) });
    const id = engine.add(fileOf(10));
    engine.pause(id);
    expect(engine.tasks()[0].status).toBe('checking');
    engine.remove(id);
    finishHash('0'.repeat(32));
    // The engine took the hash before this test does (it asked first): whatever it does with it is done.
    await hashing;
    expect(engine.tasks()).toHaveLength(0);
    expect(server.calls.tests).toHaveLength(0);
  });

  it('keeps at most the given number of chunks in flight across files', async () => {
    const server = fakeServer({ holdSends: true });
    const { engine } = uploader(server.transport, { simultaneous: 3 });
    engine.add(fileOf(5000, 'a.bin'));
    engine.add(fileOf(5000, 'b.bin'));
    // Settled: both files hashed (b waits for a slot) and three chunks held by the server; nothing else can start.
    await until(() => {
      expect(server.calls.sends).toHaveLength(3);
      expect(engine.tasks().map((task) => task.status)).toEqual(['uploading', 'waiting']);
    });
    expect(server.calls.tests).toHaveLength(3);
    expect(server.calls.sends).toHaveLength(3);
    expect(engine.tasks().map((task) => task.status)).toEqual(['uploading', 'waiting']);
    engine.dispose();
  });
});
