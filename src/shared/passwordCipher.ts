/**
 * The new password travels twice in a password change: hashed (what is stored, spec 001 §5 "Passwords are sent
 * hashed") and sealed with the server's RSA-OAEP public key, so the server can check the policy of spec 001 §5
 * without the password ever being readable on the wire or in a log. WebCrypto does the sealing in the browser;
 * it is present in every secure context (HTTPS, or the local machine).
 */
export const PASSWORD_CIPHER_ALGORITHM = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export function canSealPasswords(): boolean {
  return typeof globalThis.crypto?.subtle?.importKey === 'function';
}

/** Seals text with an SPKI public key given in base64; the answer is base64. */
export async function sealPassword(publicKeySpki: string, text: string): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey('spki', fromBase64(publicKeySpki), PASSWORD_CIPHER_ALGORITHM, false, ['encrypt']);
  return toBase64(await globalThis.crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(text)));
}
