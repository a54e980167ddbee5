import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The cross-cutting services a module may use, behind small adapters (the guide, "Scale"): nothing that another
 * process would need may live in one process's memory, so what one process changes, the others hear of.
 */

/** Publish and subscribe across every server process on the same database (PostgreSQL LISTEN/NOTIFY). */
export interface EventBus {
  /** Delivers the payload to every subscriber of the channel, in every process, this one included. */
  publish(channel: string, payload?: string): Promise<void>;
  /** Calls the handler for each event on the channel; answers the function that unsubscribes. */
  subscribe(channel: string, handler: (payload: string) => void): () => void;
  /**
   * Calls the listener after the bus lost its connection to the database and got it back: events published
   * meanwhile never arrived, so whoever keeps state by them (the caches) must start over.
   */
  onMissedEvents(listener: () => void): () => void;
  /** Resolves once every subscription made so far is in effect (on PostgreSQL, its LISTEN has been answered). */
  listening(): Promise<void>;
  /**
   * Whether events arrive now: false while the PostgreSQL listener is reconnecting. A cache cannot trust what it
   * holds then, since another process's invalidation may be passing it by.
   */
  connected(): boolean;
  close(): Promise<void>;
}

/** What the adapters log to: the app's logger, or a silent one in tests. */
export type InfraLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** A per-process cache whose entries every process drops when any process invalidates them. */
export interface SharedCache<V> {
  get(key: string): V | undefined;
  /** The cached value, or the loader's, cached; concurrent callers of one key share one load. */
  getOrLoad(key: string, load: () => Promise<V>): Promise<V>;
  set(key: string, value: V): void;
  /**
   * Drops the key here and, through the event bus, in every other process; no key drops everything. Call it
   * after the change that made the entry stale has committed, or another process may reload the old value.
   */
  invalidate(key?: string): Promise<void>;
}

export interface CacheOptions {
  /** Entries older than this are reloaded even without an invalidation (a safety net, not the mechanism). */
  ttlMs?: number;
  /** At most this many entries; the least recently used go first. */
  maxEntries?: number;
}

export interface StoredObject {
  size: number;
  /** Reads the whole object, or the byte range [start, end] inclusive. */
  stream(range?: { start: number; end: number }): Readable;
}

/**
 * Where file contents live. Keys are chosen by the server (never a client's path): lowercase letters, digits,
 * '/', '-', '_' and '.' only, no '..'. The local disk under DATA_DIR is the default; an S3 adapter fills the
 * same interface.
 */
export interface FileStorage {
  readonly kind: string;
  put(key: string, content: Buffer | Readable): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Keys under a prefix (for cleaning up partial uploads). */
  list(prefix: string): Promise<string[]>;
  /**
   * Begins an object written as numbered parts that arrive in any order, which appears under `key`, whole, only
   * when completed (S3: a multipart upload; the local disk: one scratch file written at each part's offset, then
   * renamed). `scratch` is a key the storage may keep the unfinished object under, so that removing its prefix
   * removes it. Answers the handle that reopens the assembly in any process, or undefined where this storage
   * cannot take parts of this layout (S3 wants at least 5 MiB in every part but the last, and 10,000 parts at most).
   */
  beginAssembly(key: string, scratch: string, layout: { partBytes: number; parts: number }): Promise<string | undefined>;
  assembly(key: string, handle: string): Assembly;
}

/** An object being written in parts (FileStorage.beginAssembly). */
export interface Assembly {
  /** Stores part `number` (from 1), whose bytes start at `offset` of the object; answers its receipt for complete. */
  put(part: { number: number; offset: number; content: Buffer }): Promise<string>;
  /** Reads stored bytes back before completion, where the storage can (the local disk can; S3 cannot). */
  read?(offset: number, length: number): Promise<Buffer>;
  /** Makes the object appear under its key from these parts, in this order. */
  complete(parts: ReadonlyArray<{ number: number; receipt: string }>): Promise<void>;
  /** Drops what was stored; an assembly already completed or aborted is left as it is. */
  abort(): Promise<void>;
}

type Labels = Record<string, string | number>;

/**
 * The process's metrics, scraped by Prometheus (/api/metrics, or METRICS_PORT). Names follow Prometheus's rules
 * (`labcode_…`, units in the name); a name registered twice is refused when it is registered.
 */
export interface Metrics {
  /** A value read when the metrics are scraped (a queue's length, open sockets). */
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
  /** Values per label set, all read when the metrics are scraped. */
  labelledGauge(name: string, help: string, labelNames: readonly string[], read: () => ReadonlyArray<{ labels: Labels; value: number }> | Promise<ReadonlyArray<{ labels: Labels; value: number }>>): void;
  counter(name: string, help: string, labelNames: readonly string[]): { inc(labels: Labels, value?: number): void };
  /** `buckets` in the metric's unit, ascending. */
  histogram(name: string, help: string, labelNames: readonly string[], buckets: readonly number[]): { observe(labels: Labels, value: number): void };
  /** Prometheus's text exposition of every metric, and its content type. */
  expose(): Promise<{ contentType: string; body: string }>;
}

export interface Infrastructure {
  events: EventBus;
  storage: FileStorage;
  metrics: Metrics;
  cache<V>(name: string, options?: CacheOptions): SharedCache<V>;
  close(): Promise<void>;
}
