import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { BILL_DATE_FORMATS, billDatePart, billRuleExample, formatBillNumber } from '../../../shared/billNumber.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { BillRuleTable } from './tables.js';
import { defineEntity } from '../../../kernel/server/crud/defineEntity.js';
import { listQuery, PAGE_SIZE_MAX, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { namedRecordColumns, requiredText } from '../../../kernel/server/crud/namedRecord.js';
import { namedRecordProperties } from '../../../kernel/server/crud/requestSchemas.js';
import { entryCodeById } from '../../dictionary/server/public.js';

/**
 * Bill (numbering) rules, spec 001 §5 and §7. Numbers are issued by one UPDATE ... RETURNING on the rule's row,
 * so two callers can never get the same number and none is skipped, on PostgreSQL (row lock) as on PGlite.
 * When the date part changes (a new day for yyyyMMdd, month for yyyyMM, year for yyyy), the sequence starts
 * again from startNumber: the date part keeps numbers unique across periods (docs/decisions.md).
 */
type Db = Kysely<DB> | Transaction<DB>;

export interface BillRuleInput {
  fullName: string;
  enCode: string;
  category: string;
  prefix: string;
  dateFormat: string;
  digit: number | string;
  startNumber: string;
  sortCode?: number | string | null;
  enabledMark?: number;
  description?: string | null;
}

const view = (row: Selectable<BillRuleTable>, creatorUser: string | null = null) => {
  const rule = { prefix: row.prefix, dateFormat: row.date_format, digit: row.digit, startNumber: row.start_number };
  return {
    id: row.id,
    fullName: row.full_name,
    enCode: row.en_code,
    category: row.category,
    prefix: row.prefix,
    dateFormat: row.date_format,
    digit: row.digit,
    startNumber: row.start_number,
    outputNumber: row.current_date_part !== null ? formatBillNumber(rule, Number(row.current_number), new Date()) : '',
    example: billRuleExample(rule),
    sortCode: row.sort_code,
    enabledMark: row.enabled_mark,
    description: row.description,
    creatorTime: row.created_at,
    creatorUser,
    lastModifyTime: row.last_modify_time,
  };
};

/** The creators' names for a page of rules, in one query; a deleted creator shows no name. */
async function withCreators(db: Db, rows: Selectable<BillRuleTable>[]) {
  const ids = [...new Set(rows.map((r) => r.creator_user_id).filter((id): id is string => id !== null))];
  const users = ids.length ? await db.selectFrom('base_user').select(['id', 'real_name']).where('id', 'in', ids).execute() : [];
  const names = new Map(users.map((u) => [u.id, u.real_name]));
  return rows.map((row) => view(row, (row.creator_user_id && names.get(row.creator_user_id)) || null));
}

/** The 单据规则 page: its buttons guard the writes. */
export const BILL_RULE_MENU = 'system.billRule';

const billRuleBody = {
  type: 'object',
  required: ['fullName', 'enCode', 'category', 'prefix', 'dateFormat', 'digit', 'startNumber'],
  properties: {
    ...namedRecordProperties,
    category: { type: 'string', maxLength: 200 },
    prefix: { type: 'string', maxLength: 200 },
    dateFormat: { type: 'string', maxLength: 20 },
    digit: { type: ['integer', 'string'] },
    startNumber: { type: ['string', 'integer'], maxLength: 20 },
  },
} as const;

/** The dictionary bill categories come from; rules store an entry's code. */
export const BILL_CATEGORY_DICTIONARY = 'businessType';

/** JNPF clients choose a category by its dictionary entry id; ours by its code. Either way the code is kept. */
export async function billCategoryCode(db: Db, value: string): Promise<string> {
  return (await entryCodeById(db, BILL_CATEGORY_DICTIONARY, value)) ?? value;
}

export function validateBillRule(input: BillRuleInput) {
  const named = namedRecordColumns(input, {
    name: { required: 'billRule.nameRequired', tooLong: 'billRule.nameTooLong' },
    code: { required: 'billRule.codeRequired', tooLong: 'billRule.codeTooLong' },
  });
  const category = requiredText(input.category, { required: 'billRule.categoryRequired', tooLong: 'billRule.categoryRequired' });
  const prefix = requiredText(input.prefix, { required: 'billRule.prefixRequired', tooLong: 'billRule.prefixTooLong' });
  if (!BILL_DATE_FORMATS.includes(input.dateFormat as never)) throw AppError.badRequest('billRule.dateFormatRequired');
  const digit = String(input.digit ?? '');
  // digit: a single character 1-9 (spec 001 §5).
  if (!/^[1-9]$/.test(digit)) throw AppError.badRequest('billRule.digitInvalid');
  const startNumber = String(input.startNumber ?? '');
  if (!/^\d+$/.test(startNumber) || /^0+$/.test(startNumber)) throw AppError.badRequest('billRule.startNumberInvalid');
  if (startNumber.replace(/^0+/, '').length > Number(digit)) throw AppError.badRequest('billRule.startNumberTooLong');
  return {
    ...named,
    category,
    prefix,
    date_format: input.dateFormat,
    digit: Number(digit),
    // Stored padded to the width, as the form shows it.
    start_number: startNumber.replace(/^0+/, '').padStart(Number(digit), '0'),
  };
}

/** The rule list: keyword on name and code, the category filter, sortable by the list's columns. */
export const billRuleListSpec: ListSpec = {
  keywordColumns: ['full_name', 'en_code'],
  sortable: { fullName: 'full_name', enCode: 'en_code', category: 'category', sortCode: 'sort_code', creatorTime: 'created_at', lastModifyTime: 'last_modify_time', enabledMark: 'enabled_mark' },
  defaultOrder: [['sort_code', 'asc'], ['created_at', 'desc']],
  filters: { category: { column: 'category', searchType: 1 }, enabledMark: { column: 'enabled_mark', searchType: 1 } },
};

/**
 * /api/system/BillRule: the list, the record and the writes of the 单据规则 page. Every signed-in user reads rules
 * (a form's numbering widget and the template picker list them); managing them needs the page's buttons. Rules have
 * no organisation or owner, so the page's data scope does not narrow them. Codes are unique, names are not.
 */
export const billRules = defineEntity({
  table: 'base_bill_rule',
  path: '/api/system/BillRule',
  menu: BILL_RULE_MENU,
  list: billRuleListSpec,
  queryProperties: { category: { type: 'string', maxLength: 50 }, categoryId: { type: 'string', maxLength: 50 } },
  body: billRuleBody,
  messages: { notFound: 'billRule.notFound' },
  unique: { code: 'billRule.codeTaken' },
  scoped: false,
  // Its list never had column permissions; declaring it keeps the answer as it was.
  columnPermissions: false,
  reads: 'signedIn',
  stamps: ['creator', 'modifiedAt'],
  views: withCreators,
  columns: async (db, input: BillRuleInput) => {
    const values = validateBillRule(input);
    return { ...values, category: await billCategoryCode(db, values.category) };
  },
  // JNPF 3.6 clients filter by categoryId (a businessType entry id, or empty for all); ours by category (its code).
  listParams: async (db, params) => {
    const category = (params.category || params.categoryId) as string | undefined;
    return { ...params, category: category ? await billCategoryCode(db, category) : undefined };
  },
  // A changed start, width or date format restarts the sequence: the next number follows the new rule.
  beforeUpdate: async (_trx, current, values) =>
    current.start_number !== values.start_number || current.digit !== values.digit || current.date_format !== values.date_format ? { current_number: 0, current_date_part: null } : undefined,
});

/**
 * The template picker (spec 001 §2, the 模板 dialog): the enabled rules in their order, searched by name or code,
 * of one business category (categoryId: a businessType entry id or code; empty for all), a page at a time. JNPF 3.6
 * pages it; older clients ask with no page and get every enabled rule (one page of the largest size).
 */
export async function billRuleSelector(db: Db, params: ListParams = {}) {
  const category = typeof params.categoryId === 'string' && params.categoryId ? await billCategoryCode(db, params.categoryId) : undefined;
  const paged = params.currentPage !== undefined && params.currentPage !== '';
  const page = await listQuery(db.selectFrom('base_bill_rule').selectAll().where('enabled_mark', '=', 1), { ...params, category, ...(paged ? {} : { currentPage: 1, pageSize: PAGE_SIZE_MAX }) }, billRuleListSpec);
  return { list: page.list.map((row) => view(row)), pagination: page.pagination };
}

/** GET /api/system/BillRule/BillNumber/{code}: the next number, unique and consecutive under concurrency. */
export async function nextBillNumber(db: Kysely<DB>, code: string, now = new Date()): Promise<string> {
  const rule = await db.selectFrom('base_bill_rule').select(['date_format', 'enabled_mark']).where('en_code', '=', code).executeTakeFirst();
  if (!rule) throw new AppError(ResultCode.notFound, 'billRule.notFound');
  if (rule.enabled_mark !== 1) throw AppError.badRequest('billRule.disabled', { code });
  const datePart = billDatePart(rule.date_format, now);
  // One statement: the row lock orders concurrent callers, and each sees the number the previous one left.
  const row = await db
    .updateTable('base_bill_rule')
    .set((eb) => ({
      current_number: eb
        .case()
        .when(eb.or([eb('current_date_part', 'is', null), eb('current_date_part', '<>', datePart)]))
        .then(sql<number>`cast(start_number as bigint)`)
        .else(sql<number>`current_number + 1`)
        .end(),
      current_date_part: datePart,
    }))
    .where('en_code', '=', code)
    .where('enabled_mark', '=', 1)
    .returning(['current_number', 'prefix', 'date_format', 'digit', 'en_code'])
    .executeTakeFirst();
  if (!row) throw AppError.badRequest('billRule.disabled', { code });
  const sequence = Number(row.current_number);
  if (String(sequence).length > row.digit) throw AppError.badRequest('billRule.exhausted', { code });
  return formatBillNumber({ prefix: row.prefix, dateFormat: row.date_format, digit: row.digit }, sequence, now);
}
