import { randomUUID } from 'node:crypto';

/** Record ids are opaque strings (JNPF's are too); random UUID hex needs no coordination between processes. */
export function newId(): string {
  return randomUUID().replace(/-/g, '');
}
