import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { fileSize } from '../../../shared/format/sizes.js';
import { AppError } from '../../../kernel/server/appError.js';
import { idParams, listQueryProperties } from '../../../kernel/server/crud/requestSchemas.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { authorizeDesign } from '../../../kernel/server/plugins/dynamicPermission.js';
import { buttonsOf } from '../../../kernel/server/plugins/permission.js';
import { storeFile } from '../../file/server/public.js';
import { contentDisposition } from '../../file/server/public.js';
import { renderPdf } from './pdf.js';
import { noOperatorRecords, printDataOf, type OperatorRecordProvider, type PrintDataAccess } from './printData.js';
import { listPrintLogs, savePrintLog, type PrintLogInput } from './printLog.js';
import * as printDev from './service.js';
import { PRINT_DEV_MENU } from './service.js';

/**
 * The print calls of spec 001 §7 at JNPF's paths (PrintDevController): the six of a declared entity (service.ts)
 * and the rest beside them. Managing templates needs the 打印模板 page (onlineDev.printDev) and its buttons; printing a record (Selector, getListOptions, Data, BatchData, Pdf, the
 * print log's save) needs only the right to read that record: the released design's menu and data scope.
 */
export const PRINT_DEV_BUTTONS = ['btn_add', 'btn_edit', 'btn_remove', 'btn_export'] as const;
const can = buttonsOf(PRINT_DEV_MENU);
const opens = { config: { permission: { menu: PRINT_DEV_MENU } } };
const BASE = '/api/system/printDev';
const ID = { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' } as const;
/** A batch prints at most this many records (BatchData, Pdf). */
export const PRINT_BATCH_LIMIT = 100;

const dataQuery = {
  type: 'object',
  required: ['id', 'formId'],
  properties: { id: ID, formId: { type: 'string', minLength: 1, maxLength: 5200, pattern: '^[A-Za-z0-9_,-]+$' }, menuId: { type: 'string', maxLength: 50 } },
} as const;
type DataQuery = { Querystring: { id: string; formId: string; menuId?: string } };

export async function printDevRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; operatorRecords?: OperatorRecordProvider }): Promise<void> {
  const { db } = ctx;
  const accessFor = (request: FastifyRequest, menuId?: string): PrintDataAccess => ({
    authorize: (designId) => authorizeDesign(app, db, request, designId, { menuId }),
    operatorRecords: ctx.operatorRecords ?? noOperatorRecords,
  });
  const recordIds = (formId: string, batch: boolean) => {
    const ids = [...new Set(formId.split(',').filter(Boolean))];
    if (!ids.length) throw AppError.badRequest('printDev.recordRequired');
    if (!batch && ids.length > 1) throw AppError.badRequest('printDev.recordRequired');
    if (ids.length > PRINT_BATCH_LIMIT) throw AppError.badRequest('printDev.tooManyRecords');
    return ids;
  };

  printDev.printTemplates.routes(app, { db });

  // The template chooser: every signed-in user may list enabled templates (JNPF checks no permission here).
  app.get<{ Querystring: { type?: string } }>(`${BASE}/Selector`, { schema: { querystring: { type: 'object', properties: { type: { type: 'string', enum: ['', '1', '2'] } } } } }, async (request) =>
    ok({ list: await printDev.printDevSelector(db, request.query.type ? Number(request.query.type) : undefined, request.t('printDev.uncategorized')) }),
  );
  // The record viewer's chooser: the enabled templates among the form's printId list.
  app.post<{ Body: { ids: string[] } }>(`${BASE}/getListOptions`, { schema: { body: { type: 'object', required: ['ids'], properties: { ids: { type: 'array', maxItems: 100, items: ID } } } } }, async (request) =>
    ok(await printDev.printDevOptions(db, request.body.ids)),
  );
  app.post<{ Body: { visualDevId?: string; formId?: string } }>(
    `${BASE}/Fields`,
    { schema: { body: { type: 'object', properties: { visualDevId: ID, formId: ID } } }, ...opens },
    async (request) => {
      const designId = request.body.visualDevId ?? request.body.formId;
      if (!designId) throw AppError.badRequest('printDev.formRequired');
      return ok((await printDev.designFieldTree(db, designId)).fields);
    },
  );
  app.get<DataQuery>(`${BASE}/Data`, { schema: { querystring: dataQuery } }, async (request) => {
    const [print] = await printDataOf(db, request.query.id, recordIds(request.query.formId, false), accessFor(request, request.query.menuId));
    return ok(print);
  });
  app.get<DataQuery>(`${BASE}/BatchData`, { schema: { querystring: dataQuery } }, async (request) => ok(await printDataOf(db, request.query.id, recordIds(request.query.formId, true), accessFor(request, request.query.menuId))));
  /**
   * GET /api/system/printDev/Pdf?id={template}&formId={record}[,{record}…]: the print as a PDF file (not an
   * envelope), the records one after the other. Not in JNPF, whose clients print through the browser only.
   */
  app.get<DataQuery>(`${BASE}/Pdf`, { schema: { querystring: dataQuery } }, async (request, reply) => {
    const template = await printDev.printDevRow(db, request.query.id);
    const prints = await printDataOf(db, request.query.id, recordIds(request.query.formId, true), accessFor(request, request.query.menuId));
    const pdf = await renderPdf(prints, template.full_name, request.language);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(`${template.full_name}.pdf`, 'attachment'))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(pdf);
  });
  app.post(`${BASE}/Actions/Import`, { ...can('btn_add') }, async (request) => {
    if (!request.isMultipart()) throw AppError.badRequest('upload.required');
    const part = await request.file({ limits: { fileSize: printDev.PRINT_IMPORT_LIMIT_BYTES, files: 1 }, throwFileSizeLimit: false });
    if (!part) throw AppError.badRequest('upload.required');
    const content = await part.toBuffer();
    if (part.file.truncated) throw new AppError(ResultCode.payloadTooLarge, 'upload.tooLarge', { limit: fileSize(printDev.PRINT_IMPORT_LIMIT_BYTES) });
    if (!/\.json$/i.test(part.filename)) throw AppError.badRequest('printDev.importBadFile');
    const typeField = (part.fields as Record<string, { value?: unknown } | undefined>).type;
    const type = typeField?.value === '0' ? 0 : 1;
    return ok({ id: await printDev.importPrintDev(db, content, request.session!.userId, type) }, request.t('common.created'));
  });
  app.post<{ Params: { id: string } }>(`${BASE}/:id/Actions/Copy`, { schema: { params: idParams }, ...can('btn_add') }, async (request) => ok({ id: await printDev.copyPrintDev(db, request.params.id, request.session!.userId) }, request.t('common.created')));
  app.get<{ Params: { id: string } }>(`${BASE}/:id/Actions/Export`, { schema: { params: idParams }, ...can('btn_export') }, async (request) => {
    const file = await printDev.exportPrintDev(db, request.params.id);
    const stored = await storeFile(db, { fileName: file.fileName, contentType: 'application/json', content: file.content, userId: request.session!.userId });
    return ok({ url: stored.url, name: stored.name });
  });

  // The print log (spec 001 §3, §7): written after the browser printed; read per template on the 打印模板 page.
  app.post<{ Body: PrintLogInput }>(
    '/api/system/printLog/save',
    { schema: { body: { type: 'object', properties: { printTitle: { type: ['string', 'null'], maxLength: 400 }, printNum: { type: ['integer', 'string', 'null'] }, printId: ID, formId: { type: ['string', 'null'], maxLength: 5200 } } } } },
    async (request) => ok({ id: await savePrintLog(db, request.body, request.session!.userId) }, request.t('common.created')),
  );
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/api/system/printLog/:id',
    { schema: { params: idParams, querystring: { type: 'object', properties: { ...listQueryProperties } } }, ...opens },
    async (request) => ok(await listPrintLogs(db, request.params.id, request.query)),
  );
}
