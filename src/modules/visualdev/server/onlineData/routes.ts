import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../../shared/envelope.js';
import type { FieldDefinition } from '../../../../shared/form/definition.js';
import { AppError } from '../../../../kernel/server/appError.js';
import type { DB } from '../../../../kernel/server/db/schema.js';
import { shortLivedFiles } from '../../../file/server/public.js';
import { importRoutes } from '../../../../kernel/server/import/importRoutes.js';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { authorizeDesign, designMenus, type DesignAccess } from '../../../../kernel/server/plugins/dynamicPermission.js';
import { opensMenu } from '../../../../kernel/server/plugins/permission.js';
import { stripColumns, stripFormFields } from '../../../../kernel/server/plugins/fieldPermissions.js';
import type { RunContext } from '../../../dataInterface/server/public.js';
import { interfaceRowsByIds } from '../../../dataInterface/server/public.js';
import { withDisplayValues, type LabelReaders, type RelationReader } from './displayValues.js';
import { loadOnlineModel, type OnlineModel } from './model.js';
import { listRecords, type RecordListBody } from './recordList.js';
import { assertReachable, authorOf, deleteRecords, insertRecord, reachableIds, readRecord, updateRecord } from './records.js';
import { recordChanging, recordCreated } from './recordHooks.js';
import { checkSubmission, submittedValues } from './submission.js';
import { exportColumns, exportWorkbook, importSpecOf, templateWorkbook } from './transfer.js';

/**
 * The runtime of released designs (spec 001 §7 Online data), at JNPF's paths under /api/visualdev/OnlineDev. The
 * menu is known only from the design id in the path, so permissions are checked by authorizeDesign
 * (plugins/dynamicPermission.ts) in each handler rather than by route config: the design's released menu, its
 * buttons (btn_add, btn_edit, btn_remove, btn_batchRemove, btn_download, btn_upload), its column and form
 * permissions and its data schemes.
 */
const BASE = '/api/visualdev/OnlineDev';
const ID = { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' } as const;
const params = (...names: string[]) => ({ type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, ID])) }) as const;
const listBody = {
  type: 'object',
  properties: {
    currentPage: { type: ['integer', 'string'] },
    pageSize: { type: ['integer', 'string'] },
    sidx: { type: 'string', maxLength: 100 },
    sort: { type: 'string', maxLength: 10 },
    keyword: { type: 'string', maxLength: 200 },
    queryJson: { type: ['string', 'object'], maxLength: 20_000 },
    superQueryJson: { type: ['string', 'object', 'null'], maxLength: 20_000 },
    dataType: { type: ['string', 'integer'] },
    menuId: { type: 'string', maxLength: 50 },
    selectKey: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 100 } },
    selectIds: { type: 'array', maxItems: 10_000, items: { type: ['string', 'number'] } },
  },
} as const;
const dataBody = { type: 'object', required: ['data'], properties: { data: { type: ['string', 'object'] }, menuId: { type: 'string', maxLength: 50 } } } as const;
const idsBody = { type: 'object', required: ['ids'], properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, items: ID } } } as const;

type ModelParams = { Params: { modelId: string } };
interface FieldDataQuery {
  keyword?: string;
  relationField?: string;
  columnOptions?: string;
  currentPage?: string;
  pageSize?: string;
  queryType?: string;
}
const fieldDataQuery = {
  type: 'object',
  properties: {
    keyword: { type: 'string', maxLength: 200 },
    relationField: { type: 'string', maxLength: 100 },
    columnOptions: { type: 'string', maxLength: 2000 },
    currentPage: { type: 'string', maxLength: 10 },
    pageSize: { type: 'string', maxLength: 10 },
    queryType: { type: 'string', maxLength: 2 },
    menuId: { type: 'string', maxLength: 50 },
  },
} as const;
type RecordParams = { Params: { modelId: string; id: string } };

const menuIdOf = (request: FastifyRequest) => {
  const body = request.body as { menuId?: unknown } | undefined;
  const query = request.query as { menuId?: unknown } | undefined;
  return body?.menuId ?? query?.menuId;
};

