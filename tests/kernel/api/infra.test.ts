import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/kernel/server/db/database.js';
import { LISTENER_APPLICATION_NAME, openEventBus } from '../../../src/kernel/server/infra/events.js';
import type { EventBus, InfraLog } from '../../../src/kernel/server/infra/infrastructure.js';
import { LocalDiskStorage } from '../../../src/kernel/server/infra/localDiskStorage.js';
import { ProcessCache } from '../../../src/kernel/server/infra/sharedCache.js';
import { PASSWORD_KEY_GRACE_MS, PASSWORD_KEY_LIFETIME_MS, passwordPublicKey, unsealPassword } from '../../../src/modules/users/server/passwordKeys.js';
import { sealPassword } from '../../../src/shared/passwordCipher.js';
import { testDatabases } from '../../support/api/testDatabases.js';

const quiet: InfraLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as InfraLog;

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe.each(testDatabases({ everyEngine: true }))('event bus and shared cache on $name', (testDb) => {
  let database: Database;
  let drop: () => Promise<void>;
  const buses: EventBus[] = [];
  /** A bus as a second process would have one: on PostgreSQL, a listener connection of its own. */
  const openBus = async () => {
    const bus = await openEventBus(database, quiet);
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    ({ database, drop } = await testDb.open());
  });
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.close();
  });
  afterAll(async () => drop());

  it('delivers an event to the subscribers of every bus, the publisher’s own included, until they unsubscribe', async () => {
    const [a, b] = [await openBus(), await openBus()];
    if (testDb.name === 'postgres') {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`.execute(database.db);
      expect(rows[0].n).toBe(2);
    }
    const seenByA: string[] = [];
    const seenByB: string[] = [];
    const other: string[] = [];
    a.subscribe('test_news', (payload) => seenByA.push(payload));
    const unsubscribeB = b.subscribe('test_news', (payload) => seenByB.push(payload));
    b.subscribe('test_other', (payload) => other.push(payload));
    await Promise.all([a.listening(), b.listening()]);

    await a.publish('test_news', 'first');
    await b.publish('test_news');
    await waitFor(() => seenByA.length === 2 && seenByB.length === 2, 'both events on both buses');
    expect(seenByA).toEqual(['first', '']);
    expect(seenByB).toEqual(['first', '']);

    unsubscribeB();
    await b.listening();
    await a.publish('test_news', 'second');
    await a.publish('test_other', 'marker');
    await waitFor(() => other.length === 1 && seenByA.length === 3, 'the later events');
    expect(seenByB).toEqual(['first', '']);
  });

  it('refuses channel names that are not safe identifiers, and payloads NOTIFY cannot carry', async () => {
    const bus = await openBus();
    for (const channel of ['Upper', 'with-dash', 'a"; drop table base_user; --', '', '1st', 'x'.repeat(64)]) {
      expect(() => bus.subscribe(channel, () => undefined)).toThrow(/invalid event channel/);
      await expect(bus.publish(channel, 'x')).rejects.toThrow(/invalid event channel/);
    }
    await expect(bus.publish('test_big', 'x'.repeat(8000))).rejects.toThrow(/payload/);
  });

  it('drops a key in every cache of that name when one invalidates it, and everything without a key', async () => {
    const [a, b] = [await openBus(), await openBus()];
    const here = new ProcessCache<string>('test_drop', a);
    const there = new ProcessCache<string>('test_drop', b);
    await Promise.all([a.listening(), b.listening()]);
    for (const cache of [here, there]) {
      cache.set('k1', 'one');
      cache.set('k2', 'two');
    }
    await here.invalidate('k1');
    expect(here.get('k1')).toBeUndefined();
    await waitFor(() => there.get('k1') === undefined, 'the invalidation in the other cache');
    expect(there.get('k2')).toBe('two');

    await there.invalidate();
    expect(there.get('k2')).toBeUndefined();
    await waitFor(() => here.get('k2') === undefined, 'the drop of everything in the other cache');
  });

  it('shares one load per key, and does not cache a value whose load an invalidation overtook', async () => {
    const [a, b] = [await openBus(), await openBus()];
    const here = new ProcessCache<string>('test_race', a);
    const there = new ProcessCache<string>('test_race', b);
    const heard: string[] = [];
    // Subscribed after the cache: when this handler runs, the cache has already handled the same event.
    a.subscribe('cache_test_race', (payload) => heard.push(payload));
    await Promise.all([a.listening(), b.listening()]);

    let loads = 0;
    const gate = deferred<string>();
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const first = here.getOrLoad('k', load);
    const second = here.getOrLoad('k', load);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toBe(1);

    await there.invalidate('k');
    await waitFor(() => heard.length === 1, 'the invalidation');
    gate.resolve('stale');
    expect(await first).toBe('stale');
    expect(await second).toBe('stale');
    expect(here.get('k')).toBeUndefined();
    expect(await here.getOrLoad('k', async () => 'fresh')).toBe('fresh');
    expect(here.get('k')).toBe('fresh');

    // A failed load caches nothing, and the next caller tries again.
    await expect(here.getOrLoad('broken', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await here.getOrLoad('broken', async () => 'back')).toBe('back');
  });

  it('forgets the least recently used entry past its size, and an entry past its time to live', async () => {
    const bus = await openBus();
    const small = new ProcessCache<number>('test_lru', bus, { maxEntries: 2 });
    small.set('a', 1);
    small.set('b', 2);
    expect(small.get('a')).toBe(1);
    small.set('c', 3);
    expect([small.get('a'), small.get('b'), small.get('c')]).toEqual([1, undefined, 3]);

    const brief = new ProcessCache<number>('test_ttl', bus, { ttlMs: 30 });
    brief.set('a', 1);
    expect(brief.get('a')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(brief.get('a')).toBeUndefined();
  });

  it.runIf(testDb.name === 'postgres')('listens again after losing its connection, and makes the caches start over', async () => {
    const [a, b] = [await openBus(), await openBus()];
    const cache = new ProcessCache<string>('test_reconnect', b);
    const seen: string[] = [];
    b.subscribe('test_after', (payload) => seen.push(payload));
    await b.listening();
    cache.set('k', 'held');

    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`.execute(database.db);
    // While deaf, the cache serves nothing it holds: each read goes to the source.
    await waitFor(() => !b.connected(), 'the bus to notice the lost connection');
    let loads = 0;
    const load = async () => `fresh ${(loads += 1)}`;
    expect([await cache.getOrLoad('k', load), await cache.getOrLoad('k', load)]).toEqual(['fresh 1', 'fresh 2']);
    // Events published while the listener was away are lost, so the cache must not trust what it holds.
    await waitFor(() => cache.get('k') === undefined, 'the cache to drop everything after the reconnect');
    await a.publish('test_after', 'back');
    await waitFor(() => seen.includes('back'), 'an event after the reconnect');
  });
});

