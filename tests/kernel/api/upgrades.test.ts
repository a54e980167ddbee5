import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { up } from '../../../src/modules/permission/server/migrations/0009_permission_jnpf_page_names.js';
import * as businessType from '../../../src/modules/dictionary/server/migrations/0010_dictionary_business_type.js';
import * as jnpfCategories from '../../../src/modules/dictionary/server/migrations/0046_dictionary_jnpf_categories.js';
import * as messageDictionaries from '../../../src/modules/message/server/migrations/0048_message_dictionaries.js';
import * as billRuleCodes from '../../../src/modules/billRule/server/migrations/0006_billRule_code_case_insensitive.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/** Databases made by earlier releases are brought along by the migrations, or told plainly what to fix. */
describe.each(testDatabases({ everyEngine: true }))('upgrading an older database on $name', (testDb) => {
  const suite = apiSuite(testDb);

  it('moves the old demo addresses to JNPF\'s and leaves an address set by hand alone', async () => {
    const db = suite.database.db;
    await sql`update base_module set url_address = 'systemData/area' where en_code = 'systemData.area'`.execute(db);
    await sql`update base_module set url_address = 'messageRecord' where en_code = 'msgCenter.messageRecord'`.execute(db);
    await sql`update base_module set type = 2, url_address = 'dashboard', property_json = null where en_code = 'dashboard'`.execute(db);
    await sql`update base_module set url_address = 'custom/logs' where en_code = 'system.sysLog'`.execute(db);
    await up(db);
    const rows = await db.selectFrom('base_module').select(['en_code', 'type', 'url_address']).where('en_code', 'in', ['systemData.area', 'msgCenter.messageRecord', 'dashboard', 'system.sysLog']).execute();
    const byCode = Object.fromEntries(rows.map((r) => [r.en_code, r]));
    expect(byCode['systemData.area'].url_address).toBe('system/area');
    expect(byCode['msgCenter.messageRecord'].url_address).toBe('basic/messageRecord');
    expect(byCode.dashboard).toMatchObject({ type: 8, url_address: 'portal/lab' });
    expect(byCode['system.sysLog'].url_address).toBe('custom/logs');
    // The area screen is found at its new address.
    expect((await suite.call(suite.admin, 'GET', '/api/screens/system/area')).code).toBe(200);
  });

  it('adds the businessType dictionary the bill-rule form needs to a database seeded without it, once', async () => {
    const db = suite.database.db;
    await sql`delete from base_dictionary_type where en_code = 'businessType'`.execute(db);
    await businessType.up(db);
    await businessType.up(db);
    const options = await suite.call(suite.admin, 'GET', '/api/system/DictionaryData/businessType/Data/Selector');
    expect(options.data.list.map((entry: { enCode: string }) => entry.enCode)).toEqual(['matApply', 'purchase', 'analysis', 'other']);
  });

  it('adds JNPF\'s built-in dictionaries to a database seeded without them, once, beside an administrator\'s own `system` type', async () => {
    const db = suite.database.db;
    await sql`delete from base_dictionary_type where id in ('dict-type-system', 'dict-type-web-design', 'dict-type-web-form', 'dict-type-flow-form', 'dict-type-workflow-category', '9c43287481364d348c0ea0d0f64b38be', 'dict-type-print-dev', 'dict-type-notice-type', 'dict-type-message', 'dict-type-msg-send-type', 'dict-type-msg-source-type')`.execute(db);
    await sql`insert into base_dictionary_type (id, parent_id, full_name, en_code, is_tree, sort_code) values ('admin-own-system', '-1', '系统', 'system', 0, 9)`.execute(db);
    for (let run = 0; run < 2; run++) {
      await jnpfCategories.up(db);
      await messageDictionaries.up(db);
    }
    const all = (await suite.call(suite.admin, 'GET', '/api/system/DictionaryData/All')).data.list as { enCode: string; dictionaryList: { enCode: string }[] }[];
    const codes = all.map((type) => type.enCode);
    for (const code of ['webDesign', 'webForm', 'WorkFlowCategory', 'DataInterfaceType', 'msgSendType', 'msgSourceType']) expect(codes.filter((c) => c === code)).toEqual([code]);
    expect(all.find((type) => type.enCode === 'msgSourceType')!.dictionaryList.map((entry) => entry.enCode)).toEqual(['1', '2', '3', '4']);
    const interfaceCategories = await suite.call(suite.admin, 'GET', '/api/system/DictionaryData/9c43287481364d348c0ea0d0f64b38be/Data/Selector');
    expect(interfaceCategories.data.list.map((entry: { enCode: string }) => entry.enCode)).toEqual(['system', 'business']);
    // The administrator's type kept its code; the group took another.
    const groups = await db.selectFrom('base_dictionary_type').select(['id', 'en_code']).where('id', 'in', ['admin-own-system', 'dict-type-system']).orderBy('id').execute();
    expect(groups).toEqual([{ id: 'admin-own-system', en_code: 'system' }, { id: 'dict-type-system', en_code: 'jnpfCategories' }]);
  });

  it('stops with the table, ids and codes when codes differing only in case are already stored', async () => {
    const db = suite.database.db;
    await sql`drop index base_bill_rule_code_lower`.execute(db);
    const values = (id: string, code: string) => sql`(${id}, ${'规则 ' + code}, ${code}, 'other', 'LC', 'yyyyMMdd', 4, '0001')`;
    await sql`insert into base_bill_rule (id, full_name, en_code, category, prefix, date_format, digit, start_number)
              values ${values('case-a', 'caseDup')}, ${values('case-b', 'CASEDUP')}`.execute(db);
    await expect(billRuleCodes.up(db)).rejects.toThrow(/base_bill_rule[\s\S]*casedup: case-a \(caseDup\), case-b \(CASEDUP\)/);
    await sql`delete from base_bill_rule where id = 'case-b'`.execute(db);
    await billRuleCodes.up(db);
    const created = await suite.call(suite.admin, 'POST', '/api/system/BillRule', { fullName: 'x', enCode: 'CaseDup', category: 'other', prefix: 'LC', dateFormat: 'yyyyMMdd', digit: 4, startNumber: '1' });
    expect(created.code).toBe(409);
  });
});
