import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { idParams } from '../../../kernel/server/crud/requestSchemas.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { buttonsOf } from '../../../kernel/server/plugins/permission.js';
import { createDownloadSigner } from '../../file/server/public.js';
import { fileSettingsFromEnv } from '../../file/server/public.js';
import type { FileStorage } from '../../../kernel/server/infra/infrastructure.js';
import { WEB_DESIGN_MENU } from '../../visualdev/server/public.js';
import { areaNames } from './areas.js';
import { codeDownload } from './codeDownload.js';
import { findDesign } from './designSource.js';
import { generateCode, type GeneratedFile } from './generate.js';
import type { GenerationOptions } from './model.js';
import { zipFiles } from './zip.js';

/**
 * The generator's calls (spec 001 §7 Generator, JNPF's VisualdevGenController): the areas a function may belong to,
 * a preview of the generated files, and their download as a zip. Previewing needs the code generation page (or the
 * design page); downloading is an export of the design, so it needs the generation page's export button.
 */
export const GENERATOR_MENU = 'generator';
export const GENERATOR_BUTTONS = ['btn_export'] as const;
const BASE = '/api/visualdev/Generater';

const text = { type: ['string', 'null'], maxLength: 100 } as const;
/** JNPF's DownloadCodeForm; dataSourceId, enableFlow and contrast are accepted and not used (one database, no flows yet). */
const optionsBody = {
  type: ['object', 'null'],
  properties: {
    module: text,
    modulePackageName: text,
    description: { type: ['string', 'null'], maxLength: 500 },
    mainClassName: text,
    dataSourceId: text,
    enableFlow: { type: ['integer', 'null'] },
    contrast: { type: ['boolean', 'null'] },
  },
} as const;

/** CodePreview's answer, as JNPF's ReadListVO: one entry per folder, its files as children. */
function previewList(files: readonly GeneratedFile[]) {
  const folders = new Map<string, GeneratedFile[]>();
  for (const file of files) {
    const folder = file.path.slice(0, file.path.lastIndexOf('/'));
    folders.set(folder, [...(folders.get(folder) ?? []), file]);
  }
  return [...folders].map(([folder, inFolder], index) => ({
    id: String(index + 1),
    fileName: folder,
    children: inFolder.map((file, fileIndex) => ({
      id: `${index + 1}-${fileIndex + 1}`,
      folderName: folder,
      fileName: file.path.slice(folder.length + 1),
      fileType: file.fileType,
      fileContent: file.content,
    })),
  }));
}

async function generation(db: Kysely<DB>, id: string, options: GenerationOptions | null) {
  return generateCode(await findDesign(db, id), options ?? {});
}

export async function generatorRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; storage: FileStorage; moduleNames: readonly string[]; downloadUrlMs?: number }): Promise<void> {
  const { db } = ctx;
  const downloads = { db, storage: ctx.storage, signer: createDownloadSigner(db), ttlMs: ctx.downloadUrlMs ?? fileSettingsFromEnv().downloadUrlMs };
  // JNPF lets the function design page generate code too (onlineDev.formDesign OR generator.*).
  const page = { config: { permission: { menu: GENERATOR_MENU, alsoMenus: [WEB_DESIGN_MENU] } } };
  const can = buttonsOf(GENERATOR_MENU);

  app.get(`${BASE}/AreasName`, { ...page }, async () => ok(areaNames(ctx.moduleNames)));

  app.post<{ Params: { id: string }; Body: GenerationOptions | null }>(
    `${BASE}/:id/Actions/CodePreview`,
    { schema: { params: idParams, body: optionsBody }, ...page },
    async (request) => ok({ list: previewList((await generation(db, request.params.id, request.body)).files) }),
  );

  app.post<{ Params: { id: string }; Body: GenerationOptions | null }>(
    `${BASE}/:id/Actions/DownloadCode`,
    { schema: { params: idParams, body: optionsBody }, ...can('btn_export') },
    async (request) => {
      const { model, files } = await generation(db, request.params.id, request.body);
      const content = await zipFiles(model.moduleName, files);
      return ok(await codeDownload(downloads, request.session!.userId, `${model.moduleName}.zip`, content));
    },
  );
}