export async function onlineDataRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; run: RunContext }): Promise<void> {
  const { db } = ctx;
  const access = (request: FastifyRequest, modelId: string, button?: string | readonly string[]) => authorizeDesign(app, db, request, modelId, { button, menuId: menuIdOf(request) });

  /**
   * Relation-form and popup reads of another design's records (spec 001 §7 "Relation and popup data"): allowed to
   * whoever opens that design's menu, or the menu of a released design whose form points at it by modelId.
   */
  const relationAccess = async (request: FastifyRequest, modelId: string): Promise<DesignAccess> => {
    try {
      return await access(request, modelId);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== ResultCode.forbidden) throw error;
      const referring = await db.selectFrom('base_visualdev_online_model').select('design_id').where('form_data', 'like', `%${modelId}%`).execute();
      for (const { design_id } of referring) {
        for (const menu of await designMenus(db, design_id)) {
          // The referring menu's data scope, resolved by this app's grants as the list's is: without the resolver
          // the process default (everything) would apply and a relation picker would show what the list hides.
          if (await opensMenu(app.grants, request, menu.enCode)) {
            return { dataScope: { userId: request.session!.userId, isAdministrator: false, menu: menu.enCode, resolver: (scope) => app.grants.dataScope(scope) } };
          }
        }
      }
      throw error;
    }
  };

  const relationReader: RelationReader = async (field: FieldDefinition, ids: string[]) => {
    const modelId = typeof field.modelId === 'string' ? field.modelId : '';
    const relationField = typeof field.relationField === 'string' ? field.relationField : '';
    if (!modelId || !relationField || ids.length === 0) return new Map();
    const other = await loadOnlineModel(db, modelId).catch(() => undefined);
    const column = other?.plan.main.columns.find((c) => c.field === relationField);
    if (!other || !column) return new Map();
    const rows = await (db as unknown as Kysely<any>).selectFrom(other.plan.main.name).select(['id', column.name]).where('id', 'in', [...new Set(ids)]).execute();
    return new Map(rows.map((r: Record<string, unknown>) => [String(r.id), String(r[column.name] ?? '')]));
  };

  // Data interfaces run as the caller ({@user} in their SQL and HTTP templates), as the picker's own calls do.
  const readersFor = (request: FastifyRequest): LabelReaders => ({
    relation: relationReader,
    interfaceRows: (call) => interfaceRowsByIds(db, ctx.run, { ...call, paramList: call.paramList, userId: request.session!.userId }),
  });

  const shownList = async (request: FastifyRequest, model: OnlineModel, body: RecordListBody, grant: DesignAccess) => {
    const result = await listRecords(db, model, body, grant.dataScope);
    await withDisplayValues(db, model, result.list, readersFor(request));
    if (grant.hiddenColumns) stripColumns(result, new Set([...grant.hiddenColumns].flatMap((c) => [c, `${c}_id`])));
    return result;
  };

  /**
   * GET /api/visualdev/Base/{id}/FieldDataSelect (JNPF's relation-form page): the released records of another
   * design for a relation-form picker, under the same access as ListLink (relationAccess: that design's menu, or
   * the menu of a released design whose form points at it), the caller's data scope on it applied. columnOptions
   * (comma-separated field keys) are the picker's columns and, with relationField, where the keyword is looked
   * for (text fields only, as JNPF's queryType 0); the design's own sort, JNPF's paging.
   */
  app.get<{ Params: { id: string }; Querystring: FieldDataQuery }>(
    '/api/visualdev/Base/:id/FieldDataSelect',
    { schema: { params: params('id'), querystring: fieldDataQuery } },
    async (request) => {
      const model = await loadOnlineModel(db, request.params.id);
      const grant = await relationAccess(request, model.designId);
      const query = request.query;
      const named = [query.relationField ?? '', ...(query.columnOptions ?? '').split(',')].map((f) => f.trim()).filter(Boolean);
      const known = new Set(model.plan.main.columns.map((c) => c.field));
      const searched = [...new Set(named.filter((f) => known.has(f)))];
      // The picker's fields are the keyword fields of this read (none named: the list's columns, as the list's own
      // keyword does); the design's own search fields do not apply.
      const picking: OnlineModel = { ...model, list: { ...model.list, searchList: searched.map((field) => ({ __vModel__: field, isKeyword: true })) } };
      const keyword = (query.keyword ?? '').trim();
      return ok(await shownList(request, picking, { currentPage: query.currentPage, pageSize: query.pageSize, keyword }, grant));
    },
  );

  app.get<ModelParams>(`${BASE}/:modelId/Config`, { schema: { params: params('modelId') } }, async (request) => {
    const model = await loadOnlineModel(db, request.params.modelId);
    await access(request, model.designId);
    return ok({
      id: model.designId,
      fullName: model.fullName,
      enCode: model.enCode,
      type: 1,
      webType: model.webType ?? 2,
      formData: model.formData,
      columnData: model.columnData,
      appColumnData: model.appColumnData,
      // Flows are not built: JNPF's flow fields answer empty, so clients show the plain form.
      flowEnCode: null,
      flowId: null,
      enableFlow: 0,
    });
  });

  app.post<ModelParams & { Body: RecordListBody }>(`${BASE}/:modelId/List`, { schema: { params: params('modelId'), body: listBody } }, async (request) => {
    const model = await loadOnlineModel(db, request.params.modelId);
    return ok(await shownList(request, model, request.body ?? {}, await access(request, model.designId)));
  });

  app.post<ModelParams & { Body: RecordListBody }>(`${BASE}/:modelId/ListLink`, { schema: { params: params('modelId'), body: listBody } }, async (request) => {
    const model = await loadOnlineModel(db, request.params.modelId);
    return ok(await shownList(request, model, request.body ?? {}, await relationAccess(request, model.designId)));
  });

  // A tree list's children of one node (JNPF listTree): the rows whose parent field holds the node's id.
  app.post<RecordParams & { Body: RecordListBody }>(`${BASE}/:modelId/List/:id`, { schema: { params: params('modelId', 'id'), body: listBody } }, async (request) => {
    const model = await loadOnlineModel(db, request.params.modelId);
    const grant = await access(request, model.designId);
    const parentField = typeof model.list.parentField === 'string' ? model.list.parentField : '';
    if (!model.plan.main.columns.some((c) => c.field === parentField)) return ok({ list: [], pagination: { currentPage: 1, pageSize: 0, total: 0 } });
    const scoped: OnlineModel = { ...model, list: { ...model.list, searchList: [{ __vModel__: parentField, searchType: 1 }] } };
    return ok(await shownList(request, scoped, { ...request.body, queryJson: { [parentField]: request.params.id } }, grant));
  });

  app.post<ModelParams & { Body: { data: unknown; menuId?: string } }>(`${BASE}/:modelId`, { schema: { params: params('modelId'), body: dataBody } }, async (request) => {
    const model = await loadOnlineModel(db, request.params.modelId);
    const grant = await access(request, model.designId, 'btn_add');
    const values = checkSubmission(model.definition, submittedValues(request.body), { language: request.language, hiddenFields: grant.hiddenFields });
    const id = await db.transaction().execute(async (trx) => {
      const created = await insertRecord(trx, model, values, await authorOf(trx, request.session!.userId));
      await recordCreated(trx, { designId: model.designId, recordId: created, userId: request.session!.userId, body: request.body });
      return created;
    });
    return ok({ id }, request.t('common.created'));
  });

  app.put<RecordParams & { Body: { data: unknown; menuId?: string } }>(`${BASE}/:modelId/:id`, { schema: { params: params('modelId', 'id'), body: dataBody } }, async (request) => {
    const model = await loadOnlineModel(db, request.params.modelId);
    const grant = await access(request, model.designId, 'btn_edit');
    const values = checkSubmission(model.definition, submittedValues(request.body), { language: request.language, hiddenFields: grant.hiddenFields });
    await db.transaction().execute(async (trx) => {
      await assertReachable(trx, model, request.params.id, grant.dataScope);
      await recordChanging(trx, { designId: model.designId, recordId: request.params.id, userId: request.session!.userId, change: 'update' });
      await updateRecord(trx, model, request.params.id, values, await authorOf(trx, request.session!.userId), grant.hiddenFields);
    });
    return ok(null, request.t('common.updated'));
  });

  const recordAnswer = async (request: FastifyRequest, modelId: string, id: string, display: boolean) => {
    const model = await loadOnlineModel(db, modelId);
    const grant = display ? await relationAccess(request, model.designId) : await access(request, model.designId);
    const record = await readRecord(db, model, id, grant.dataScope);
    if (display) await withDisplayValues(db, model, [record], readersFor(request));
    if (grant.hiddenFields) stripFormFields(record, grant.hiddenFields);
    return ok({ id, data: JSON.stringify(record) });
  };

  app.get<RecordParams>(`${BASE}/:modelId/:id`, { schema: { params: params('modelId', 'id') } }, async (request) => recordAnswer(request, request.params.modelId, request.params.id, false));
  app.get<RecordParams>(`${BASE}/:modelId/:id/DataChange`, { schema: { params: params('modelId', 'id') } }, async (request) => recordAnswer(request, request.params.modelId, request.params.id, true));
  // JNPF 5 asks for the same with the record id in the body.
  app.post<ModelParams & { Body: { id: string } }>(`${BASE}/:modelId/DataChange`, { schema: { params: params('modelId'), body: { type: 'object', required: ['id'], properties: { id: ID, menuId: { type: 'string', maxLength: 50 }, propsValue: { type: 'string', maxLength: 100 } } } } }, async (request) =>
    recordAnswer(request, request.params.modelId, request.body.id, true),
  );

  app.delete<RecordParams>(`${BASE}/:modelId/:id`, { schema: { params: params('modelId', 'id') } }, async (request) => {
    const model = await loadOnlineModel(db, request.params.modelId);
    const grant = await access(request, model.designId, ['btn_remove', 'btn_batchRemove']);
    await db.transaction().execute(async (trx) => {
      await assertReachable(trx, model, request.params.id, grant.dataScope);
      await recordChanging(trx, { designId: model.designId, recordId: request.params.id, userId: request.session!.userId, change: 'delete' });
      await deleteRecords(trx, model, [request.params.id]);
    });
    return ok(null, request.t('common.deleted'));
  });

  app.post<ModelParams & { Body: { ids: string[] } }>(`${BASE}/batchDelete/:modelId`, { schema: { params: params('modelId'), body: idsBody } }, async (request) => {
    const model = await loadOnlineModel(db, request.params.modelId);
    const grant = await access(request, model.designId, ['btn_batchRemove', 'btn_remove']);
    const ids = [...new Set(request.body.ids)];
    await db.transaction().execute(async (trx) => {
      // All or nothing: one id the caller cannot reach (or that is gone) refuses the whole batch.
      if ((await reachableIds(trx, model, ids, grant.dataScope)).length !== ids.length) throw new AppError(ResultCode.notFound, 'onlineData.recordNotFound');
      for (const id of ids) await recordChanging(trx, { designId: model.designId, recordId: id, userId: request.session!.userId, change: 'delete' });
      await deleteRecords(trx, model, ids);
    });
    return ok(null, request.t('common.deleted'));
  });

  const exportHandler = async (request: FastifyRequest<ModelParams & { Body: RecordListBody & { selectKey?: string[]; selectIds?: unknown[] } }>) => {
    const model = await loadOnlineModel(db, request.params.modelId);
    const grant = await access(request, model.designId, 'btn_download');
    const body = request.body ?? {};
    const dataType = String(body.dataType ?? '0');
    const { list } = await shownList(request, model, { ...body, dataType: dataType === '0' ? '0' : '1' }, grant);
    const selected = new Set((body.selectIds ?? []).map(String));
    const rows = dataType === '2' ? list.filter((r) => selected.has(String(r.id))) : list;
    const hidden = grant.hiddenColumns ?? new Set<string>();
    const columns = exportColumns(model, body.selectKey).filter((c) => !hidden.has(c.field));
    return ok(await exportWorkbook(db, model, rows, columns, request.session!.userId));
  };
  // JNPF 3 clients call Actions/Export, JNPF 5 clients Actions/ExportData: the same export of records.
  for (const path of ['Actions/Export', 'Actions/ExportData']) app.post(`${BASE}/:modelId/${path}`, { schema: { params: params('modelId'), body: listBody } }, exportHandler);

  // The import (spec 001 "Bulk import") at <base>/{modelId}: Uploader, TemplateDownload, ImportPreview, ImportData, ImportExceptionData.
  const importAccess = async (request: FastifyRequest) => {
    const modelId = (request.params as { modelId?: string }).modelId ?? '';
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(modelId)) throw new AppError(ResultCode.notFound, 'onlineData.notReleased');
    const model = await loadOnlineModel(db, modelId);
    const grant = await access(request, model.designId, 'btn_upload');
    return { model, grant };
  };
  await importRoutes(app, {
    db,
    files: shortLivedFiles(db),
    base: `${BASE}/:modelId`,
    permission: async (request) => ({ hiddenFields: (await importAccess(request)).grant.hiddenFields }),
    spec: async (request) => {
      const { model, grant } = await importAccess(request);
      return importSpecOf(model, request, grant.hiddenFields);
    },
  });
  // The spec's name for the template download (JNPF's is TemplateDownload, above): the same workbook.
  app.get<ModelParams>(`${BASE}/:modelId/Template`, { schema: { params: params('modelId') } }, async (request) => {
    const { model, grant } = await importAccess(request);
    return ok(await templateWorkbook(db, importSpecOf(model, request, grant.hiddenFields), request.session!.userId));
  });
}