describe.each(testDatabases({ everyEngine: true }))('the password-sealing key in the database on $name', (testDb) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await testDb.open());
  });
  afterAll(async () => drop());

  // Far from today, so the period is one no other test has made a key for.
  const start = Math.ceil(Date.UTC(2090, 0, 1) / PASSWORD_KEY_LIFETIME_MS) * PASSWORD_KEY_LIFETIME_MS;
  const at = (ms: number) => new Date(start + ms);

  it('makes one key per period however many callers race for it', async () => {
    const keys = await Promise.all(Array.from({ length: 4 }, () => passwordPublicKey(database.db, at(1000))));
    expect(new Set(keys).size).toBe(1);
    const rows = await database.db.selectFrom('base_password_key').select('period').where('period', '=', start / PASSWORD_KEY_LIFETIME_MS).execute();
    expect(rows).toHaveLength(1);
    const sealed = await sealPassword(keys[0], 'Lab2026pass');
    expect(await unsealPassword(database.db, sealed, at(2000))).toBe('Lab2026pass');
    expect(await unsealPassword(database.db, Buffer.from('not sealed').toString('base64'), at(2000))).toBeNull();
  });

  it('rotates with the period and still opens what the previous key sealed, for the grace period only', async () => {
    const before = await passwordPublicKey(database.db, at(PASSWORD_KEY_LIFETIME_MS - 1));
    const sealed = await sealPassword(before, 'Lab2026pass');
    const after = await passwordPublicKey(database.db, at(PASSWORD_KEY_LIFETIME_MS + 1));
    expect(after).not.toBe(before);
    expect(await unsealPassword(database.db, sealed, at(PASSWORD_KEY_LIFETIME_MS + PASSWORD_KEY_GRACE_MS - 1000))).toBe('Lab2026pass');
    expect(await unsealPassword(database.db, sealed, at(PASSWORD_KEY_LIFETIME_MS + PASSWORD_KEY_GRACE_MS + 1000))).toBeNull();
  });
});

