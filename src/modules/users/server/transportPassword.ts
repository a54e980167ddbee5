import { createDecipheriv } from 'node:crypto';
import { TRANSPORT_HASH_PATTERN } from '../../../shared/passwordHash.js';

/**
 * The password as JNPF clients send it. Clients up to 3.4 (and ours) send the lowercase MD5 hex of the password;
 * 3.6 clients wrap that hex in AES-128-ECB (PKCS7) under a key compiled into every JNPF client and send the
 * ciphertext as hex. The key is public, so this is no secrecy: it only lets those clients sign in unchanged.
 */
const JNPF_CIPHER_KEY = Buffer.from('EY8WePvjM5GGwQzn', 'utf8');
/** 32 hex characters pad to three AES blocks: 48 bytes, 96 hex digits. */
const JNPF_CIPHERTEXT_PATTERN = /^[0-9a-f]{96}$/i;

/** The MD5 hex the password check works on, or undefined when the value is neither form. */
export function transportHashOf(sent: string): string | undefined {
  if (TRANSPORT_HASH_PATTERN.test(sent)) return sent;
  if (!JNPF_CIPHERTEXT_PATTERN.test(sent)) return undefined;
  try {
    const decipher = createDecipheriv('aes-128-ecb', JNPF_CIPHER_KEY, null);
    const plain = Buffer.concat([decipher.update(Buffer.from(sent, 'hex')), decipher.final()]).toString('utf8');
    return TRANSPORT_HASH_PATTERN.test(plain) ? plain : undefined;
  } catch {
    // Bad padding: not something a JNPF client produced.
    return undefined;
  }
}
