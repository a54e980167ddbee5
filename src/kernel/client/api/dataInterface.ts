import type { InterfaceParam } from '../../../../registry/interfaceSource.js';
import type { PopupPage, PopupQuery, PopupRow } from '../../../../registry/components/services.js';
import { request } from './request.js';

/**
 * The reads that go by data interface id or by online-development model id (spec 000 §7 "Data interface", spec
 * 001 §7 "Relation and popup data"), in JNPF's paths:
 * - options of a dynamic select: POST /api/system/DataInterface/{id}/Actions/Preview {paramList} → rows
 * - a popup's page: POST /api/system/DataInterface/{id}/Actions/List {keyword, currentPage, pageSize,
 *   relationField, columnOptions, paramList} → {list, pagination.total}
 * - labels of stored values: POST /api/system/DataInterface/{id}/Actions/InfoByIds {ids, propsValue,
 *   relationField, paramList} → rows
 * - a relation form's page: GET /api/visualdev/Base/{modelId}/FieldDataSelect (keyword, currentPage, pageSize,
 *   relationField, columnOptions) → {list, pagination.total}
 * - one related record: GET /api/visualdev/OnlineDev/{modelId}/{id}/DataChange → data.data (a JSON string)
 * Every call is silent: the widgets say in place what failed.
 */
const segment = (id: string) => encodeURIComponent(id);

const rowsOf = (data: unknown): PopupRow[] => {
  if (Array.isArray(data)) return data as PopupRow[];
  const list = (data as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as PopupRow[]) : [];
};
const pageOf = (data: unknown): PopupPage => {
  const total = Number((data as { pagination?: { total?: unknown } } | null)?.pagination?.total);
  const list = rowsOf(data);
  return { list, total: Number.isFinite(total) ? total : list.length };
};

export async function interfaceOptions(interfaceId: string, paramList: InterfaceParam[] = []): Promise<PopupRow[]> {
  const { data } = await request({ url: `/system/DataInterface/${segment(interfaceId)}/Actions/Preview`, method: 'POST', data: { paramList }, silent: true });
  return rowsOf(data);
}

export async function interfaceRows(interfaceId: string, query: PopupQuery): Promise<PopupPage> {
  const { data } = await request({ url: `/system/DataInterface/${segment(interfaceId)}/Actions/List`, method: 'POST', data: { interfaceId, paramList: [], ...query }, silent: true });
  return pageOf(data);
}

export async function interfaceRowsByIds(interfaceId: string, ids: string[], options: { propsValue: string; relationField?: string; paramList?: InterfaceParam[] }): Promise<PopupRow[]> {
  if (ids.length === 0) return [];
  const { data } = await request({ url: `/system/DataInterface/${segment(interfaceId)}/Actions/InfoByIds`, method: 'POST', data: { interfaceId, ids, paramList: [], ...options }, silent: true });
  return rowsOf(data);
}

export async function modelRows(modelId: string, query: PopupQuery): Promise<PopupPage> {
  const { paramList: _unused, ...params } = query;
  const { data } = await request({ url: `/visualdev/Base/${segment(modelId)}/FieldDataSelect`, params, silent: true });
  return pageOf(data);
}

export async function modelRecord(modelId: string, recordId: string): Promise<PopupRow | null> {
  const { data } = await request({ url: `/visualdev/OnlineDev/${segment(modelId)}/${segment(recordId)}/DataChange`, silent: true });
  const stored = (data as { data?: unknown } | null)?.data;
  if (typeof stored === 'string') {
    try {
      return { id: recordId, ...(JSON.parse(stored) as PopupRow) };
    } catch {
      return null;
    }
  }
  return stored && typeof stored === 'object' ? { id: recordId, ...(stored as PopupRow) } : null;
}

/** A declared parameter of an interface, as GET /api/system/DataInterface/GetParam/{id} answers it. */
export interface InterfaceParameterInfo {
  field: string;
  fieldName?: string;
  dataType?: string;
  required?: number;
  defaultValue?: string | null;
}

export async function interfaceParameters(interfaceId: string): Promise<InterfaceParameterInfo[]> {
  const { data } = await request({ url: `/system/DataInterface/GetParam/${segment(interfaceId)}`, silent: true });
  return Array.isArray(data) ? (data as InterfaceParameterInfo[]) : [];
}

/** The administrator's test: the same Preview call the forms use, so it is logged like theirs. */
export const previewInterface = interfaceOptions;
