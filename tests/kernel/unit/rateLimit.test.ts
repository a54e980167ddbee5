import { describe, expect, it } from 'vitest';
import { TokenBucket, TokenBuckets } from '../../../src/kernel/server/infra/rateLimit.js';

/** The token buckets every user-driven loop of the server is bounded by, on a clock the test moves. */
describe('token buckets', () => {
  it('takes a burst at once, then refills at the sustained rate up to the burst', () => {
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([true, true, true, false]);
    expect(bucket.take(400)).toBe(false);
    // Half a second per token at 2 a second; 100 ms of it are left at 400.
    expect(bucket.msUntilToken(400)).toBe(100);
    expect(bucket.take(500)).toBe(true);
    expect(bucket.take(500)).toBe(false);
    // A long pause refills to the burst, never beyond.
    expect(bucket.isFull(60_000)).toBe(true);
    expect([bucket.take(60_000), bucket.take(60_000), bucket.take(60_000), bucket.take(60_000)]).toEqual([true, true, true, false]);
  });

  it('keeps one bucket per key and drops full ones when the map grows', () => {
    const buckets = new TokenBuckets({ burst: 1, perSecond: 1 }, 2);
    expect(buckets.take('a', 0)).toBe(true);
    expect(buckets.take('a', 0)).toBe(false);
    expect(buckets.take('b', 0)).toBe(true);
    // Adding a third key sweeps: both are full again a second later, so the map holds only the new one.
    expect(buckets.take('c', 1000)).toBe(true);
    expect(buckets.size).toBe(1);
  });
});
