import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../../shared/envelope.js';
import { AppError } from '../../../appError.js';
import { idParams } from '../../../crud/requestSchemas.js';
import type { DB } from '../../../db/schema.js';
import { ok } from '../../../plugins/envelope.js';
import { buttonsOf } from '../../../plugins/permission.js';
import { storeFile } from '../../file/fileBlobs.js';
import { areaNames } from './areas.js';
import { findDesign } from './designSource.js';
import { generateCode, type GeneratedFile } from './generate.js';
import type { GenerationOptions } from './model.js';
import { zipFiles } from './zip.js';

/**
 * The generator's calls (spec 001 §7 Generator, JNPF's VisualdevGenController): the areas a function may belong to,
 * a preview of the generated files, and their download as a zip. Previewing needs the code generation page;
 * downloading is an export of the design, so it needs the page's export button.
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
  const design = await findDesign(db, id);
  if (!design) throw new AppError(ResultCode.notFound, 'generator.designNotFound');
  return generateCode(design, options ?? {});
}

export async function generatorRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  const { db } = ctx;
  const page = { config: { permission: { menu: GENERATOR_MENU } } };
  const can = buttonsOf(GENERATOR_MENU);

  app.get(`${BASE}/AreasName`, { ...page }, async () => ok(areaNames()));

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
      const stored = await storeFile(db, { fileName: `${model.moduleName}.zip`, contentType: 'application/zip', content, userId: request.session!.userId });
      return ok({ name: stored.name, url: stored.url });
    },
  );
}
