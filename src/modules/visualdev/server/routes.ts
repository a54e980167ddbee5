import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { fileSize } from '../../../shared/format/sizes.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { buttonsOf } from '../../../kernel/server/plugins/permission.js';
import { idParams, listQueryProperties, namedRecordProperties } from '../../../kernel/server/crud/requestSchemas.js';
import { storeFile } from '../../file/server/public.js';
import * as design from './service.js';
import { releaseDesign, type ReleaseInput } from './release.js';
import { DESIGN_IMPORT_LIMIT_BYTES, exportDesign, importDesign } from './transfer.js';

/**
 * /api/visualdev/Base (spec 001 §7 Online development, JNPF's VisualdevController): designs on the page
 * onlineDev.webDesign. Writes need its buttons; the Selector is open to every signed-in user, because the
 * relation-form widget on any staff form lists designs through it (as in JNPF).
 */
export const WEB_DESIGN_MENU = 'onlineDev.webDesign';
export const WEB_DESIGN_BUTTONS = ['btn_add', 'btn_edit', 'btn_remove', 'btn_export'] as const;
/** The generator module's menu page, named here: generator requires visualdev, so visualdev cannot import it. */
const CODE_GENERATION_MENU = 'generator';
const can = buttonsOf(WEB_DESIGN_MENU);
const opens = { config: { permission: { menu: WEB_DESIGN_MENU } } };
const id = idParams;

/** Definitions are objects or their JSON text; their content is checked by the service, not the schema. */
const body = {
  type: 'object',
  required: ['fullName', 'enCode'],
  properties: {
    ...namedRecordProperties,
    category: { type: ['string', 'null'], maxLength: 200 },
    type: { type: ['integer', 'string', 'null'] },
    webType: { type: ['integer', 'string', 'null'] },
    dbLinkId: { type: ['string', 'null'], maxLength: 200 },
    formData: {},
    columnData: {},
    appColumnData: {},
    tables: {},
  },
} as const;

const listQuery = {
  type: 'object',
  properties: {
    ...listQueryProperties,
    category: { type: 'string', maxLength: 50 },
    type: { type: 'string', maxLength: 2 },
    webType: { type: 'string', maxLength: 2 },
    state: { type: 'string', maxLength: 2 },
  },
} as const;

const releaseBody = {
  type: ['object', 'null'],
  properties: {
    pc: { type: ['integer', 'string', 'boolean', 'null'] },
    app: { type: ['integer', 'string', 'boolean', 'null'] },
    pcModuleParentId: { type: ['string', 'array', 'null'], maxLength: 50, maxItems: 20, items: { type: 'string', maxLength: 50 } },
    appModuleParentId: { type: ['string', 'array', 'null'], maxLength: 50, maxItems: 20, items: { type: 'string', maxLength: 50 } },
    pcSystemId: { type: ['string', 'null'], maxLength: 50 },
    appSystemId: { type: ['string', 'null'], maxLength: 50 },
    platformRelease: { type: ['string', 'null'], maxLength: 50 },
  },
} as const;

