import type { FastifyRequest } from 'fastify';
import { ResultCode } from '../../../../shared/envelope.js';
import { AppError } from '../../../../kernel/server/appError.js';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { stripFormFields } from '../../../../kernel/server/plugins/fieldPermissions.js';
import { withShownValues } from '../attributes.js';
import { loadOnlineModel } from '../model.js';
import { assertReachable, authorOf, deleteRecords, insertRecord, reachableIds, readRecord, updateRecord } from '../records.js';
import { recordChanging, recordCreated } from '../recordHooks.js';
import { checkSubmission, submittedValues } from '../submission.js';
import { checkReferences } from '../references.js';
import { withStoredAttributes } from '../attributes.js';
import type { OnlineDataDeps } from './onlineDataDeps.js';
import type { DataBody, ModelParams, RecordParams } from './recordRequests.js';

/** One record of a released design: added, edited, read for the form or with its labels, removed; or many removed. */
export function recordHandlers({ db, access, relationAccess, readersFor }: OnlineDataDeps) {
  async function addRecord(request: FastifyRequest<ModelParams & DataBody>) {
    const model = await loadOnlineModel(db, request.params.modelId);
    const grant = await access(request, model.designId, 'btn_add');
    const checked = checkSubmission(model.definition, submittedValues(request.body), { language: request.language, hiddenFields: grant.hiddenFields });
    await checkReferences(db, model.definition, checked, request.language);
    const values = await withStoredAttributes(db, model.definition, checked, readersFor(request), (modelId) => relationAccess(request, modelId));
    const id = await db.transaction().execute(async (trx) => {
      const created = await insertRecord(trx, model, values, await authorOf(trx, request.session!.userId));
      await recordCreated(trx, { designId: model.designId, recordId: created, userId: request.session!.userId, body: request.body });
      return created;
    });
    return ok({ id }, request.t('common.created'));
  }

  async function editRecord(request: FastifyRequest<RecordParams & DataBody>) {
    const model = await loadOnlineModel(db, request.params.modelId);
    const grant = await access(request, model.designId, 'btn_edit');
    const checked = checkSubmission(model.definition, submittedValues(request.body), { language: request.language, hiddenFields: grant.hiddenFields });
    await checkReferences(db, model.definition, checked, request.language);
    const values = await withStoredAttributes(db, model.definition, checked, readersFor(request), (modelId) => relationAccess(request, modelId));
    await db.transaction().execute(async (trx) => {
      await assertReachable(trx, model, request.params.id, grant.dataScope);
      await recordChanging(trx, { designId: model.designId, recordId: request.params.id, userId: request.session!.userId, change: 'update' });
      await updateRecord(trx, model, request.params.id, values, await authorOf(trx, request.session!.userId), grant.hiddenFields);
    });
    return ok(null, request.t('common.updated'));
  }

  const recordAnswer = async (request: FastifyRequest, modelId: string, id: string, display: boolean) => {
    const model = await loadOnlineModel(db, modelId);
    const grant = display ? await relationAccess(request, model.designId) : await access(request, model.designId);
    const record = await readRecord(db, model, id, grant.dataScope);
    if (display) await withShownValues(db, model, [record], readersFor(request));
    if (grant.hiddenFields) stripFormFields(record, grant.hiddenFields);
    return ok({ id, data: JSON.stringify(record) });
  };

  async function readRecordForForm(request: FastifyRequest<RecordParams>) {
    return recordAnswer(request, request.params.modelId, request.params.id, false);
  }

  async function readRecordWithLabels(request: FastifyRequest<RecordParams>) {
    return recordAnswer(request, request.params.modelId, request.params.id, true);
  }

  async function readBodyRecordWithLabels(request: FastifyRequest<ModelParams & { Body: { id: string } }>) {
    return recordAnswer(request, request.params.modelId, request.body.id, true);
  }

  async function removeRecord(request: FastifyRequest<RecordParams>) {
    const model = await loadOnlineModel(db, request.params.modelId);
    const grant = await access(request, model.designId, ['btn_remove', 'btn_batchRemove']);
    await db.transaction().execute(async (trx) => {
      await assertReachable(trx, model, request.params.id, grant.dataScope);
      await recordChanging(trx, { designId: model.designId, recordId: request.params.id, userId: request.session!.userId, change: 'delete' });
      await deleteRecords(trx, model, [request.params.id]);
    });
    return ok(null, request.t('common.deleted'));
  }

  async function removeRecords(request: FastifyRequest<ModelParams & { Body: { ids: string[] } }>) {
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
  }

  return { addRecord, editRecord, readRecordForForm, readRecordWithLabels, readBodyRecordWithLabels, removeRecord, removeRecords };
}
