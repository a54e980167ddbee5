import type { Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { WordsType } from './commonWords.js';

/** Demo 审批常用语 (fictitious): the system words every approver's picker offers. */
const WORDS = ['同意', '情况属实，同意申请', '请补充说明后重新提交', '不同意'];

export async function seedWorkflow(trx: Transaction<DB>): Promise<void> {
  const now = new Date();
  await trx
    .insertInto('flow_common_words')
    .values(WORDS.map((text, index) => ({ id: newId(), common_words_text: text, common_words_type: WordsType.system, user_id: null, sort_code: index, enabled_mark: 1, creator_user_id: 'user-admin', created_at: now })))
    .execute();
}