describe('local disk storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-storage-'));
  const storage = new LocalDiskStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const read = async (stream: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString();
  };
  /** Every file under the root, temp files included. */
  const filesOnDisk = () => (fs.readdirSync(root, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(root, name)).isFile()).sort();

  it('puts, reads whole and by range, lists by prefix and deletes', async () => {
    await storage.put('uploads/2026/a.txt', Buffer.from('0123456789'));
    await storage.put('uploads/2026/b.txt', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    await storage.put('uploads/other.txt', Buffer.from('x'));
    const a = (await storage.get('uploads/2026/a.txt'))!;
    expect(a.size).toBe(10);
    expect(await read(a.stream())).toBe('0123456789');
    expect(await read(a.stream({ start: 2, end: 4 }))).toBe('234');
    expect(() => a.stream({ start: 5, end: 10 })).toThrow(RangeError);
    expect(await read((await storage.get('uploads/2026/b.txt'))!.stream())).toBe('hello world');
    expect(await storage.get('uploads/none.txt')).toBeUndefined();
    expect(await storage.exists('uploads/2026/a.txt')).toBe(true);
    expect(await storage.exists('uploads/2026')).toBe(false);

    expect(await storage.list('uploads/2026/')).toEqual(['uploads/2026/a.txt', 'uploads/2026/b.txt']);
    expect(await storage.list('uploads/')).toEqual(['uploads/2026/a.txt', 'uploads/2026/b.txt', 'uploads/other.txt']);
    expect(await storage.list('uploads/o')).toEqual(['uploads/other.txt']);
    expect(await storage.list('nothing/')).toEqual([]);

    await storage.put('uploads/2026/a.txt', Buffer.from('replaced'));
    expect(await read((await storage.get('uploads/2026/a.txt'))!.stream())).toBe('replaced');
    await storage.delete('uploads/2026/a.txt');
    await storage.delete('uploads/2026/a.txt');
    expect(await storage.exists('uploads/2026/a.txt')).toBe(false);
  });

  it('refuses keys that could leave the root or break the key rule', async () => {
    const outside = path.join(path.dirname(root), 'escaped.txt');
    for (const key of ['../escaped.txt', 'a/../../escaped.txt', '/etc/passwd', 'a//b', 'a/', '.hidden', 'a/./b', 'a..b', 'Upper.txt', 'a\\b', 'a b', '']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/invalid storage key/);
    }
    await expect(storage.list('../')).rejects.toThrow(/invalid storage prefix/);
    expect(fs.existsSync(outside)).toBe(false);
  });

  it('leaves no temp file and keeps the old content when a write fails half-way', async () => {
    await storage.put('half/file.bin', Buffer.from('old content'));
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('half/file.bin', failing)).rejects.toThrow('client went away');
    await expect(storage.put('half/new.bin', Readable.from((async function* () {
      yield Buffer.from('start');
      throw new Error('upload aborted');
    })()))).rejects.toThrow('upload aborted');
    expect(await read((await storage.get('half/file.bin'))!.stream())).toBe('old content');
    expect(await storage.exists('half/new.bin')).toBe(false);
    expect(filesOnDisk().filter((name) => name.startsWith('half'))).toEqual([path.join('half', 'file.bin')]);
  });
});
