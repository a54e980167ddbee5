/**
 * Token buckets: what every user-driven loop of the server is bounded by (chat frames, message and notice
 * creation). A bucket holds up to `burst` tokens and gains `perSecond` a second; each action takes one, and an
 * action finding the bucket empty is refused, not queued, so a flood costs the server a refusal per frame and
 * never a database write.
 *
 * The buckets live in the process (LabCode's own few lines rather than a library: @fastify/rate-limit covers HTTP
 * routes only, and one mechanism for sockets and routes keeps one rule). With several processes behind a load
 * balancer a user's limit is per process they reach: a bound on the load a user can cause, not an exact quota.
 */
export interface RateLimit {
  burst: number;
  perSecond: number;
}

/** Chat and other frames of one socket: 20 at once, 5 a second sustained (a person types far slower; a script is cut). */
export const SOCKET_FRAME_LIMIT: RateLimit = { burst: 20, perSecond: 5 };
/** All sockets of one user together: a larger burst for several tabs opening at once, the same sustained pace. */
export const USER_FRAME_LIMIT: RateLimit = { burst: 40, perSecond: 5 };
/** Creating and sending notices and mail over HTTP, one bucket per user for all of them: the same pace. */
export const MESSAGE_SENDING: RateLimit & { name: string } = { name: 'messageSending', burst: 20, perSecond: 5 };

export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly limit: RateLimit,
    now = performance.now(),
  ) {
    this.tokens = limit.burst;
    this.updatedAt = now;
  }

  /** Takes a token when there is one; false means refuse the action. */
  take(now = performance.now()): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** How long until the next token, in milliseconds (0 when there is one): a refused client's retry-after. */
  msUntilToken(now = performance.now()): number {
    this.refill(now);
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.limit.perSecond) * 1000);
  }

  /** Whether the bucket is back to full: it then carries no state worth keeping. */
  isFull(now = performance.now()): boolean {
    this.refill(now);
    return this.tokens >= this.limit.burst;
  }

  private refill(now: number) {
    this.tokens = Math.min(this.limit.burst, this.tokens + ((now - this.updatedAt) / 1000) * this.limit.perSecond);
    this.updatedAt = now;
  }
}

/** Buckets by key (a user, a route and user); full buckets are dropped so the map stays the size of current activity. */
export class TokenBuckets {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly limit: RateLimit,
    private readonly sweepAbove = 1000,
  ) {}

  take(key: string, now = performance.now()): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.sweepAbove) this.sweep(now);
      this.buckets.set(key, (bucket = new TokenBucket(this.limit, now)));
    }
    return bucket.take(now);
  }

  msUntilToken(key: string, now = performance.now()): number {
    return this.buckets.get(key)?.msUntilToken(now) ?? 0;
  }

  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number) {
    for (const [key, bucket] of this.buckets) if (bucket.isFull(now)) this.buckets.delete(key);
  }
}
