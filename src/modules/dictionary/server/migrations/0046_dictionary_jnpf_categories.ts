import { sql, type Kysely } from 'kysely';
import dictionaryFile from '../../../../../fixtures/dictionary/dictionaries.json' with { type: 'json' };
import { newId } from '../../../../kernel/server/db/id.js';

/**
 * JNPF's own clients pick their design, form, flow, data-interface, print and notice categories from dictionaries
 * of fixed codes (webDesign, webForm, …; DataInterfaceType under JNPF's fixed type id). A fresh database gets them
 * from the seed (fixtures/dictionary/dictionaries.json, the 系统分类 group); a database seeded before gets the same
 * here. A type already there under one of those codes is left as it is.
 */
interface TypeSeed {
  id: string;
  fullName: string;
  enCode: string;
  isTree: number;
  entries: { fullName: string; enCode: string }[];
  children?: TypeSeed[];
}
const GROUP = (dictionaryFile.types as TypeSeed[]).find((type) => type.enCode === 'system')!;

async function hasType(db: Kysely<any>, enCode: string) {
  const { rows } = await sql`select 1 from base_dictionary_type where lower(en_code) = lower(${enCode})`.execute(db);
  return rows.length > 0;
}

export async function up(db: Kysely<any>): Promise<void> {
  const { rows: seeded } = await sql`select 1 from base_sys_config where key = 'demoSeededAt'`.execute(db);
  if (seeded.length === 0) return;
  if (!(await hasType(db, GROUP.enCode))) {
    await sql`insert into base_dictionary_type (id, parent_id, full_name, en_code, is_tree, sort_code) values (${GROUP.id}, '-1', ${GROUP.fullName}, ${GROUP.enCode}, 0, 90)`.execute(db);
  }
  const { rows: group } = await sql<{ id: string }>`select id from base_dictionary_type where lower(en_code) = lower(${GROUP.enCode})`.execute(db);
  for (const [index, type] of (GROUP.children ?? []).entries()) {
    if (await hasType(db, type.enCode)) continue;
    await sql`insert into base_dictionary_type (id, parent_id, full_name, en_code, is_tree, sort_code) values (${type.id}, ${group[0]!.id}, ${type.fullName}, ${type.enCode}, ${type.isTree}, ${index})`.execute(db);
    for (const [order, entry] of type.entries.entries()) {
      await sql`insert into base_dictionary_data (id, dictionary_type_id, parent_id, full_name, en_code, sort_code) values (${newId()}, ${type.id}, '0', ${entry.fullName}, ${entry.enCode}, ${order})`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const type of GROUP.children ?? []) await sql`delete from base_dictionary_type where id = ${type.id}`.execute(db);
  await sql`delete from base_dictionary_type where id = ${GROUP.id}`.execute(db);
}
