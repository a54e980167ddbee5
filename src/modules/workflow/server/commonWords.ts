import { sql, type Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { FLOW_LIMITS } from '../../../shared/workflow/flowStatus.js';
import { SORT_CODE_MAX } from '../../../shared/constants.js';
import { AppError } from '../../../kernel/server/appError.js';
import { listQuery, type ListParams } from '../../../kernel/server/crud/listQuery.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';

/**
 * 审批常用语 (JNPF /api/system/CommonWords): the phrases an approver picks as a comment. System words (type 0) are
 * everybody's and are kept on the commonWords page by those holding its buttons; each user also keeps words of
 * their own (type 1) from the picker. A user reaches only system words they may manage and their own.
 */
export const WordsType = { system: 0, personal: 1 } as const;

export interface WordsInput {
  commonWordsText?: string;
  commonWordsType?: number | string;
  sortCode?: number | string | null;
  enabledMark?: number;
}

export interface WordsCaller {
  userId: string;
  /** Whether the caller manages system words (the commonWords page's buttons). */
  managesSystem: boolean;
}

function wordsValues(input: WordsInput) {
  const text = typeof input.commonWordsText === 'string' ? input.commonWordsText.trim() : '';
  if (!text) throw AppError.badRequest('workflow.wordsRequired');
  if (text.length > FLOW_LIMITS.commonWordsLength) throw AppError.badRequest('workflow.wordsTooLong');
  const sort = input.sortCode === undefined || input.sortCode === null || input.sortCode === '' ? 0 : Number(input.sortCode);
  if (!Number.isInteger(sort) || sort < 0 || sort > SORT_CODE_MAX) throw AppError.badRequest('workflow.sortInvalid');
  return { common_words_text: text, sort_code: sort, enabled_mark: input.enabledMark === 0 ? 0 : 1 };
}

const typeOf = (value: unknown) => (Number(value) === WordsType.system ? WordsType.system : WordsType.personal);

function present(r: { id: string; common_words_text: string; common_words_type: number; sort_code: number; enabled_mark: number; created_at: Date }) {
  return { id: r.id, commonWordsText: r.common_words_text, commonWordsType: r.common_words_type, sortCode: r.sort_code, enabledMark: r.enabled_mark, creatorTime: new Date(r.created_at).getTime() };
}

/** The commonWords page: system words for those who manage them, otherwise the caller's own. */
export async function listWords(db: Kysely<DB>, caller: WordsCaller, params: ListParams) {
  let base = db.selectFrom('flow_common_words').selectAll();
  base = caller.managesSystem ? base.where('common_words_type', '=', WordsType.system) : base.where('common_words_type', '=', WordsType.personal).where('user_id', '=', caller.userId);
  const { list, pagination } = await listQuery(base, params, { keywordColumns: ['common_words_text'], sortable: { sortCode: 'sort_code', creatorTime: 'created_at' }, defaultOrder: [['sort_code', 'asc'], ['created_at', 'asc']] });
  return { list: list.map(present), pagination };
}

/** The picker: enabled system words, then the caller's own. */
export async function wordsSelector(db: Kysely<DB>, userId: string) {
  const rows = await db
    .selectFrom('flow_common_words')
    .selectAll()
    .where('enabled_mark', '=', 1)
    .where((eb) => eb.or([eb('common_words_type', '=', WordsType.system), eb.and([eb('common_words_type', '=', WordsType.personal), eb('user_id', '=', userId)])]))
    .orderBy('common_words_type')
    .orderBy('sort_code')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { list: rows.map(present) };
}

async function reachable(db: Kysely<DB>, caller: WordsCaller, id: string) {
  const row = await db.selectFrom('flow_common_words').selectAll().where('id', '=', id).executeTakeFirst();
  const mine = row && row.common_words_type === WordsType.personal && row.user_id === caller.userId;
  if (!row || (row.common_words_type === WordsType.personal && !mine)) throw new AppError(ResultCode.notFound, 'workflow.wordsNotFound');
  return row;
}

export async function getWords(db: Kysely<DB>, caller: WordsCaller, id: string) {
  return present(await reachable(db, caller, id));
}

export async function createWords(db: Kysely<DB>, caller: WordsCaller, input: WordsInput): Promise<string> {
  const values = wordsValues(input);
  const type = typeOf(input.commonWordsType ?? (caller.managesSystem ? WordsType.system : WordsType.personal));
  if (type === WordsType.system && !caller.managesSystem) throw new AppError(ResultCode.forbidden, 'workflow.wordsSystemOnly');
  const id = newId();
  await db.insertInto('flow_common_words').values({ id, ...values, common_words_type: type, user_id: type === WordsType.personal ? caller.userId : null, creator_user_id: caller.userId, created_at: new Date() }).execute();
  return id;
}

export async function updateWords(db: Kysely<DB>, caller: WordsCaller, id: string, input: WordsInput): Promise<void> {
  const values = wordsValues(input);
  const row = await reachable(db, caller, id);
  if (row.common_words_type === WordsType.system && !caller.managesSystem) throw new AppError(ResultCode.forbidden, 'workflow.wordsSystemOnly');
  await db.updateTable('flow_common_words').set({ ...values, last_modify_time: sql`now()` }).where('id', '=', id).execute();
}

export async function deleteWords(db: Kysely<DB>, caller: WordsCaller, id: string): Promise<void> {
  const row = await reachable(db, caller, id);
  if (row.common_words_type === WordsType.system && !caller.managesSystem) throw new AppError(ResultCode.forbidden, 'workflow.wordsSystemOnly');
  await db.deleteFrom('flow_common_words').where('id', '=', id).execute();
}
