import { sql, type Kysely } from 'kysely';
import { newId } from '../../../../kernel/server/db/id.js';

/**
 * The bill-rule form reads its categories from the `businessType` dictionary. A fresh database gets it from the
 * demo seed, which runs after migrations; a database seeded before the dictionary existed gets it here, or its
 * bill-rule form would offer no category at all. A category already there under that code is left as it is.
 */
const CATEGORY = { id: 'dict-type-business-type', fullName: '业务分类', enCode: 'businessType' };
const ENTRIES = [
  { fullName: '物资申领', enCode: 'matApply' },
  { fullName: '采购', enCode: 'purchase' },
  { fullName: '检测分析', enCode: 'analysis' },
  { fullName: '其他', enCode: 'other' },
];

export async function up(db: Kysely<any>): Promise<void> {
  const { rows: seeded } = await sql`select 1 from base_sys_config where key = 'demoSeededAt'`.execute(db);
  if (seeded.length === 0) return;
  const { rows: existing } = await sql`select 1 from base_dictionary_type where lower(en_code) = lower(${CATEGORY.enCode})`.execute(db);
  if (existing.length > 0) return;
  await sql`insert into base_dictionary_type (id, parent_id, full_name, en_code, is_tree, sort_code)
            values (${CATEGORY.id}, '-1', ${CATEGORY.fullName}, ${CATEGORY.enCode}, 0, 0)`.execute(db);
  for (const [index, entry] of ENTRIES.entries()) {
    await sql`insert into base_dictionary_data (id, dictionary_type_id, parent_id, full_name, en_code, sort_code)
              values (${newId()}, ${CATEGORY.id}, '0', ${entry.fullName}, ${entry.enCode}, ${index})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from base_dictionary_type where id = ${CATEGORY.id}`.execute(db);
}
