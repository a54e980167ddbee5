import type { Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import type { FormDefinition } from '../../../shared/form/definition.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { TablePlan } from './tablePlan.js';

/**
 * A released design as the runtime serves it: the snapshot its last release recorded (ensureDataTables), never the
 * design's draft, so editing a design changes nothing for its users until it is released again.
 */
export interface OnlineModel {
  designId: string;
  fullName: string;
  enCode: string;
  webType: number | null;
  formData: string;
  columnData: string | null;
  appColumnData: string | null;
  definition: FormDefinition;
  list: ListConfig;
  plan: TablePlan;
}

/** The parts of JNPF's columnData the runtime reads. */
export interface ListConfig {
  type?: number;
  searchList?: { __vModel__?: string; prop?: string; searchType?: number | string; isKeyword?: boolean; label?: string }[];
  columnList?: { prop?: string; __vModel__?: string; label?: string; sortable?: boolean; jnpfKey?: string }[];
  defaultSidx?: string;
  sort?: string;
  hasPage?: boolean;
  pageSize?: number;
  groupField?: string;
  parentField?: string;
  uploaderTemplateJson?: { selectKey?: string[] };
  [extra: string]: unknown;
}

const parse = (text: string | null): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export async function loadOnlineModel(db: Kysely<DB>, designId: string): Promise<OnlineModel> {
  const row = await db.selectFrom('base_visualdev_online_model').selectAll().where('design_id', '=', designId).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'onlineData.notReleased');
  const definition = parse(row.form_data) as FormDefinition | undefined;
  const list = parse(row.column_data);
  return {
    designId: row.design_id,
    fullName: row.full_name ?? row.en_code,
    enCode: row.en_code,
    webType: row.web_type,
    formData: row.form_data,
    columnData: row.column_data,
    appColumnData: row.app_column_data,
    definition: definition && Array.isArray(definition.fields) ? definition : { fields: [] },
    list: list && typeof list === 'object' && !Array.isArray(list) ? (list as ListConfig) : {},
    plan: JSON.parse(row.plan_json) as TablePlan,
  };
}
