import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { AppError } from '../../../kernel/server/appError.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { buttonsOf, readsConfiguration } from '../../../kernel/server/plugins/permission.js';
import { enabledMarkFilter, idParams, listQueryProperties, namedRecordProperties } from '../../../kernel/server/crud/requestSchemas.js';
import { storeFile } from '../../file/server/public.js';
import { listCalls, recordCall } from './callLog.js';
import { runInterface, type RunContext, type RunOptions } from './runInterface.js';
import * as dataInterface from './service.js';

/**
 * The data-interface calls of spec 000 §7 and the relation calls of spec 001 §7 that go by interface id. Managing
 * interfaces needs the systemData.dataInterface page (and its buttons for writes); running one (options of a
 * select, a popup list, labels of stored ids) is open to every signed-in user, as in JNPF: forms everywhere
 * read them, and what an interface may reach is decided by whoever may write it. How an interface works (its SQL,
 * address, headers, parameters) is its editors' alone: the open lists answer others its picker view, and a failed
 * run tells them only that it failed.
 */
export const DATA_INTERFACE_MENU = 'systemData.dataInterface';
const can = buttonsOf(DATA_INTERFACE_MENU);
const page = { config: { permission: { menu: DATA_INTERFACE_MENU } } };
const BASE = '/api/system/DataInterface';
const id = idParams;
/** Failures whose message quotes the configuration: PostgreSQL's reason (parts of the SQL), the address's host. */
const CONFIGURATION_FAILURES = new Set(['dataInterface.sqlError', 'dataInterface.httpRefused']);

const nameValueList = {
  type: 'array',
  maxItems: 100,
  items: { type: 'object', properties: { field: { type: 'string', maxLength: 100 }, defaultValue: {} } },
} as const;

const body = {
  type: 'object',
  required: ['fullName', 'enCode', 'type'],
  properties: {
    ...namedRecordProperties,
    category: { type: ['string', 'null'], maxLength: 200 },
    type: { type: ['integer', 'string'], enum: [1, 2, 3, '1', '2', '3'] },
    action: { type: ['integer', 'string', 'null'] },
    hasPage: { type: ['integer', 'string', 'null'] },
    dataConfigJson: { type: ['string', 'null'], maxLength: 1_000_000 },
    staticData: { type: ['string', 'null'], maxLength: 1_000_000 },
    sql: { type: ['string', 'null'], maxLength: 100_000 },
    apiMethod: { type: ['string', 'integer', 'null'], maxLength: 10 },
    apiUrl: { type: ['string', 'null'], maxLength: 2000 },
    parameterList: { type: ['array', 'null'], maxItems: 100, items: { type: 'object' } },
    parameterJson: { type: ['string', 'null'], maxLength: 100_000 },
    fieldJson: { type: ['string', 'null'], maxLength: 100_000 },
  },
} as const;

const listQuery = {
  type: 'object',
  properties: { ...listQueryProperties, category: { type: 'string', maxLength: 50 }, categoryId: { type: 'string', maxLength: 50 }, type: { type: 'string', enum: ['', '1', '2', '3'] }, enabledMark: enabledMarkFilter },
} as const;

/** The body of the run calls: paramList always; the popup and relation calls add paging, keyword and fields. */
const runBody = {
  type: ['object', 'null'],
  properties: {
    paramList: nameValueList,
    keyword: { type: ['string', 'null'], maxLength: 100 },
    currentPage: { type: ['integer', 'string'], maxLength: 10, minimum: 1, maximum: 1_000_000 },
    pageSize: { type: ['integer', 'string'], maxLength: 10, minimum: 1, maximum: 10_000 },
    interfaceId: { type: ['string', 'null'], maxLength: 50 },
    propsValue: { type: ['string', 'null'], maxLength: 100 },
    relationField: { type: ['string', 'null'], maxLength: 100 },
    columnOptions: { type: ['string', 'null'], maxLength: 2000 },
    ids: { type: ['array', 'string', 'null'], maxItems: 1000, maxLength: 100_000 },
    tenantId: {},
  },
} as const;

