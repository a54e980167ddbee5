import os from 'node:os';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';

/**
 * Password hashing, bounded. argon2 runs on libuv's thread pool, so hashing never blocks the event loop, but
 * without a bound 200 sign-ins at once put 200 hashes of many MiB each on two cores: all of them finish late
 * together (on the embedded database only 36–64 of 200 finished within 60 s), and each holds its memory meanwhile.
 * The pool lets as many hashes run as there are cores and queues the rest in order; a sign-in that has waited
 * `maxWaitMs` without starting is answered "busy, try again" while its client still listens (the web client gives
 * up after 60 s), and past `maxQueued` waiting a new one is answered so at once.
 */
export interface HashingPoolOptions {
  concurrency: number;
  maxQueued: number;
  maxWaitMs: number;
}

export const DEFAULT_HASHING_POOL: HashingPoolOptions = {
  concurrency: Math.max(1, os.availableParallelism()),
  maxQueued: 1000,
  maxWaitMs: 20_000,
};

const busy = () => new AppError(ResultCode.serviceUnavailable, 'password.busy');

export class HashingPool {
  private running = 0;
  private readonly waiting: { start: () => void; refuse: () => void; queuedAt: number }[] = [];

  constructor(private readonly options: HashingPoolOptions = DEFAULT_HASHING_POOL) {}

  /** Runs `work` when a place is free; throws AppError 503 'password.busy' when it would wait too long. */
  async run<T>(work: () => Promise<T>, now: () => number = performance.now.bind(performance)): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxQueued) throw busy();
      await new Promise<void>((start, refuse) => this.waiting.push({ start, refuse: () => refuse(busy()), queuedAt: now() }));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      this.next(now);
    }
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Hashes running now (at most `concurrency`). */
  get busy(): number {
    return this.running;
  }

  /** Hands the freed place to the oldest waiter still within its time; those past it are answered busy. */
  private next(now: () => number) {
    for (;;) {
      const waiter = this.waiting.shift();
      if (!waiter) {
        this.running -= 1;
        return;
      }
      if (now() - waiter.queuedAt > this.options.maxWaitMs) {
        waiter.refuse();
        continue;
      }
      waiter.start();
      return;
    }
  }
}
