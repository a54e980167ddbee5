import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * Short-lived download addresses, as JNPF's (GET /api/file/Download?encryption=…&name=…): opened by a link or
 * window.location, which send no Authorization header, so the address itself carries the right to download. It
 * is an HMAC-SHA256 over the path, what is downloaded, the download name and the expiry, with a secret kept in
 * the database: an address one process made, every process verifies.
 */
export const DOWNLOAD_PATH = '/api/file/Download';

/**
 * f: one file record, as an attachment; v: one file record to view in the page (a preview: pdf, text or image,
 * shown inline); p: a pack download (a zip of several).
 */
export type DownloadKind = 'f' | 'v' | 'p';

export interface DownloadTarget {
  kind: DownloadKind;
  id: string;
  /** The file name the browser saves. */
  name: string;
}

const ENCRYPTION = /^([fvp])\.([0-9a-f]{32})\.(\d{10,13})\.([A-Za-z0-9_-]{43})$/;
const SECRET_ID = 'download';

export interface DownloadSigner {
  /** The address that downloads the target until ttlMs from now. */
  sign(target: DownloadTarget, ttlMs: number): Promise<string>;
  /** The target of an address's parameters, or 'expired' / 'invalid'. */
  verify(encryption: unknown, name: unknown): Promise<DownloadTarget | 'expired' | 'invalid'>;
}

export function createDownloadSigner(db: Kysely<DB>): DownloadSigner {
  let secret: Promise<Buffer> | undefined;
  const key = () => {
    secret ??= loadSecret(db).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
  const mac = async (kind: string, id: string, expires: string, name: string) =>
    createHmac('sha256', await key()).update(`${DOWNLOAD_PATH}\n${kind}\n${id}\n${expires}\n${name}`).digest('base64url');

  return {
    async sign({ kind, id, name }, ttlMs) {
      const expires = String(Math.floor((Date.now() + ttlMs) / 1000));
      const encryption = `${kind}.${id}.${expires}.${await mac(kind, id, expires, name)}`;
      return `${DOWNLOAD_PATH}?encryption=${encryption}&name=${encodeURIComponent(name)}`;
    },
    async verify(encryption, name) {
      if (typeof encryption !== 'string' || typeof name !== 'string') return 'invalid';
      const match = ENCRYPTION.exec(encryption);
      if (!match) return 'invalid';
      const [, kind, id, expires, signature] = match;
      const expected = Buffer.from(await mac(kind, id, expires, name));
      const given = Buffer.from(signature);
      // The signature is checked before the expiry, so an altered address is never told apart from an old one.
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      if (Number(expires) * 1000 < Date.now()) return 'expired';
      return { kind: kind as DownloadKind, id, name };
    },
  };
}

/** The one secret: made by whichever process needs it first; a concurrent maker's insert is a no-op. */
async function loadSecret(db: Kysely<DB>): Promise<Buffer> {
  await db.insertInto('base_file_secret').values({ id: SECRET_ID, secret: randomBytes(32) }).onConflict((oc) => oc.column('id').doNothing()).execute();
  const row = await db.selectFrom('base_file_secret').select('secret').where('id', '=', SECRET_ID).executeTakeFirstOrThrow();
  return Buffer.from(row.secret);
}
