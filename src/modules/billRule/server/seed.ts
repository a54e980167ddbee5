import type { Transaction } from 'kysely';
import billRuleFile from '../../../../fixtures/billRule/billRules.json' with { type: 'json' };
import type { DB } from '../../../kernel/server/db/schema.js';

/** The demo numbering rules (fixtures/billRule/billRules.json), counters not yet started. */
export async function seedBillRules(trx: Transaction<DB>): Promise<void> {
  await trx
    .insertInto('base_bill_rule')
    .values(
      billRuleFile.billRules.map((rule, index) => ({
        id: rule.id,
        full_name: rule.fullName,
        en_code: rule.enCode,
        category: rule.category,
        prefix: rule.prefix,
        date_format: rule.dateFormat,
        digit: rule.digit,
        start_number: rule.startNumber,
        sort_code: index,
        description: '演示数据',
      })),
    )
    .execute();
}
