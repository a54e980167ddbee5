import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { FileStorage } from '../../../kernel/server/infra/infrastructure.js';
import type { DownloadSigner } from './downloadSigning.js';
import type { FileSettings } from './fileSettings.js';

/** What the file module's routes work with. */
export interface FileDeps {
  db: Kysely<DB>;
  storage: FileStorage;
  settings: FileSettings;
  signer: DownloadSigner;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}