export async function designRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  const { db } = ctx;
  const base = '/api/visualdev/Base';

  // The code generation page (menu `generator`, generator/webForm) lists the designs too: opening it is enough to read them.
  app.get<{ Querystring: Record<string, unknown> }>(base, { schema: { querystring: listQuery }, config: { permission: { menu: WEB_DESIGN_MENU, alsoMenus: [CODE_GENERATION_MENU], columns: true } } }, async (request) => ok(await design.listDesigns(db, request.query)));
  app.get<{ Querystring: { type?: string; webType?: string; isRelease?: string } }>(
    `${base}/Selector`,
    { schema: { querystring: { type: 'object', properties: { type: { type: 'string', maxLength: 2 }, webType: { type: 'string', maxLength: 20 }, isRelease: { type: 'string', maxLength: 5 }, enableFlow: { type: 'string', maxLength: 2 } } } } },
    async (request) => {
      const type = request.query.type ? Number(request.query.type) : undefined;
      const list = await design.designSelector(db, { type: Number.isInteger(type) ? type : undefined, webType: request.query.webType, isRelease: request.query.isRelease !== undefined && request.query.isRelease !== '', uncategorized: request.t('visualdev.uncategorized') });
      return ok({ list });
    },
  );
  app.post(`${base}/Actions/Import`, { ...can('btn_add') }, async (request) => {
    if (!request.isMultipart()) throw AppError.badRequest('upload.required');
    // throwFileSizeLimit off: the truncated check answers with this route's own limit.
    const part = await request.file({ limits: { fileSize: DESIGN_IMPORT_LIMIT_BYTES, files: 1 }, throwFileSizeLimit: false });
    if (!part) throw AppError.badRequest('upload.required');
    const content = await part.toBuffer();
    if (part.file.truncated) throw new AppError(ResultCode.payloadTooLarge, 'upload.tooLarge', { limit: fileSize(DESIGN_IMPORT_LIMIT_BYTES) });
    return ok(await importDesign(db, content, request.session!.userId), request.t('common.created'));
  });
  app.get<{ Params: { id: string } }>(`${base}/:id`, { schema: { params: id }, ...opens }, async (request) => ok(design.infoView(await design.designRow(db, request.params.id))));
  app.post<{ Body: design.DesignInput }>(base, { schema: { body }, ...can('btn_add') }, async (request) => ok(await design.createDesign(db, request.body, request.session!.userId), request.t('common.created')));
  app.put<{ Params: { id: string }; Body: design.DesignInput }>(`${base}/:id`, { schema: { params: id, body }, ...can('btn_edit') }, async (request) =>
    ok(await design.updateDesign(db, request.params.id, request.body, request.session!.userId), request.t('common.updated')),
  );
  app.delete<{ Params: { id: string } }>(`${base}/:id`, { schema: { params: id }, ...can('btn_remove') }, async (request) => {
    const { menuRemoved, retiredTables } = await design.deleteDesign(db, request.params.id);
    // The released menu page went with the design: every process drops the grants that named it.
    if (menuRemoved) await app.grants.invalidate();
    // The record tables set aside (decision 153), for an administrator who wants the rows back or gone for good.
    return ok({ retiredTables }, request.t('common.deleted'));
  });
  app.post<{ Params: { id: string } }>(`${base}/:id/Actions/Copy`, { schema: { params: id }, ...can('btn_add') }, async (request) => ok(await design.copyDesign(db, request.params.id, request.session!.userId), request.t('visualdev.copied')));
  app.post<{ Params: { id: string }; Body: ReleaseInput | null }>(`${base}/:id/Actions/Release`, { schema: { params: id, body: releaseBody }, ...can('btn_edit') }, async (request) => {
    const result = await releaseDesign(db, request.params.id, request.body ?? {}, request.session!.userId);
    // After the commit (grants.ts): a menu page and its entries changed, so every process reloads grants.
    if (result.menuId) await app.grants.invalidate();
    return ok(result, request.t('visualdev.released'));
  });
  app.get<{ Params: { id: string }; Querystring: { filterType?: string } }>(
    `${base}/:id/FormDataFields`,
    { schema: { params: id, querystring: { type: 'object', properties: { filterType: { type: 'string', maxLength: 2 } } } }, ...opens },
    async (request) => ok({ list: await design.formDataFields(db, request.params.id, request.query.filterType === '1' ? 1 : undefined) }),
  );
  // GET {base}/:id/FieldDataSelect reads another design's records: the onlineData module answers it (onlineData/server/routes.ts).
  for (const path of [`${base}/:id/Actions/Export`, `${base}/:id/Action/Export`]) {
    app.get<{ Params: { id: string } }>(path, { schema: { params: id }, ...can('btn_export') }, async (request) => {
      const file = await exportDesign(db, request.params.id);
      const stored = await storeFile(db, { fileName: file.fileName, contentType: 'application/json', content: file.content, userId: request.session!.userId });
      return ok({ url: stored.url, name: stored.name });
    });
  }
}
