import type { FormDefinition } from '../../../shared/form/definition.js';
import { request } from '../../../kernel/client/api/request.js';
import type { ColumnData } from './listDesigner/columnData.js';

/**
 * The design calls of /api/visualdev/Base (spec 001 §7, JNPF's paths and field names). formData, columnData and
 * tables travel as JSON strings, as JNPF stores them; they are read back either way.
 */
export interface DesignTable {
  table: string;
  /** '1' the main table, '0' a child table. */
  typeId: '1' | '0';
  relationField?: string;
  relationTable?: string;
  tableField?: string;
}

export interface DesignRecord {
  id?: string;
  fullName: string;
  enCode: string;
  category?: string;
  /** 1 form only, 2 form and list. */
  webType: 1 | 2;
  /** 1 online development (JNPF's type). */
  type: number;
  description?: string;
  formData?: unknown;
  columnData?: unknown;
  tables?: unknown;
  state?: number;
}

export interface DesignDraft {
  id?: string;
  fullName: string;
  enCode: string;
  category?: string;
  webType: 1 | 2;
  description?: string;
  formData: FormDefinition;
  columnData: ColumnData;
  tables: DesignTable[];
}

const base = '/visualdev/Base';

export const designApi = {
  /** The released designs under their categories (JNPF's VisualdevTreeVO), for a relation form's 关联功能. */
  releasedDesigns: async () => (await request<{ list: { id: string; fullName: string; children?: { id: string; fullName: string }[] }[] }>({ url: `${base}/Selector`, params: { isRelease: 1 }, silent: true })).data.list ?? [],
  /** A released design's main-table fields ({vModel, label}), for the relation-form attribute's 显示字段. */
  formDataFields: async (id: string) => (await request<{ list: { vModel: string; label: string }[] }>({ url: `${base}/${encodeURIComponent(id)}/FormDataFields`, params: { filterType: 0 }, silent: true })).data.list ?? [],
  info: async (id: string) => (await request<DesignRecord>({ url: `${base}/${encodeURIComponent(id)}` })).data,
  save: (draft: DesignDraft) => {
    const body = {
      ...(draft.id ? { id: draft.id } : {}),
      fullName: draft.fullName,
      enCode: draft.enCode,
      category: draft.category ?? '',
      webType: draft.webType,
      type: 1,
      description: draft.description ?? '',
      formData: JSON.stringify(draft.formData),
      columnData: draft.webType === 2 ? JSON.stringify(draft.columnData) : '',
      tables: JSON.stringify(draft.tables),
    };
    return draft.id ? request<string>({ url: `${base}/${encodeURIComponent(draft.id)}`, method: 'PUT', data: body }) : request<string>({ url: base, method: 'POST', data: body });
  },
  release: (id: string, pcModuleParentId: string) => request({ url: `${base}/${encodeURIComponent(id)}/Actions/Release`, method: 'POST', data: { pc: 1, app: 0, pcModuleParentId, appModuleParentId: '' } }),
};
