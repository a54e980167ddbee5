import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { printFieldTree, unknownTemplateField, type PrintFieldNode } from '../../../shared/print/fields.js';
import { checkPrintTemplate, type PrintTemplate } from '../../../shared/print/template.js';
import { AppError } from '../../../kernel/server/appError.js';
import { defineEntity } from '../../../kernel/server/crud/defineEntity.js';
import type { ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { namedRecordColumns } from '../../../kernel/server/crud/namedRecord.js';
import { namedRecordProperties } from '../../../kernel/server/crud/requestSchemas.js';
import { withUniqueCode } from '../../../kernel/server/crud/uniqueCode.js';
import { newId } from '../../../kernel/server/db/id.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { designRow } from '../../visualdev/server/public.js';
import type { PrintDevTable } from './tables.js';

/**
 * Print templates (spec 001 §7 Print, JNPF's PrintDevController): named records (fullName, enCode, category, type,
 * sortCode, enabledMark, description) bound to a designed form (visualDevId) and holding a layout (printTemplate,
 * the JSON of src/shared/print/template.ts). Every save checks the layout and that each field it places exists on
 * the form, so a template can never print a field that is not there.
 */
type Db = Kysely<DB> | Transaction<DB>;

export interface PrintDevInput {
  fullName?: unknown;
  enCode?: unknown;
  category?: unknown;
  type?: unknown;
  visualDevId?: unknown;
  printTemplate?: unknown;
  sortCode?: unknown;
  enabledMark?: unknown;
  description?: unknown;
}

export const PRINT_TYPES = [1, 2] as const;
/** The dictionary categories come from (JNPF's printDev dictionary). */
export const PRINT_CATEGORY_DICTIONARY = 'printDev';

/** A design's fields as a template can place them; the design's saved (draft) form, which the editor shows. */
export async function designFieldTree(db: Db, visualDevId: string): Promise<{ fullName: string; fields: PrintFieldNode[] }> {
  const row = await designRow(db, visualDevId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === ResultCode.notFound) throw AppError.badRequest('printDev.formNotFound');
    throw error;
  });
  let definition: { fields?: unknown } | null = null;
  try {
    definition = row.form_data ? (JSON.parse(row.form_data) as { fields?: unknown }) : null;
  } catch {
    definition = null;
  }
  return { fullName: row.full_name, fields: printFieldTree(definition) };
}

export function parseTemplate(json: unknown): PrintTemplate {
  const checked = checkPrintTemplate(json);
  if ('problem' in checked) throw AppError.badRequest(checked.problem.key, checked.problem.box !== undefined ? { box: checked.problem.box } : { box: '?' });
  return checked.template;
}

async function checkedColumns(db: Db, input: PrintDevInput) {
  const named = namedRecordColumns(input, {
    name: { required: 'printDev.nameRequired', tooLong: 'printDev.nameTooLong' },
    code: { required: 'printDev.codeRequired', tooLong: 'printDev.codeTooLong' },
  });
  const type = input.type === undefined || input.type === null || input.type === '' ? 2 : Number(input.type);
  if (!PRINT_TYPES.includes(type as 1 | 2)) throw AppError.badRequest('printDev.typeInvalid');
  const visualDevId = typeof input.visualDevId === 'string' ? input.visualDevId.trim() : '';
  if (!visualDevId) throw AppError.badRequest('printDev.formRequired');
  const template = parseTemplate(input.printTemplate);
  const { fields } = await designFieldTree(db, visualDevId);
  const unknown = unknownTemplateField(template, fields);
  if (unknown) throw AppError.badRequest('printDev.unknownField', { field: unknown });
  return {
    ...named,
    category: typeof input.category === 'string' && input.category.trim() ? input.category.trim() : null,
    type,
    visual_dev_id: visualDevId,
    print_template: JSON.stringify(template),
  };
}

const view = (row: Selectable<PrintDevTable>, users: Map<string, string> = new Map()) => ({
  id: row.id,
  fullName: row.full_name,
  enCode: row.en_code,
  category: row.category,
  type: row.type,
  visualDevId: row.visual_dev_id,
  printTemplate: row.print_template,
  sortCode: row.sort_code,
  enabledMark: row.enabled_mark,
  description: row.description,
  creatorTime: row.created_at,
  creatorUser: (row.creator_user_id && users.get(row.creator_user_id)) || null,
  lastModifyTime: row.last_modify_time,
  lastModifyUser: (row.last_modify_user_id && users.get(row.last_modify_user_id)) || null,
});

