import type { FastifyRequest } from 'fastify';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { loadOnlineModel } from '../model.js';
import type { OnlineDataDeps } from './onlineDataDeps.js';
import type { ModelParams } from './recordRequests.js';

/** What a released page draws itself from: its form and list designs. */
export function configHandlers({ db, access }: OnlineDataDeps) {
  async function readPageConfig(request: FastifyRequest<ModelParams>) {
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
  }

  return { readPageConfig };
}
