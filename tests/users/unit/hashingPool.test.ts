import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/kernel/server/appError.js';
import { HashingPool } from '../../../src/modules/users/server/hashingPool.js';

/** The pool every password hash and check goes through: as many at once as there are cores, the rest in order. */
describe('the hashing pool', () => {
  /** A job the test finishes by hand, noting when it started. */
  function job(log: string[], name: string) {
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    return { work: () => (log.push(name), done.then(() => name)), finish };
  }
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('runs as many jobs as its concurrency and starts the others in order as places free', async () => {
    const pool = new HashingPool({ concurrency: 2, maxQueued: 10, maxWaitMs: 60_000 });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((name) => job(started, name));
    const results = jobs.map((j) => pool.run(j.work));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(pool.queued).toBe(2);
    jobs[1].finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const j of jobs) j.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(pool.queued).toBe(0);
  });

  it('answers busy at once past the queue limit, and to a waiter whose wait ran past the limit', async () => {
    let clock = 0;
    const now = () => clock;
    const pool = new HashingPool({ concurrency: 1, maxQueued: 1, maxWaitMs: 1000 });
    const started: string[] = [];
    const [first, second, third] = ['first', 'second', 'third'].map((name) => job(started, name));
    const running = pool.run(first.work, now);
    const waiting = pool.run(second.work, now);
    const refusal = pool.run(third.work, now).catch((error: unknown) => error);
    const refused = await refusal;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 503, messageKey: 'password.busy' });
    // The second waited longer than allowed: when the first ends, it is answered busy rather than started late.
    clock = 1500;
    first.finish();
    await expect(waiting).rejects.toMatchObject({ code: 503, messageKey: 'password.busy' });
    expect(await running).toBe('first');
    expect(started).toEqual(['first']);
    // The pool is free again.
    const later = job(started, 'later');
    const result = pool.run(later.work, now);
    later.finish();
    expect(await result).toBe('later');
  });
});
