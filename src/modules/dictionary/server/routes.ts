import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { buttonsOf, holdsButton } from '../../../kernel/server/plugins/permission.js';
import { idParams, namedRecordProperties } from '../../../kernel/server/crud/requestSchemas.js';
import * as dictionary from './service.js';
import { exportCategory, importCategory } from './transfer.js';
import { storeFile } from '../../file/server/public.js';
import { AppError } from '../../../kernel/server/appError.js';
import { ResultCode } from '../../../shared/envelope.js';
import { fileSize } from '../../../shared/format/sizes.js';
import { DICTIONARY_IMPORT_LIMIT_BYTES } from '../../../kernel/server/uploadLimits.js';


/**
 * The dictionary calls of spec 001 §7. Reading is open to every signed-in user (form widgets read dictionaries);
 * writing needs the dictionary menu's buttons: btn_add, btn_edit, btn_remove.
 */
export const DICTIONARY_MENU = 'systemData.dictionary';
const can = buttonsOf(DICTIONARY_MENU);
const id = idParams;
const typeBody = {
  type: 'object',
  required: ['fullName', 'enCode'],
  properties: {
    ...namedRecordProperties,
    parentId: { type: 'string', maxLength: 50 },
    isTree: { type: 'integer', enum: [0, 1] },
  },
} as const;
const dataBody = {
  type: 'object',
  required: ['dictionaryTypeId', 'parentId', 'fullName', 'enCode'],
  properties: {
    ...namedRecordProperties,
    dictionaryTypeId: { type: 'string', maxLength: 50 },
    parentId: { type: 'string', maxLength: 50 },
  },
} as const;

export async function dictionaryRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  const { db } = ctx;

  app.get('/api/system/DictionaryType', async () => ok({ list: await dictionary.typeTree(db) }));
  app.get<{ Params: { id: string } }>('/api/system/DictionaryType/Selector/:id', { schema: { params: id } }, async (request) => ok({ list: await dictionary.typeSelector(db, request.params.id) }));
  app.get<{ Params: { id: string } }>('/api/system/DictionaryType/:id', { schema: { params: id } }, async (request) => ok(await dictionary.getType(db, request.params.id)));
  app.post<{ Body: dictionary.DictionaryTypeInput }>('/api/system/DictionaryType', { schema: { body: typeBody }, ...can('btn_add') }, async (request) => ok({ id: await dictionary.createType(db, request.body) }, request.t('common.created')));
  app.put<{ Params: { id: string }; Body: dictionary.DictionaryTypeInput }>('/api/system/DictionaryType/:id', { schema: { params: id, body: typeBody }, ...can('btn_edit') }, async (request) => {
    await dictionary.updateType(db, request.params.id, request.body);
    return ok(null, request.t('common.updated'));
  });
  app.delete<{ Params: { id: string } }>('/api/system/DictionaryType/:id', { schema: { params: id }, ...can('btn_remove') }, async (request) => {
    await dictionary.deleteType(db, request.params.id);
    return ok(null, request.t('common.deleted'));
  });

  app.get('/api/system/DictionaryData/All', async () => ok({ list: await dictionary.allDictionaries(db) }));
  app.get<{ Params: { id: string } }>('/api/system/DictionaryData/:id/Data/Selector', { schema: { params: id } }, async (request) => ok({ list: await dictionary.widgetOptions(db, request.params.id) }));
  app.get<{ Params: { id: string; parentId: string } }>('/api/system/DictionaryData/:id/Selector/:parentId', async (request) => ok({ list: await dictionary.dataParentSelector(db, request.params.id, request.params.parentId) }));
  app.get<{ Params: { id: string } }>('/api/system/DictionaryData/:id/Info', { schema: { params: id } }, async (request) => ok(await dictionary.dataInfo(db, request.params.id)));
  app.get<{ Params: { id: string }; Querystring: { keyword?: string; isTree?: number } }>(
    '/api/system/DictionaryData/:id',
    { schema: { params: id, querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 100 }, isTree: { type: 'integer', enum: [0, 1] } } } } },
    async (request) => ok({ list: await dictionary.dataList(db, request.params.id, request.query) }),
  );
  app.post<{ Body: dictionary.DictionaryDataInput }>('/api/system/DictionaryData', { schema: { body: dataBody }, ...can('btn_add') }, async (request) => ok({ id: await dictionary.createData(db, request.body) }, request.t('common.created')));
  app.put<{ Params: { id: string }; Body: dictionary.DictionaryDataInput }>('/api/system/DictionaryData/:id', { schema: { params: id, body: { ...dataBody, required: ['parentId', 'fullName', 'enCode'] } }, ...can('btn_edit') }, async (request) => {
    await dictionary.updateData(db, request.params.id, request.body);
    return ok(null, request.t('common.updated'));
  });
  app.delete<{ Params: { id: string } }>('/api/system/DictionaryData/:id', { schema: { params: id }, ...can('btn_remove') }, async (request) => {
    await dictionary.deleteData(db, request.params.id);
    return ok(null, request.t('common.deleted'));
  });
  // The spec writes Action/Export; JNPF 3.6 clients call Actions/Export.
  for (const path of ['/api/system/DictionaryData/:id/Action/Export', '/api/system/DictionaryData/:id/Actions/Export']) {
    app.get<{ Params: { id: string } }>(path, { schema: { params: id }, ...can('btn_export') }, async (request) => {
      const file = await exportCategory(db, request.params.id);
      const stored = await storeFile(db, { fileName: file.fileName, contentType: 'application/json', content: file.content, userId: request.session!.userId });
      return ok({ url: stored.url, name: stored.name });
    });
  }
  // ?overwrite=1 after the user said yes to 是否覆盖 (a 409 for a category whose code exists): that changes an existing
  // category, so it needs btn_edit as well as btn_add.
  app.post<{ Querystring: { overwrite?: string } }>('/api/system/DictionaryData/Action/Import', { schema: { querystring: { type: 'object', properties: { overwrite: { type: 'string', enum: ['0', '1'] } } } }, ...can('btn_add') }, async (request) => {
    const overwrite = request.query.overwrite === '1';
    if (overwrite && !(await holdsButton(app.grants, request, DICTIONARY_MENU, 'btn_edit'))) throw AppError.forbidden();
    if (!request.isMultipart()) throw AppError.badRequest('upload.required');
    // throwFileSizeLimit off: the truncated check below answers with this route's own limit.
    const part = await request.file({ limits: { fileSize: DICTIONARY_IMPORT_LIMIT_BYTES, files: 1 }, throwFileSizeLimit: false });
    if (!part) throw AppError.badRequest('upload.required');
    const content = await part.toBuffer();
    // The stream stops at the limit; a truncated file is refused rather than half-read.
    if (part.file.truncated) throw new AppError(ResultCode.payloadTooLarge, 'upload.tooLarge', { limit: fileSize(DICTIONARY_IMPORT_LIMIT_BYTES) });
    const imported = await importCategory(db, content, { overwrite });
    return ok(imported, request.t(imported.overwritten ? 'common.updated' : 'common.created'));
  });
  app.put<{ Params: { id: string } }>('/api/system/DictionaryData/:id/Actions/State', { schema: { params: id }, ...can('btn_edit') }, async (request) => ok({ enabledMark: await dictionary.toggleData(db, request.params.id) }, request.t('common.stateChanged')));
}