/** JNPF's list shows realName/account of the creator and the last modifier. */
async function userNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('base_user').select(['id', 'real_name', 'account']).where('id', 'in', wanted).execute();
  return new Map(rows.map((u) => [u.id, `${u.real_name}/${u.account}`]));
}

export const printDevListSpec: ListSpec = {
  keywordColumns: ['full_name', 'en_code'],
  sortable: { fullName: 'full_name', enCode: 'en_code', sortCode: 'sort_code', creatorTime: 'created_at', lastModifyTime: 'last_modify_time', enabledMark: 'enabled_mark', type: 'type' },
  defaultOrder: [['sort_code', 'asc'], ['created_at', 'desc']],
  filters: { category: { column: 'category', searchType: 1 }, type: { column: 'type', searchType: 1 }, enabledMark: { column: 'enabled_mark', searchType: 1 }, visualDevId: { column: 'visual_dev_id', searchType: 1 } },
};

/** The 打印模板 page: opening it reads templates, its buttons guard the writes. */
export const PRINT_DEV_MENU = 'onlineDev.printDev';

const printDevBody = {
  type: 'object',
  properties: {
    ...namedRecordProperties,
    category: { type: ['string', 'null'], maxLength: 50 },
    type: { type: ['integer', 'string', 'null'] },
    visualDevId: { type: ['string', 'null'], maxLength: 50 },
    printTemplate: { type: ['string', 'null'] },
  },
} as const;

/**
 * /api/system/printDev: the list, the record and the writes of the 打印模板 page. Templates have no organisation
 * or owner a scheme would narrow by, so the page's data scope does not apply; codes are unique, names are not.
 */
export const printTemplates = defineEntity({
  table: 'base_print_dev',
  path: '/api/system/printDev',
  menu: PRINT_DEV_MENU,
  list: printDevListSpec,
  queryProperties: { category: { type: 'string', maxLength: 50 }, type: { type: 'string', enum: ['', '1', '2'] }, visualDevId: { type: 'string', maxLength: 50 } },
  body: printDevBody,
  messages: { notFound: 'printDev.notFound' },
  unique: { code: 'printDev.codeTaken' },
  scoped: false,
  // Its list never had column permissions; declaring it keeps the answer as it was.
  columnPermissions: false,
  stamps: ['creator', 'modifier', 'modifiedAt'],
  views: async (db, rows) => {
    const users = await userNames(db, rows.flatMap((r) => [r.creator_user_id, r.last_modify_user_id]));
    return rows.map((row) => view(row, users));
  },
  // The list does not carry the layouts: they can be large, and the editor reads one by id.
  listed: (template) => ({ ...template, printTemplate: undefined }),
  columns: (db, input: PrintDevInput) => checkedColumns(db, input),
});

export async function printDevRow(db: Db, id: string): Promise<Selectable<PrintDevTable>> {
  const row = await db.selectFrom('base_print_dev').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'printDev.notFound');
  return row;
}

const copySuffix = () => randomBytes(3).toString('hex').slice(0, 5);

/** JNPF's copy: name + .副本xxxxx, code + .xxxxx, disabled until someone turns it on. */
export async function copyPrintDev(db: Kysely<DB>, id: string, userId: string): Promise<string> {
  const row = await printDevRow(db, id);
  const suffix = copySuffix();
  const fullName = `${row.full_name}.副本${suffix}`;
  if ([...fullName].length > 50) throw AppError.badRequest('printDev.copyNameTooLong');
  const enCode = `${row.en_code}.${suffix}`.slice(-50);
  const newRow = { ...row, id: newId(), full_name: fullName, en_code: enCode, enabled_mark: 0, created_at: new Date(), creator_user_id: userId, last_modify_time: null, last_modify_user_id: null };
  await withUniqueCode('printDev.codeTaken', () => db.insertInto('base_print_dev').values(newRow).execute());
  return newRow.id;
}

