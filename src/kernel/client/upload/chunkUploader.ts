import type { StoredFile, UploadFailure, UploadSession, UploadTaskView } from '../../../../registry/components/services.js';
import { extensionOf } from '../../../../registry/components/UploadChecks.js';
import { planChunks, type ChunkSlice } from './chunkPlan.js';
import { UploadRefusedError, type ChunkParams, type ChunkTransport } from './chunkTransport.js';
import { CHUNK_SIZE, MAX_CHUNK_RETRIES, PROGRESS_CAP, RETRY_DELAY_MS, SIMULTANEOUS_CHUNKS } from './uploadConstants.js';

/**
 * The resumable chunked upload of spec 001 §4, without React so it can be tested with a fake transport:
 * checking (MD5 in a worker, the file held back meanwhile) → waiting / uploading chunk by chunk (a test call
 * first, so chunks the server already holds are skipped, even after a browser restart, since the identifier is
 * the content's MD5) → the completion call → success. A chunk is retried up to five times before the file ends
 * in error; pause aborts what is in flight and resume picks up from the chunks the server confirmed.
 */
export interface ChunkUploaderOptions {
  transport: ChunkTransport;
  hash: (file: Blob, signal: AbortSignal) => Promise<string>;
  /** The completion call's fields besides the file's own (spec 001 §3). */
  completion: { type: string; pathType: string; isAccount: string; folder: string };
  onSuccess?: (task: UploadTaskView, file: StoredFile) => void;
  onFailure?: (task: UploadTaskView, failure: UploadFailure) => void;
  chunkSize?: number;
  maxRetries?: number;
  simultaneous?: number;
  retryDelayMs?: number;
}

interface Task {
  id: string;
  file: File;
  status: UploadTaskView['status'];
  identifier?: string;
  chunks: ChunkSlice[];
  /** Chunks the server confirmed holding (by the test call or an accepted upload). */
  stored: Set<number>;
  /** Chunks whose test call was made in this session: a retry or a resume sends them without asking again. */
  tested: Set<number>;
  inFlight: Map<number, { controller: AbortController; loaded: number }>;
  merging?: AbortController;
  hashing?: AbortController;
  message?: string;
}

let nextId = 0;
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

export class ChunkUploader implements UploadSession {
  private readonly list: Task[] = [];
  private readonly listeners = new Set<() => void>();
  private snapshot: UploadTaskView[] = [];
  private active = 0;
  private readonly chunkSize: number;
  private readonly maxRetries: number;
  private readonly simultaneous: number;
  private readonly retryDelayMs: number;

  constructor(private readonly options: ChunkUploaderOptions) {
    this.chunkSize = options.chunkSize ?? CHUNK_SIZE;
    this.maxRetries = options.maxRetries ?? MAX_CHUNK_RETRIES;
    this.simultaneous = options.simultaneous ?? SIMULTANEOUS_CHUNKS;
    this.retryDelayMs = options.retryDelayMs ?? RETRY_DELAY_MS;
  }

  /** Adds a file and starts hashing it; answers its id. */
  add(file: File): string {
    const task: Task = {
      id: `upload-${++nextId}`,
      file,
      status: 'checking',
      chunks: planChunks(file.size, this.chunkSize),
      stored: new Set(),
      tested: new Set(),
      inFlight: new Map(),
      hashing: new AbortController(),
    };
    this.list.push(task);
    this.changed();
    this.options.hash(file, task.hashing!.signal).then(
      (md5) => {
        if (!this.list.includes(task)) return;
        task.identifier = md5;
        task.hashing = undefined;
        task.status = 'waiting';
        this.changed();
        this.pump();
      },
      () => {
        // Removed while hashing: nothing to report. Otherwise the file could not be read (spec 001 §8).
        if (!this.list.includes(task) || task.hashing?.signal.aborted) return;
        const view = this.view(task);
        this.drop(task);
        this.options.onFailure?.(view, { kind: 'read' });
      },
    );
    return task.id;
  }

  pause(id: string): void {
    const task = this.find(id);
    // The completion call is not paused: the server may have merged already, and the chunks would be gone.
    if (!task || task.merging || (task.status !== 'uploading' && task.status !== 'waiting')) return;
    task.status = 'paused';
    this.abortAll(task);
    this.changed();
  }

  resume(id: string): void {
    const task = this.find(id);
    if (!task || task.status !== 'paused') return;
    task.status = 'waiting';
    this.changed();
    this.pump();
  }

  /** A file in error starts again from the chunks the server holds; its chunks get five fresh retries. */
  retry(id: string): void {
    const task = this.find(id);
    if (!task || task.status !== 'error') return;
    task.status = 'waiting';
    task.message = undefined;
    this.changed();
    this.pump();
  }

  remove(id: string): void {
    const task = this.find(id);
    if (task) this.drop(task);
  }

