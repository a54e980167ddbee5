import type { CacheOptions, EventBus, SharedCache } from './infrastructure.js';
import { assertChannel } from './events.js';

/**
 * A cache in this process's memory that stays honest across processes: invalidate() tells every process on the
 * event bus (channel `cache_<name>`) to drop the entry, this one included. The time to live is only a safety net
 * for an invalidation that was never sent.
 */
const DEFAULT_TTL_MS = 5 * 60_000;
const DEFAULT_MAX_ENTRIES = 1000;

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/** The invalidation message: `{"key": …}` for one key, `{}` for all of them. */
function encode(key: string | undefined): string {
  return JSON.stringify(key === undefined ? {} : { key });
}

function decode(payload: string): { key?: string } {
  try {
    const message = JSON.parse(payload) as unknown;
    return message !== null && typeof message === 'object' && typeof (message as { key?: unknown }).key === 'string' ? { key: (message as { key: string }).key } : {};
  } catch {
    // Not ours to read: dropping everything is always safe.
    return {};
  }
}

export function cacheChannel(name: string): string {
  const channel = `cache_${name}`;
  assertChannel(channel);
  return channel;
}

export class ProcessCache<V> implements SharedCache<V> {
  /** A Map keeps insertion order: re-inserting on use makes the first key the least recently used. */
  private readonly entries = new Map<string, Entry<V>>();
  /**
   * The load in flight per key, which later callers share. Each load is a generation of its key: an
   * invalidation (or a set) ends the generation by removing it here, and a load that finds itself no longer
   * current when its value arrives does not cache it, for the value may predate the change.
   */
  private readonly loads = new Map<string, Promise<V>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly channel: string;

  constructor(
    name: string,
    private readonly events: EventBus,
    options: CacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.channel = cacheChannel(name);
    events.subscribe(this.channel, (payload) => this.drop(decode(payload).key));
    events.onMissedEvents(() => this.drop(undefined));
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= Date.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    // Deaf to invalidations (the listener is reconnecting): every read goes to the source until it hears again,
    // and the reconnect drops whatever was cached before.
    if (!this.events.connected()) return Promise.resolve().then(load);
    const cached = this.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const inFlight = this.loads.get(key);
    if (inFlight) return inFlight;

    const flight = Promise.resolve().then(load);
    this.loads.set(key, flight);
    const current = () => this.loads.get(key) === flight;
    flight.then(
      (value) => {
        if (!current()) return;
        this.loads.delete(key);
        this.store(key, value);
      },
      () => {
        if (current()) this.loads.delete(key);
      },
    );
    return flight;
  }

  set(key: string, value: V): void {
    // A load still running started before this value was known: it must not overwrite it.
    this.loads.delete(key);
    this.store(key, value);
  }

  async invalidate(key?: string): Promise<void> {
    this.drop(key);
    await this.events.publish(this.channel, encode(key));
  }

  private drop(key: string | undefined): void {
    if (key === undefined) {
      this.entries.clear();
      this.loads.clear();
    } else {
      this.entries.delete(key);
      this.loads.delete(key);
    }
  }

  private store(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
