import type { Kysely } from 'kysely';
import { AppError } from '../../../kernel/server/appError.js';
import { listQuery, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { requiredText } from '../../../kernel/server/crud/namedRecord.js';
import { newId } from '../../../kernel/server/db/id.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { printDevRow } from './service.js';

/** The print log (spec 001 §3: printTitle, printNum, printId), one row per print the browser made. */
export interface PrintLogInput {
  printTitle?: unknown;
  printNum?: unknown;
  printId?: unknown;
  formId?: unknown;
}

export const PRINT_NUM_MAX = 10_000;

export async function savePrintLog(db: Kysely<DB>, input: PrintLogInput, userId: string): Promise<string> {
  const printTitle = requiredText(input.printTitle, { required: 'printLog.titleRequired', tooLong: 'printLog.titleRequired' }, 200);
  const printNum = Number(input.printNum ?? 1);
  if (!Number.isInteger(printNum) || printNum < 1 || printNum > PRINT_NUM_MAX) throw AppError.badRequest('printLog.numInvalid');
  const template = await printDevRow(db, typeof input.printId === 'string' ? input.printId : '');
  const id = newId();
  const formId = typeof input.formId === 'string' && input.formId ? input.formId.slice(0, 50) : null;
  await db.insertInto('base_print_log').values({ id, print_id: template.id, print_title: printTitle, print_num: printNum, form_id: formId, creator_user_id: userId }).execute();
  return id;
}

const printLogListSpec: ListSpec = {
  keywordColumns: ['print_title'],
  sortable: { creatorTime: 'created_at', printNum: 'print_num' },
  defaultOrder: [['created_at', 'desc']],
};

/** One template's log, newest first, with who printed (realName/account). */
export async function listPrintLogs(db: Kysely<DB>, printId: string, query: ListParams) {
  const { list, pagination } = await listQuery(db.selectFrom('base_print_log').selectAll().where('print_id', '=', printId), query, printLogListSpec);
  const ids = [...new Set(list.map((r) => r.creator_user_id).filter((id): id is string => Boolean(id)))];
  const users = ids.length ? await db.selectFrom('base_user').select(['id', 'real_name', 'account']).where('id', 'in', ids).execute() : [];
  const names = new Map(users.map((u) => [u.id, `${u.real_name}/${u.account}`]));
  return {
    list: list.map((r) => ({ id: r.id, printId: r.print_id, printTitle: r.print_title, printNum: r.print_num, formId: r.form_id, creatorTime: r.created_at, creatorUser: (r.creator_user_id && names.get(r.creator_user_id)) || null })),
    pagination,
  };
}
