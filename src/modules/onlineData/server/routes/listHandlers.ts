import type { FastifyRequest } from 'fastify';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { loadOnlineModel, type OnlineModel } from '../model.js';
import type { RecordListBody } from '../recordList.js';
import type { OnlineDataDeps } from './onlineDataDeps.js';
import type { FieldDataQuery, ModelParams, RecordParams } from './recordRequests.js';

/** Lists of a released design's records: its own page's list, a tree list's children, and relation reads of it. */
export function listHandlers({ db, access, relationAccess, shownList }: OnlineDataDeps) {
  /**
   * GET /api/visualdev/Base/{id}/FieldDataSelect (JNPF's relation-form page): the released records of another
   * design for a relation-form picker, under the same access as ListLink (relationAccess: that design's menu, or
   * the menu of a released design whose form points at it), the caller's data scope on it applied. columnOptions
   * (comma-separated field keys) are the picker's columns and, with relationField, where the keyword is looked
   * for (text fields only, as JNPF's queryType 0); the design's own sort, JNPF's paging.
   */
  async function listRelationChoices(request: FastifyRequest<{ Params: { id: string }; Querystring: FieldDataQuery }>) {
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
  }

  async function listPageRecords(request: FastifyRequest<ModelParams & { Body: RecordListBody }>) {
    const model = await loadOnlineModel(db, request.params.modelId);
    return ok(await shownList(request, model, request.body ?? {}, await access(request, model.designId)));
  }

  async function listLinkRecords(request: FastifyRequest<ModelParams & { Body: RecordListBody }>) {
    const model = await loadOnlineModel(db, request.params.modelId);
    return ok(await shownList(request, model, request.body ?? {}, await relationAccess(request, model.designId)));
  }

  // A tree list's children of one node (JNPF listTree): the rows whose parent field holds the node's id.
  async function listTreeChildren(request: FastifyRequest<RecordParams & { Body: RecordListBody }>) {
    const model = await loadOnlineModel(db, request.params.modelId);
    const grant = await access(request, model.designId);
    const parentField = typeof model.list.parentField === 'string' ? model.list.parentField : '';
    if (!model.plan.main.columns.some((c) => c.field === parentField)) return ok({ list: [], pagination: { currentPage: 1, pageSize: 0, total: 0 } });
    const scoped: OnlineModel = { ...model, list: { ...model.list, searchList: [{ __vModel__: parentField, searchType: 1 }] } };
    return ok(await shownList(request, scoped, { ...request.body, queryJson: { [parentField]: request.params.id } }, grant));
  }

  return { listRelationChoices, listPageRecords, listLinkRecords, listTreeChildren };
}
