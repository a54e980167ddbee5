import SparkMD5 from 'spark-md5';

/**
 * The sign-in, unlock and password calls never carry the plain password: the client sends its lowercase MD5 hex
 * (spec 000 §7, "encrypted password"). The server then treats that hex as the secret and stores it under argon2id.
 */
export function hashPasswordForTransport(plain: string): string {
  return SparkMD5.hash(plain).toLowerCase();
}

export const TRANSPORT_HASH_PATTERN = /^[0-9a-f]{32}$/;