/** Selector (the template chooser): enabled templates, optionally of one type, grouped under their category. */
export async function printDevSelector(db: Db, type: number | undefined, uncategorized: string) {
  let query = db.selectFrom('base_print_dev').select(['id', 'full_name', 'en_code', 'category', 'type', 'visual_dev_id', 'sort_code']).where('enabled_mark', '=', 1);
  if (type !== undefined) query = query.where('type', '=', type);
  const rows = await query.orderBy('sort_code').orderBy('full_name').execute();
  const groups = new Map<string, { id: string; fullName: string; parentId: string; hasChildren: boolean; children: unknown[] }>();
  for (const row of rows) {
    const category = row.category ?? '';
    const group = groups.get(category) ?? { id: category || 'uncategorized', fullName: category || uncategorized, parentId: '0', hasChildren: true, children: [] };
    group.children.push({ id: row.id, fullName: row.full_name, enCode: row.en_code, category: row.category, type: row.type, visualDevId: row.visual_dev_id, parentId: group.id, hasChildren: false });
    groups.set(category, group);
  }
  const names = await categoryNames(db, [...groups.keys()].filter(Boolean));
  return [...groups.values()].map((g) => ({ ...g, fullName: names.get(g.id) ?? g.fullName }));
}

async function categoryNames(db: Db, codes: string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await db
    .selectFrom('base_dictionary_data as d')
    .innerJoin('base_dictionary_type as t', 't.id', 'd.dictionary_type_id')
    .select(['d.en_code', 'd.full_name'])
    .where('t.en_code', '=', PRINT_CATEGORY_DICTIONARY)
    .where('d.en_code', 'in', codes)
    .execute();
  return new Map(rows.map((r) => [r.en_code, r.full_name]));
}

/** getListOptions: the enabled templates among ids, as {id, fullName} (the record viewer's chooser). */
export async function printDevOptions(db: Db, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db.selectFrom('base_print_dev').select(['id', 'full_name', 'en_code', 'visual_dev_id']).where('id', 'in', ids).where('enabled_mark', '=', 1).orderBy('sort_code').orderBy('full_name').execute();
  return rows.map((r) => ({ id: r.id, fullName: r.full_name, enCode: r.en_code, visualDevId: r.visual_dev_id }));
}

export const PRINT_EXPORT_FORMAT = 'labcode.printDev.v1';
export const PRINT_IMPORT_LIMIT_BYTES = 1024 * 1024;

export async function exportPrintDev(db: Db, id: string) {
  const row = await printDevRow(db, id);
  const file = {
    format: PRINT_EXPORT_FORMAT,
    fullName: row.full_name,
    enCode: row.en_code,
    category: row.category,
    type: row.type,
    visualDevId: row.visual_dev_id,
    printTemplate: row.print_template,
    sortCode: row.sort_code,
    description: row.description,
  };
  return { fileName: `${row.full_name}.json`, content: new TextEncoder().encode(JSON.stringify(file, null, 2)) };
}

/**
 * Import of an exported template (JNPF's Actions/Import, type 1 by default: a code or name already in use gets a
 * copy suffix; type 0 refuses). The file is checked like a save; the imported template starts disabled.
 */
export async function importPrintDev(db: Kysely<DB>, content: Buffer, userId: string, type: number): Promise<string> {
  let file: Record<string, unknown>;
  try {
    file = JSON.parse(content.toString('utf8')) as Record<string, unknown>;
  } catch {
    throw AppError.badRequest('printDev.importBadFile');
  }
  if (!file || typeof file !== 'object' || Array.isArray(file) || file.format !== PRINT_EXPORT_FORMAT || typeof file.fullName !== 'string' || typeof file.enCode !== 'string') {
    throw AppError.badRequest('printDev.importBadFile');
  }
  const input: PrintDevInput = { ...file, enabledMark: 0 };
  const taken = await db.selectFrom('base_print_dev').select('id').where((eb) => eb.or([eb(eb.fn('lower', ['en_code']), '=', String(file.enCode).toLowerCase()), eb('full_name', '=', String(file.fullName))])).executeTakeFirst();
  if (taken) {
    if (type === 0) throw new AppError(ResultCode.conflict, 'printDev.codeTaken');
    const suffix = copySuffix();
    input.fullName = `${file.fullName}.副本${suffix}`;
    input.enCode = `${file.enCode}${suffix}`;
  }
  return printTemplates.create(db, input, { userId });
}
