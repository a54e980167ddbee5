import type { RecordListBody } from '../recordList.js';

/** What the online data calls accept: ids in the path, a list's paging, search and selection, a record's data. */
const ID = { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' } as const;
export const params = (...names: string[]) => ({ type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, ID])) }) as const;
export const listBody = {
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
export const dataBody = { type: 'object', required: ['data'], properties: { data: { type: ['string', 'object'] }, menuId: { type: 'string', maxLength: 50 } } } as const;
export const idsBody = { type: 'object', required: ['ids'], properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, items: ID } } } as const;
export const dataChangeBody = { type: 'object', required: ['id'], properties: { id: ID, menuId: { type: 'string', maxLength: 50 }, propsValue: { type: 'string', maxLength: 100 } } } as const;

export type ModelParams = { Params: { modelId: string } };
export type RecordParams = { Params: { modelId: string; id: string } };
export type DataBody = { Body: { data: unknown; menuId?: string } };
export type ExportBody = { Body: RecordListBody & { selectKey?: string[]; selectIds?: unknown[] } };
export interface FieldDataQuery {
  keyword?: string;
  relationField?: string;
  columnOptions?: string;
  currentPage?: string;
  pageSize?: string;
  queryType?: string;
}
export const fieldDataQuery = {
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