  tasks(): UploadTaskView[] {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops everything (the widget unmounts); the server keeps the chunks it has for a later resume. */
  dispose(): void {
    [...this.list].forEach((task) => this.drop(task));
    this.listeners.clear();
  }

  private find(id: string): Task | undefined {
    return this.list.find((task) => task.id === id);
  }

  private drop(task: Task): void {
    this.abortAll(task);
    task.hashing?.abort();
    const index = this.list.indexOf(task);
    if (index >= 0) this.list.splice(index, 1);
    this.changed();
    this.pump();
  }

  private abortAll(task: Task): void {
    task.inFlight.forEach(({ controller }) => controller.abort());
    task.merging?.abort();
  }

  private progress(task: Task): number {
    if (task.status === 'success') return 1;
    if (task.file.size === 0) return task.stored.size ? PROGRESS_CAP : 0;
    let bytes = 0;
    for (const chunk of task.chunks) if (task.stored.has(chunk.chunkNumber)) bytes += chunk.end - chunk.start;
    task.inFlight.forEach(({ loaded }) => (bytes += loaded));
    return Math.min(PROGRESS_CAP, bytes / task.file.size);
  }

  private view(task: Task): UploadTaskView {
    return { id: task.id, name: task.file.name, size: task.file.size, status: task.status, progress: this.progress(task), message: task.message, identifier: task.identifier, finishing: Boolean(task.merging) };
  }

  private changed(): void {
    this.snapshot = this.list.map((task) => this.view(task));
    this.listeners.forEach((listener) => listener());
  }

  /** Starts chunks while slots are free, oldest file first; starts the completion call of files whose chunks are all stored. */
  private pump(): void {
    for (const task of this.list) {
      if (task.status !== 'waiting' && task.status !== 'uploading') continue;
      if (task.stored.size === task.chunks.length && task.inFlight.size === 0 && !task.merging) {
        void this.merge(task);
        continue;
      }
      for (const chunk of task.chunks) {
        if (this.active >= this.simultaneous) return;
        if (task.stored.has(chunk.chunkNumber) || task.inFlight.has(chunk.chunkNumber)) continue;
        void this.runChunk(task, chunk);
      }
    }
  }

  private params(task: Task, chunk: ChunkSlice): ChunkParams {
    return {
      identifier: task.identifier!,
      filename: task.file.name,
      relativePath: task.file.name,
      chunkNumber: chunk.chunkNumber,
      totalChunks: task.chunks.length,
      chunkSize: this.chunkSize,
      currentChunkSize: chunk.end - chunk.start,
      totalSize: task.file.size,
      fileType: task.file.type,
      extension: extensionOf(task.file.name),
    };
  }

  private async runChunk(task: Task, chunk: ChunkSlice): Promise<void> {
    const controller = new AbortController();
    const slot = { controller, loaded: 0 };
    task.inFlight.set(chunk.chunkNumber, slot);
    task.status = 'uploading';
    this.active += 1;
    this.changed();
    const params = this.params(task, chunk);
    try {
      if (!task.tested.has(chunk.chunkNumber)) {
        task.tested.add(chunk.chunkNumber);
        const answer = await this.options.transport.testChunk(params, controller.signal).catch((error: unknown) => {
          // A failed test is no verdict: the chunk is simply sent. Only a refusal (expired session) stops the file.
          if (error instanceof UploadRefusedError) throw error;
          return undefined;
        });
        if (controller.signal.aborted) return;
        if (answer?.uploaded) task.chunks.forEach((each) => task.stored.add(each.chunkNumber));
        answer?.chunkNumbers.forEach((number) => task.stored.add(number));
        if (task.stored.has(chunk.chunkNumber)) return;
      }
      const body = task.file.slice(chunk.start, chunk.end);
      for (let attempt = 0; ; attempt += 1) {
        try {
          await this.options.transport.sendChunk(params, body, controller.signal, (loaded) => {
            slot.loaded = loaded;
            this.changed();
          });
          task.stored.add(chunk.chunkNumber);
          return;
        } catch (error) {
          if (controller.signal.aborted) return;
          if (error instanceof UploadRefusedError || attempt >= this.maxRetries) throw error;
          slot.loaded = 0;
          await sleep(this.retryDelayMs * (attempt + 1), controller.signal);
          if (controller.signal.aborted) return;
        }
      }
    } catch (error) {
      this.fail(task, error);
    } finally {
      task.inFlight.delete(chunk.chunkNumber);
      this.active -= 1;
      if (task.status === 'uploading' && task.inFlight.size === 0) task.status = 'waiting';
      this.changed();
      this.pump();
    }
  }

  private fail(task: Task, error: unknown): void {
    if (task.status === 'error' || !this.list.includes(task)) return;
    if (error instanceof UploadRefusedError) {
      // Spec 001 §8: an upload answer other than 200 (a chunk's or the completion's) shows its msg and the file
      // leaves the list; sending it again would be refused again.
      const view = this.view(task);
      this.drop(task);
      this.options.onFailure?.(view, { kind: 'refused', message: error.message });
      return;
    }
    // A failure after the retries: 上传失败, the file stays with a retry button.
    task.status = 'error';
    task.message = undefined;
    this.abortAll(task);
    this.options.onFailure?.(this.view(task), { kind: 'failed' });
  }

  private async merge(task: Task): Promise<void> {
    const controller = new AbortController();
    task.merging = controller;
    task.status = 'uploading';
    this.changed();
    const { file } = task;
    try {
      const stored = await this.options.transport.merge(
        {
          identifier: task.identifier!,
          // JNPF drops '#' from names: it would cut the download address short.
          fileName: file.name.replaceAll('#', ''),
          fileSize: file.size,
          fileType: file.type,
          extension: extensionOf(file.name),
          ...this.options.completion,
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      task.status = 'success';
      task.merging = undefined;
      this.changed();
      this.options.onSuccess?.(this.view(task), stored);
    } catch (error) {
      task.merging = undefined;
      if (controller.signal.aborted) return;
      this.fail(task, error);
      this.changed();
    }
  }
}
