import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { FieldDefinition } from '../../../../shared/form/definition.js';
import type { DB } from '../../../../kernel/server/db/schema.js';
import type { DesignAccess } from '../../../../kernel/server/plugins/dynamicPermission.js';
import { stripColumns } from '../../../../kernel/server/plugins/fieldPermissions.js';
import type { RunContext } from '../../../dataInterface/server/public.js';
import { interfaceRowsByIds } from '../../../dataInterface/server/public.js';
import { type LabelReaders, type RelationReader } from '../displayValues.js';
import { withShownValues } from '../attributes.js';
import { loadOnlineModel, type OnlineModel } from '../model.js';
import { listRecords, type RecordListBody } from '../recordList.js';

/** Records as the caller is shown them: with the labels of stored values, without the columns they may not see. */
export type ShownRecords = ReturnType<typeof shownRecords>;

export function shownRecords(db: Kysely<DB>, run: RunContext) {
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
    interfaceRows: (call) => interfaceRowsByIds(db, run, { ...call, paramList: call.paramList, userId: request.session!.userId }),
  });

  const shownList = async (request: FastifyRequest, model: OnlineModel, body: RecordListBody, grant: DesignAccess) => {
    const result = await listRecords(db, model, body, grant.dataScope);
    await withShownValues(db, model, result.list, readersFor(request));
    if (grant.hiddenColumns) stripColumns(result, new Set([...grant.hiddenColumns].flatMap((c) => [c, `${c}_id`])));
    return result;
  };

  return { readersFor, shownList };
}
