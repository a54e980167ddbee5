import type { FastifyRequest } from 'fastify';
import { ResultCode } from '../../../../shared/envelope.js';
import { AppError } from '../../../../kernel/server/appError.js';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { loadOnlineModel } from '../model.js';
import { exportColumns, exportWorkbook, importSpecOf, templateWorkbook } from '../transfer.js';
import type { OnlineDataDeps } from './onlineDataDeps.js';
import type { ExportBody, ModelParams } from './recordRequests.js';

/** A released design's records to and from workbooks: the export, and the import's permission, columns and template. */
export function transferHandlers({ db, access, relationAccess, shownList, readersFor }: OnlineDataDeps) {
  async function exportRecords(request: FastifyRequest<ModelParams & ExportBody>) {
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
  }

  const importAccess = async (request: FastifyRequest) => {
    const modelId = (request.params as { modelId?: string }).modelId ?? '';
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(modelId)) throw new AppError(ResultCode.notFound, 'onlineData.notReleased');
    const model = await loadOnlineModel(db, modelId);
    const grant = await access(request, model.designId, 'btn_upload');
    return { model, grant };
  };

  async function importPermission(request: FastifyRequest) {
    return { hiddenFields: (await importAccess(request)).grant.hiddenFields };
  }

  async function importSpec(request: FastifyRequest) {
    const { model, grant } = await importAccess(request);
    return importSpecOf(model, request, grant.hiddenFields, { readers: readersFor(request), relatedAccess: (modelId) => relationAccess(request, modelId) });
  }

  async function downloadTemplate(request: FastifyRequest<ModelParams>) {
    const { model, grant } = await importAccess(request);
    return ok(await templateWorkbook(db, importSpecOf(model, request, grant.hiddenFields), request.session!.userId));
  }

  return { exportRecords, importPermission, importSpec, downloadTemplate };
}
