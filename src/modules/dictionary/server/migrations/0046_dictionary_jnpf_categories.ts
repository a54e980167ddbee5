import { sql, type Kysely } from 'kysely';
import { newId } from '../../../../kernel/server/db/id.js';

/**
 * JNPF's own clients pick their design, form, flow, data-interface, print and notice categories from dictionaries
 * of fixed codes (webDesign, webForm, …; DataInterfaceType under JNPF's fixed type id). A fresh database gets them
 * from the seed (fixtures/dictionary/dictionaries.json, the 系统分类 group); a database seeded before gets the same
 * here, as they were when this migration was written. A type already there under one of those codes is left as
 * it is; the group is found by its id, so an administrator's own type coded `system` is never taken for it.
 */
const GROUP = { id: 'dict-type-system', fullName: '系统分类', enCode: 'system' };
const TYPES: { id: string; fullName: string; enCode: string; entries: [enCode: string, fullName: string][] }[] = [
  { id: 'dict-type-web-design', fullName: '功能设计分类', enCode: 'webDesign', entries: [['lab', '实验室业务'], ['purchase', '采购与库存'], ['general', '通用']] },
  { id: 'dict-type-web-form', fullName: '表单设计分类', enCode: 'webForm', entries: [['lab', '实验室业务'], ['purchase', '采购与库存'], ['general', '通用']] },
  { id: 'dict-type-flow-form', fullName: '流程表单分类', enCode: 'flowForm', entries: [['approval', '审批'], ['general', '通用']] },
  { id: 'dict-type-workflow-category', fullName: '流程分类', enCode: 'WorkFlowCategory', entries: [['purchase', '采购'], ['personnel', '人事'], ['general', '通用']] },
  { id: '9c43287481364d348c0ea0d0f64b38be', fullName: '数据接口分类', enCode: 'DataInterfaceType', entries: [['system', '系统接口'], ['business', '业务接口']] },
  { id: 'dict-type-print-dev', fullName: '打印模板分类', enCode: 'printDev', entries: [['bill', '单据'], ['report', '报告']] },
  { id: 'dict-type-notice-type', fullName: '公告类型', enCode: 'NoticeType', entries: [['1', '通知'], ['2', '公告']] },
];

async function hasType(db: Kysely<any>, enCode: string) {
  const { rows } = await sql`select 1 from base_dictionary_type where lower(en_code) = lower(${enCode})`.execute(db);
  return rows.length > 0;
}

export async function up(db: Kysely<any>): Promise<void> {
  const { rows: seeded } = await sql`select 1 from base_sys_config where key = 'demoSeededAt'`.execute(db);
  if (seeded.length === 0) return;
  const { rows: group } = await sql`select 1 from base_dictionary_type where id = ${GROUP.id}`.execute(db);
  const { rows: tops } = await sql<{ n: number }>`select count(*)::int as n from base_dictionary_type where parent_id = '-1'`.execute(db);
  if (group.length === 0) {
    // Codes are unique: an administrator's own `system` type keeps its code, and the group takes another.
    const code = (await hasType(db, GROUP.enCode)) ? 'jnpfCategories' : GROUP.enCode;
    await sql`insert into base_dictionary_type (id, parent_id, full_name, en_code, is_tree, sort_code) values (${GROUP.id}, '-1', ${GROUP.fullName}, ${code}, 0, ${tops[0]!.n})`.execute(db);
  }
  for (const [index, type] of TYPES.entries()) {
    if (await hasType(db, type.enCode)) continue;
    await sql`insert into base_dictionary_type (id, parent_id, full_name, en_code, is_tree, sort_code) values (${type.id}, ${GROUP.id}, ${type.fullName}, ${type.enCode}, 0, ${index})`.execute(db);
    for (const [order, [enCode, fullName]] of type.entries.entries()) {
      await sql`insert into base_dictionary_data (id, dictionary_type_id, parent_id, full_name, en_code, sort_code) values (${newId()}, ${type.id}, '0', ${fullName}, ${enCode}, ${order})`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const type of TYPES) await sql`delete from base_dictionary_type where id = ${type.id}`.execute(db);
  await sql`delete from base_dictionary_type where id = ${GROUP.id}`.execute(db);
}
