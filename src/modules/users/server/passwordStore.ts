import argon2 from 'argon2';
import { HashingPool } from './hashingPool.js';

/**
 * Stored passwords: argon2id over the transport hash (the lowercase MD5 hex the client sends), at OWASP's first
 * recommended setting for argon2id: 19 MiB, 2 passes, 1 lane. The library's default (64 MiB, 3 passes, 4 lanes) is
 * also on OWASP's list, but costs about four times the CPU and memory per sign-in, which on two cores capped sign-in
 * at a few a second. Hashes made with other parameters (the earlier default) still verify, and are made anew at the
 * next successful sign-in (needsRehash).
 */
export const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Every hash and verification of the process goes through one pool sized to the cores (hashingPool.ts). */
const pool = new HashingPool();

/** The pool's load, for the metrics: hashes running, and sign-ins and password changes waiting for a place. */
export const passwordHashing = { running: () => pool.busy, queued: () => pool.queued };

export function hashStoredPassword(transportHash: string): Promise<string> {
  return pool.run(() => argon2.hash(transportHash, PASSWORD_HASH_OPTIONS));
}

export async function verifyStoredPassword(storedHash: string, transportHash: string): Promise<boolean> {
  return pool.run(async () => {
    try {
      return await argon2.verify(storedHash, transportHash);
    } catch {
      // A malformed stored hash is a failed sign-in, not a server error.
      return false;
    }
  });
}

/** Whether a stored hash was made with other parameters than today's, and should be made anew. */
export function needsNewHash(storedHash: string): boolean {
  try {
    return argon2.needsRehash(storedHash, PASSWORD_HASH_OPTIONS);
  } catch {
    return false;
  }
}

/**
 * Verifying against this when the account does not exist keeps the answer time the same as for a real account,
 * so timing does not tell which accounts exist. Computed once, lazily.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashStoredPassword('0'.repeat(32));
  return decoyHash;
}
