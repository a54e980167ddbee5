import { canonicalJnpfKey } from '../../../shared/form/jnpfKeys.js';
import { BUILT_IN_STORED_VALUES } from '../../../shared/form/storedValues.js';
import { columnNodes, flattenFields } from '../../../shared/form/walkFields.js';
import { AppError } from '../../../kernel/server/appError.js';
import { tablePlan, type PlannedColumn, type TablePlan } from '../../onlineData/server/public.js';
import type { GeneratorDesign } from './design.js';
import { camelName, commentText, pascalName } from './names.js';

/**
 * Everything the file writers need, decided once from a design and the caller's options (JNPF's DownloadCodeForm:
 * module, modulePackageName, description, mainClassName). Every name here is already sanitised; labels and
 * titles are still raw text and go into code only as string literals.
 */
export interface GenerationOptions {
  /** The area (JNPF's module): the first segment of the API path and of the menu code. */
  module?: unknown;
  /** JNPF's modulePackageName: taken as the module folder's name when given. */
  modulePackageName?: unknown;
  /** JNPF's mainClassName: the API path's second segment. */
  mainClassName?: unknown;
  description?: unknown;
}

export interface SearchField {
  field: string;
  column: string;
  /** 1 equals, 2 contains, 3 within a range. */
  searchType: 1 | 2 | 3;
  /** text and numeric columns are listQuery's filters; jsonb and timestamptz ones the service's own. */
  type: PlannedColumn['type'];
  label: string;
}

export interface ListColumn {
  prop: string;
  label: string;
  width: number | null;
  align: string;
}

export interface GenerationModel {
  /** The module's folder and ServerModule name (camelCase). */
  moduleName: string;
  /** Pascal form, for types and the API path. */
  className: string;
  area: string;
  menu: string;
  /** Under /api, without it: `example/TestReceivable`. */
  apiPath: string;
  title: string;
  description: string;
  /** The screen's name under schemas/<moduleName>/: `<area>/<moduleName>`. */
  screen: string;
  messagePrefix: string;
  plan: TablePlan;
  design: GeneratorDesign;
  search: SearchField[];
  sortable: Record<string, string>;
  keywordColumns: string[];
  defaultSort: { column: string; direction: 'asc' | 'desc' };
  pageSize: number;
  listColumns: ListColumn[];
}

export const DEFAULT_AREA = 'example';

function searchTypeOf(raw: unknown, jnpfKey: string | undefined): 1 | 2 | 3 {
  const given = Number(raw);
  if (given === 1 || given === 2 || given === 3) return given;
  // JNPF's defaults where older designs say nothing: typed text is searched fuzzily, numbers and times by range.
  if (jnpfKey === 'comInput' || jnpfKey === 'textarea' || jnpfKey === 'billRule') return 2;
  if (jnpfKey === 'numInput' || jnpfKey === 'date' || jnpfKey === 'time' || jnpfKey === 'createTime' || jnpfKey === 'modifyTime') return 3;
  return 1;
}

function searchFields(design: GeneratorDesign, byField: Map<string, PlannedColumn>): SearchField[] {
  const result: SearchField[] = [];
  const seen = new Set<string>();
  for (const entry of design.columnData.searchList ?? []) {
    const field = entry?.__vModel__;
    if (typeof field !== 'string' || seen.has(field)) continue;
    const column = byField.get(field);
    if (!column) continue;
    seen.add(field);
    let searchType = searchTypeOf(entry.searchType, canonicalJnpfKey(typeof entry.__config__?.jnpfKey === 'string' ? entry.__config__.jnpfKey : column.jnpfKey));
    // Contains means text: a number or a time is matched exactly instead.
    if (searchType === 2 && (column.type === 'numeric' || column.type === 'timestamptz')) searchType = 1;
    result.push({ field, column: column.name, searchType, type: column.type, label: commentText(column.label) });
  }
  return result;
}

function listColumns(design: GeneratorDesign, byField: Map<string, PlannedColumn>): ListColumn[] {
  const columns: ListColumn[] = [];
  for (const entry of design.columnData.columnList ?? []) {
    const prop = entry?.prop;
    if (typeof prop !== 'string' || !byField.has(prop)) continue;
    columns.push({
      prop,
      label: typeof entry.label === 'string' && entry.label !== '' ? entry.label : prop,
      width: typeof entry.width === 'number' && Number.isFinite(entry.width) ? entry.width : null,
      align: entry.align === 'center' || entry.align === 'right' ? entry.align : 'left',
    });
  }
  if (columns.length > 0) return columns;
  // A design without a list shows its first fields (or, storing none, when its records were made).
  const fields = [...byField.values()].slice(0, 6).map((c) => ({ prop: c.field, label: c.label || c.field, width: null, align: 'left' }));
  return fields.length > 0 ? fields : [{ prop: 'creatorTime', label: '创建时间', width: null, align: 'left' }];
}

/**
 * Generated code knows the built-in widgets only: an integrator's widget has no stored shape the generated
 * service could check, so a design holding one is refused with its name rather than generated half right.
 */
function assertKnownWidgets(design: GeneratorDesign): void {
  const check = (nodes: ReturnType<typeof flattenFields>) => {
    for (const node of nodes) {
      if (node.role === 'layout') continue;
      if (!node.jnpfKey || !(node.jnpfKey in BUILT_IN_STORED_VALUES)) {
        throw AppError.badRequest('generator.unknownWidget', { widget: String(node.config.jnpfKey ?? '') || '?', field: String(node.field.__vModel__ ?? node.config.label ?? node.path) });
      }
      if (node.role === 'subTable') check(columnNodes(node));
    }
  };
  check(flattenFields(design.formData.fields));
}

export function buildModel(design: GeneratorDesign, options: GenerationOptions = {}): GenerationModel {
  assertKnownWidgets(design);
  const plan = tablePlan(design.record);
  const byField = new Map(plan.main.columns.map((c) => [c.field, c] as const));
  const area = camelName(options.module, DEFAULT_AREA);
  const moduleName = camelName(options.modulePackageName || design.enCode || plan.main.name.replace(/^vd_/, ''), 'generated');
  const className = pascalName(options.mainClassName || moduleName, 'Generated');
  const sortable: Record<string, string> = {};
  for (const column of plan.main.columns) if (column.type !== 'jsonb') sortable[column.field] = column.name;
  sortable.creatorTime = 'f_creator_time';
  const sidx = typeof design.columnData.defaultSidx === 'string' ? design.columnData.defaultSidx : '';
  const pageSize = Number(design.columnData.pageSize);
  return {
    moduleName,
    className,
    area,
    menu: `${area}.${moduleName}`,
    apiPath: `${area}/${className}`,
    title: design.fullName || moduleName,
    description: commentText(options.description || design.description || ''),
    screen: `${area}/${moduleName}`,
    messagePrefix: moduleName,
    plan,
    design,
    search: searchFields(design, byField),
    sortable,
    keywordColumns: plan.main.columns.filter((c) => c.type === 'text').slice(0, 5).map((c) => c.name),
    defaultSort: {
      column: sidx && Object.hasOwn(sortable, sidx) ? sortable[sidx] : 'f_creator_time',
      direction: String(design.columnData.sort).toLowerCase() === 'asc' ? 'asc' : 'desc',
    },
    pageSize: Number.isInteger(pageSize) && pageSize > 0 && pageSize <= 500 ? pageSize : 20,
    listColumns: listColumns(design, byField),
  };
}
