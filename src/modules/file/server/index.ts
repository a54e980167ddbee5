import { defineModule } from '../../../kernel/server/module.js';
import { createDownloadSigner } from './downloadSigning.js';
import { fileMessages } from '../locale/messages.js';
import * as fileUploads from './migrations/0010_file_uploads.js';
import * as assembledUploads from './migrations/0053_file_assembled_uploads.js';
import { fileSettingsFromEnv, type FileSettings } from './fileSettings.js';
import { fileRoutes } from './routes.js';

/**
 * Files: chunked and image uploads into the file storage, signed downloads, pack downloads and previews, and the
 * short-lived exports other modules make. Settings come from the environment unless a test passes its own.
 */
export function createFileModule(settings?: FileSettings) {
  return defineModule({
    name: 'file',
    tables: ['base_file_blob', 'base_file', 'base_file_upload', 'base_file_chunk', 'base_file_pack', 'base_file_secret', 'base_file_job'],
    messages: fileMessages,
    migrations: { '0010_file_uploads': fileUploads, '0053_file_assembled_uploads': assembledUploads },
    routes: async (app, ctx) => {
      // The abandoned-upload cleanup's queue, the same in every process: uploads begun and not merged yet.
      ctx.infra.metrics.gauge('labcode_file_uploads_unfinished', 'Chunked uploads begun and not yet merged or cleaned away (all processes)', async () => {
        const { count } = await ctx.db.selectFrom('base_file_upload').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
        return Number(count);
      });
      await fileRoutes(app, { db: ctx.db, storage: ctx.infra.storage, settings: settings ?? fileSettingsFromEnv(), signer: createDownloadSigner(ctx.db), log: ctx.log });
    },
  });
}

export default createFileModule();
