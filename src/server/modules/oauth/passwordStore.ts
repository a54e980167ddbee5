import argon2 from 'argon2';

/**
 * Stored passwords: argon2id over the transport hash (the lowercase MD5 hex the client sends), with the
 * library's defaults (64 MiB, 3 passes), which OWASP lists among its recommended settings.
 */
export function hashStoredPassword(transportHash: string): Promise<string> {
  return argon2.hash(transportHash, { type: argon2.argon2id });
}

export async function verifyStoredPassword(storedHash: string, transportHash: string): Promise<boolean> {
  try {
    return await argon2.verify(storedHash, transportHash);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
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
