import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/database.js';
import type { EventBus, InfraLog } from './infrastructure.js';

/**
 * The event bus over the database the server already has. On PostgreSQL every process LISTENs on one connection
 * of its own and publishes with pg_notify, so an event reaches every process on that database. PGlite is one
 * process by definition: delivery stays in memory, shared by every bus opened on the same embedded database.
 */

/** NOTIFY's payload must stay under 8000 bytes. */
const MAX_PAYLOAD_BYTES = 7999;
/** Lowercase so the quoted LISTEN name and pg_notify's string argument are the same channel. */
const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;
/** Tells the listener connection apart in pg_stat_activity (the cross-process test counts them). */
export const LISTENER_APPLICATION_NAME = 'labcode-events';

export function assertChannel(channel: string): void {
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`invalid event channel "${channel}": lowercase letters, digits and _ only, at most 63`);
}

function assertPayload(payload: string): void {
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`event payload over ${MAX_PAYLOAD_BYTES} bytes`);
}

type Handler = (payload: string) => void;

/** Handlers by channel; calls each one so that one that throws cannot stop the others. */
class Subscribers {
  private readonly byChannel = new Map<string, Set<Handler>>();
  private readonly gapListeners = new Set<() => void>();

  constructor(private readonly log: InfraLog) {}

  /** Answers true when the handler is the channel's first (the channel must be listened to now). */
  add(channel: string, handler: Handler): boolean {
    let handlers = this.byChannel.get(channel);
    const first = !handlers;
    if (!handlers) this.byChannel.set(channel, (handlers = new Set()));
    handlers.add(handler);
    return first;
  }

  /** Answers true when the channel has no handler left (it need not be listened to any more). */
  remove(channel: string, handler: Handler): boolean {
    const handlers = this.byChannel.get(channel);
    if (!handlers?.delete(handler) || handlers.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  deliver(channel: string, payload: string): void {
    for (const handler of [...(this.byChannel.get(channel) ?? [])]) {
      try {
        handler(payload);
      } catch (error) {
        this.log.error({ err: error, channel }, 'event handler failed');
      }
    }
  }

  onMissedEvents(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  missedEvents(): void {
    for (const listener of [...this.gapListeners]) {
      try {
        listener();
      } catch (error) {
        this.log.error({ err: error }, 'missed-events listener failed');
      }
    }
  }
}

/** Every in-process bus on one embedded database delivers to the subscribers of all of them. */
const embeddedHubs = new WeakMap<Kysely<any>, Set<Subscribers>>();

function inProcessEventBus(db: Kysely<any>, log: InfraLog): EventBus {
  const subscribers = new Subscribers(log);
  let hub = embeddedHubs.get(db);
  if (!hub) embeddedHubs.set(db, (hub = new Set()));
  hub.add(subscribers);
  const peers = hub;
  return {
    async publish(channel, payload = '') {
      assertChannel(channel);
      assertPayload(payload);
      for (const peer of [...peers]) peer.deliver(channel, payload);
    },
    subscribe(channel, handler) {
      assertChannel(channel);
      subscribers.add(channel, handler);
      return () => void subscribers.remove(channel, handler);
    },
    onMissedEvents: (listener) => subscribers.onMissedEvents(listener),
    // Nothing to wait for: a subscription is in effect as soon as it is made.
    listening: async () => undefined,
    connected: () => true,
    async close() {
      peers.delete(subscribers);
    },
  };
}

const BACKOFF_FIRST_MS = 200;
const BACKOFF_MAX_MS = 10_000;

/**
 * LISTEN needs a session of its own that stays open: a pooled connection goes back to the pool (and its LISTENs
 * with it), so the listener is one dedicated pg client. Publishing goes through the ordinary pool, so it works
 * while the listener reconnects.
 */
class PostgresEventBus implements EventBus {
  private readonly subscribers: Subscribers;
  private client: pg.Client | undefined;
  /** Commands on the listener connection, one after another (LISTEN, UNLISTEN); also what listening() awaits. */
  private commands: Promise<void> = Promise.resolve();
  private reconnectTimer: NodeJS.Timeout | undefined;
  /** From a lost connection until a new one listens: a second loss meanwhile must not start a second attempt. */
  private reconnecting = false;
  private backoffMs = BACKOFF_FIRST_MS;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly db: Kysely<any>,
    private readonly log: InfraLog,
  ) {
    this.subscribers = new Subscribers(log);
  }

  /** The first connection must succeed: a server that cannot hear other processes must not start. */
  async connect(): Promise<void> {
    try {
      await this.open();
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  async publish(channel: string, payload = ''): Promise<void> {
    assertChannel(channel);
    assertPayload(payload);
    await sql`select pg_notify(${channel}, ${payload})`.execute(this.db);
  }

  subscribe(channel: string, handler: Handler): () => void {
    assertChannel(channel);
    if (this.subscribers.add(channel, handler)) this.command(`listen "${channel}"`);
    return () => {
      if (this.subscribers.remove(channel, handler)) this.command(`unlisten "${channel}"`);
    };
  }

  onMissedEvents(listener: () => void): () => void {
    return this.subscribers.onMissedEvents(listener);
  }

  listening(): Promise<void> {
    return this.commands;
  }

  connected(): boolean {
    return this.client !== undefined && !this.reconnecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: LISTENER_APPLICATION_NAME });
    client.on('notification', (message) => this.subscribers.deliver(message.channel, message.payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      if (this.closed) throw new Error('event bus closed');
      // From here, new subscriptions go to this connection too; the ones made while there was none are listened
      // to again here (a second LISTEN of a channel does no harm).
      this.client = client;
      for (const channel of this.subscribers.channels()) await client.query(`listen "${channel}"`);
    } catch (error) {
      if (this.client === client) this.client = undefined;
      await client.end().catch(() => undefined);
      throw error;
    }
    this.backoffMs = BACKOFF_FIRST_MS;
  }

  /** Queued so LISTEN and UNLISTEN of one channel arrive in the order they were asked for. */
  private command(text: string): void {
    this.commands = this.commands.then(async () => {
      try {
        await this.client?.query(text);
      } catch (error) {
        // The connection is going: the reconnect listens to every current channel again.
        this.log.warn({ err: error }, `event bus: ${text} failed`);
      }
    });
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.log.warn({ err: error }, 'event bus: lost the listener connection, reconnecting');
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.reconnecting) return;
    this.reconnecting = true;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, BACKOFF_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.open().then(
        () => {
          this.reconnecting = false;
          // Whatever was published while the connection was down never reached this process.
          if (this.client) this.subscribers.missedEvents();
          else if (!this.closed) this.scheduleReconnect();
        },
        (error: unknown) => {
          this.reconnecting = false;
          if (this.closed) return;
          this.log.warn({ err: error }, `event bus: reconnect failed, next try in ${this.backoffMs} ms`);
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.reconnectTimer.unref();
  }
}

export async function openEventBus(database: Database, log: InfraLog): Promise<EventBus> {
  if (database.kind === 'pglite') return inProcessEventBus(database.db, log);
  if (!database.url) throw new Error('the PostgreSQL event bus needs the database URL');
  const bus = new PostgresEventBus(database.url, database.db, log);
  await bus.connect();
  return bus;
}
