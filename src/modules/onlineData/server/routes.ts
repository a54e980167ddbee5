import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { shortLivedFiles } from '../../file/server/public.js';
import { importRoutes } from '../../../kernel/server/import/importRoutes.js';
import type { RunContext } from '../../dataInterface/server/public.js';
import { configHandlers } from './routes/configHandlers.js';
import { listHandlers } from './routes/listHandlers.js';
import { onlineDataDeps } from './routes/onlineDataDeps.js';
import { recordHandlers } from './routes/recordHandlers.js';
import { dataBody, dataChangeBody, fieldDataQuery, idsBody, listBody, params } from './routes/recordRequests.js';
import { transferHandlers } from './routes/transferHandlers.js';

/**
 * The runtime of released designs (spec 001 §7 Online data), at JNPF's paths under /api/visualdev/OnlineDev. The
 * menu is known only from the design id in the path, so permissions are checked by authorizeDesign
 * (plugins/dynamicPermission.ts) in each handler rather than by route config: the design's released menu, its
 * buttons (btn_add, btn_edit, btn_remove, btn_batchRemove, btn_download, btn_upload), its column and form
 * permissions and its data schemes.
 */
const BASE = '/api/visualdev/OnlineDev';

export async function onlineDataRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; run: RunContext }): Promise<void> {
  const { db } = ctx;
  const deps = onlineDataDeps(app, db, ctx.run);
  const { readPageConfig } = configHandlers(deps);
  const { listRelationChoices, listPageRecords, listLinkRecords, listTreeChildren } = listHandlers(deps);
  const { addRecord, editRecord, readRecordForForm, readRecordWithLabels, readBodyRecordWithLabels, removeRecord, removeRecords } = recordHandlers(deps);
  const { exportRecords, importPermission, importSpec, downloadTemplate } = transferHandlers(deps);

  app.get('/api/visualdev/Base/:id/FieldDataSelect', { schema: { params: params('id'), querystring: fieldDataQuery } }, listRelationChoices);
  app.get(`${BASE}/:modelId/Config`, { schema: { params: params('modelId') } }, readPageConfig);
  app.post(`${BASE}/:modelId/List`, { schema: { params: params('modelId'), body: listBody } }, listPageRecords);
  app.post(`${BASE}/:modelId/ListLink`, { schema: { params: params('modelId'), body: listBody } }, listLinkRecords);
  app.post(`${BASE}/:modelId/List/:id`, { schema: { params: params('modelId', 'id'), body: listBody } }, listTreeChildren);
  app.post(`${BASE}/:modelId`, { schema: { params: params('modelId'), body: dataBody } }, addRecord);
  app.put(`${BASE}/:modelId/:id`, { schema: { params: params('modelId', 'id'), body: dataBody } }, editRecord);
  app.get(`${BASE}/:modelId/:id`, { schema: { params: params('modelId', 'id') } }, readRecordForForm);
  app.get(`${BASE}/:modelId/:id/DataChange`, { schema: { params: params('modelId', 'id') } }, readRecordWithLabels);
  // JNPF 5 asks for the same with the record id in the body.
  app.post(`${BASE}/:modelId/DataChange`, { schema: { params: params('modelId'), body: dataChangeBody } }, readBodyRecordWithLabels);
  app.delete(`${BASE}/:modelId/:id`, { schema: { params: params('modelId', 'id') } }, removeRecord);
  app.post(`${BASE}/batchDelete/:modelId`, { schema: { params: params('modelId'), body: idsBody } }, removeRecords);
  // JNPF 3 clients call Actions/Export, JNPF 5 clients Actions/ExportData: the same export of records.
  for (const path of ['Actions/Export', 'Actions/ExportData']) app.post(`${BASE}/:modelId/${path}`, { schema: { params: params('modelId'), body: listBody } }, exportRecords);
  // The import (spec 001 "Bulk import") at <base>/{modelId}: Uploader, TemplateDownload, ImportPreview, ImportData, ImportExceptionData.
  await importRoutes(app, { db, files: shortLivedFiles(db), base: `${BASE}/:modelId`, permission: importPermission, spec: importSpec });
  // The spec's name for the template download (JNPF's is TemplateDownload, above): the same workbook.
  app.get(`${BASE}/:modelId/Template`, { schema: { params: params('modelId') } }, downloadTemplate);
}