interface RunBody {
  paramList?: RunOptions['paramList'];
  keyword?: string | null;
  currentPage?: number | string;
  pageSize?: number | string;
  propsValue?: string | null;
  relationField?: string | null;
  columnOptions?: string | null;
  ids?: unknown;
}

export async function dataInterfaceRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; run: RunContext }): Promise<void> {
  const { db } = ctx;

  /** Runs an enabled interface for the caller and writes the call to the log, answered or not. */
  async function run(request: FastifyRequest<{ Params: { id: string } }>, type: string, options: Omit<RunOptions, 'userId'>) {
    const record = await dataInterface.findDataInterface(db, request.params.id);
    if (record.enabled_mark !== 1) throw AppError.badRequest('dataInterface.disabled');
    const started = performance.now();
    const base = { interfaceId: record.id, userId: request.session!.userId, ip: request.ip, device: String(request.headers['user-agent'] ?? '') || null, type };
    try {
      const result = await runInterface(record, { ...options, userId: request.session!.userId }, ctx.run);
      await recordCall(db, { ...base, wasteMs: performance.now() - started }).catch((error) => request.log.warn({ err: error }, 'data interface log not written'));
      return result;
    } catch (error) {
      const reason = error instanceof AppError ? error.messageKey : 'error';
      await recordCall(db, { ...base, wasteMs: performance.now() - started, error: reason }).catch((logError) => request.log.warn({ err: logError }, 'data interface log not written'));
      if (CONFIGURATION_FAILURES.has(reason) && !(await readsConfiguration(request, DATA_INTERFACE_MENU))) throw AppError.badRequest('dataInterface.runFailed');
      throw error;
    }
  }

  app.get<{ Querystring: Record<string, unknown> }>(BASE, { schema: { querystring: listQuery }, ...page }, async (request) => ok(await dataInterface.listDataInterfaces(db, request.query)));
  // JNPF's getList (workflow and designer pickers): enabled interfaces only, paged; whole only to their editors.
  app.get<{ Querystring: Record<string, unknown> }>(`${BASE}/getList`, { schema: { querystring: listQuery } }, async (request) =>
    ok(await dataInterface.listDataInterfaces(db, request.query, { onlyEnabled: true, asPicker: !(await readsConfiguration(request, DATA_INTERFACE_MENU)) })),
  );
  app.get(`${BASE}/Selector`, async () => ok(await dataInterface.dataInterfaceSelector(db)));
  /**
   * The data-source picker of JNPF's designers and interface form (DbLinkController's Selector): LabCode connects
   * to no database but its own, which JNPF calls the default database (id "0"), offered when no type is asked.
   */
  app.get<{ Querystring: { type?: string } }>('/api/system/DataSource/Selector', { schema: { querystring: { type: 'object', properties: { type: { type: 'string', maxLength: 50 } } } } }, async (request) =>
    ok({ list: request.query.type === undefined ? [{ fullName: '', children: [{ id: '0', fullName: request.t('dataInterface.defaultDatabase'), dbType: 'PostgreSQL' }] }] : [] }),
  );
  app.get<{ Params: { id: string } }>(`${BASE}/GetParam/:id`, { schema: { params: id }, ...page }, async (request) => ok(await dataInterface.dataInterfaceParams(db, request.params.id)));
  app.get<{ Params: { id: string } }>(`${BASE}/:id`, { schema: { params: id }, ...page }, async (request) => ok(await dataInterface.getDataInterface(db, request.params.id)));
  app.post<{ Body: dataInterface.DataInterfaceInput }>(BASE, { schema: { body }, ...can('btn_add') }, async (request) =>
    ok({ id: await dataInterface.createDataInterface(db, request.body, request.session!.userId) }, request.t('common.created')),
  );
  app.put<{ Params: { id: string }; Body: dataInterface.DataInterfaceInput }>(`${BASE}/:id`, { schema: { params: id, body }, ...can('btn_edit') }, async (request) => {
    await dataInterface.updateDataInterface(db, request.params.id, request.body, request.session!.userId);
    return ok(null, request.t('common.updated'));
  });
  app.delete<{ Params: { id: string } }>(`${BASE}/:id`, { schema: { params: id }, ...can('btn_remove') }, async (request) => {
    await dataInterface.deleteDataInterface(db, request.params.id);
    return ok(null, request.t('common.deleted'));
  });
  app.put<{ Params: { id: string } }>(`${BASE}/:id/Actions/State`, { schema: { params: id }, ...can('btn_edit') }, async (request) =>
    ok({ enabledMark: await dataInterface.toggleDataInterface(db, request.params.id) }, request.t('common.stateChanged')),
  );
  app.post<{ Params: { id: string } }>(`${BASE}/:id/Actions/Copy`, { schema: { params: id }, ...can('btn_add') }, async (request) =>
    ok({ id: await dataInterface.copyDataInterface(db, request.params.id, request.session!.userId) }, request.t('common.created')),
  );
  // The spec writes Action/Export; JNPF's own clients call Actions/Export.
  for (const path of [`${BASE}/:id/Action/Export`, `${BASE}/:id/Actions/Export`]) {
    app.get<{ Params: { id: string } }>(path, { schema: { params: id }, ...can('btn_export') }, async (request) => {
      const { fileName, content } = await dataInterface.exportDataInterface(db, request.params.id);
      const stored = await storeFile(db, { fileName, contentType: 'application/json', content: new TextEncoder().encode(JSON.stringify(content, null, 2)), userId: request.session!.userId });
      return ok({ url: stored.url, name: stored.name });
    });
  }
  app.get<{ Params: { id: string }; Querystring: { keyword?: string; currentPage?: number; pageSize?: number } }>(
    '/api/system/DataInterfaceLog/:id',
    { schema: { params: id, querystring: { type: 'object', properties: listQueryProperties } }, ...page },
    async (request) => ok(await listCalls(db, request.params.id, request.query)),
  );

  // Preview: the administrator's test, and the dynamic options of selects (JNPF's getDataInterfaceRes): all rows.
  app.post<{ Params: { id: string }; Body: RunBody | null }>(`${BASE}/:id/Actions/Preview`, { schema: { params: id, body: runBody } }, async (request) => {
    const { list } = await run(request, 'preview', { paramList: request.body?.paramList });
    return ok(list, request.t('dataInterface.previewed'));
  });
  // The popup and relation list by interface id: a page, the keyword looked for in relationField and columnOptions.
  for (const path of [`${BASE}/:id/Action/List`, `${BASE}/:id/Actions/List`]) {
    app.post<{ Params: { id: string }; Body: RunBody | null }>(path, { schema: { params: id, body: runBody } }, async (request) => {
      const query = request.body ?? {};
      const paging = dataInterface.pageOf({ currentPage: Number(query.currentPage), pageSize: Number(query.pageSize) });
      const { list, total } = await run(request, 'list', {
        paramList: query.paramList,
        page: { currentPage: paging.currentPage, pageSize: Math.min(paging.pageSize, ctx.run.rowCap) },
        keyword: query.keyword ?? undefined,
        searchFields: dataInterface.searchFieldsOf(query.relationField ?? undefined, query.columnOptions ?? undefined),
      });
      return ok({ list, pagination: { ...paging, total } });
    });
  }
  // The relation echo: the rows whose value field (propsValue, id by default) holds the stored ids, whatever page they are on.
  for (const path of [`${BASE}/:id/Action/InfoByIds`, `${BASE}/:id/Actions/InfoByIds`]) {
    app.post<{ Params: { id: string }; Body: RunBody | null }>(path, { schema: { params: id, body: runBody } }, async (request) => {
      const query = request.body ?? {};
      const ids = dataInterface.idsOf(query.ids);
      if (ids.length === 0) return ok([]);
      const { list } = await run(request, 'infoByIds', { paramList: query.paramList, ids: { field: query.propsValue || 'id', values: ids } });
      return ok(list);
    });
  }
  // The fields of the answer's first row: what a designer offers as label and value fields.
  app.post<{ Params: { id: string }; Body: RunBody | null }>(`${BASE}/:id/Actions/GetFields`, { schema: { params: id, body: runBody } }, async (request) => {
    const { list } = await run(request, 'fields', { paramList: request.body?.paramList, page: { currentPage: 1, pageSize: 1 } });
    if (list.length === 0) throw AppError.badRequest('dataInterface.noRowsForFields');
    return ok(Object.keys(list[0]));
  });
}
