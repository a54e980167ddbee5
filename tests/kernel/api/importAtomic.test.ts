import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSuite } from '../../support/api/apiSuite.js';
import { releasedDesign } from '../../visualdev/api/releasedDesign.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/**
 * Every import is all or nothing: the rows of one ImportData are committed together at the end (a process killed
 * halfway leaves none, so a retry duplicates nothing), while a row its checks or the database refuse is rolled
 * back alone (a savepoint per row) and reported in failResult. The JSON imports write their record and its
 * children in one transaction.
 */
const ONLINE = '/api/visualdev/OnlineDev';
const USERS = '/api/permission/Users';
const TABLE = 'vd_import_atomic';

const form = {
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '标题', required: true }, __vModel__: 'title', maxlength: 40 },
    { __config__: { jnpfKey: 'comInput', label: '编号' }, __vModel__: 'code' },
  ],
};
const list = {
  type: 1,
  searchList: [],
  columnList: [
    { prop: 'title', label: '标题' },
    { prop: 'code', label: '编号' },
  ],
  btnsList: [{ value: 'add' }, { value: 'download' }, { value: 'upload' }],
  columnBtnsList: [],
  hasPage: true,
  pageSize: 20,
};

function multipart(fileName: string, content: string) {
  const boundary = '----labcode-import-atomic';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/json\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDatabases({ everyEngine: true }))('every import is all or nothing on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const db = () => suite.database.db;
  let designId: string;
  const count = async (table = TABLE) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db())).rows[0].n);
  const importRows = (rows: object[]) => suite.call(suite.admin, 'POST', `${ONLINE}/${designId}/ImportData`, { list: rows });

  beforeAll(async () => {
    designId = await releasedDesign(suite, { fullName: '导入原子', enCode: 'import_atomic', form, list });
  });

  it('shows another connection none of an ImportData’s rows until it answers, then all of them', async () => {
    const before = await count();
    const rows = Array.from({ length: 600 }, (_, i) => ({ title: `原子${i}`, code: `A${i}` }));
    let answered = false;
    const pending = suite.app.inject({ method: 'POST', url: `${ONLINE}/${designId}/ImportData`, headers: { authorization: suite.admin }, payload: { list: rows } }).finally(() => (answered = true));
    const seen = new Set<number>();
    let lookedWhileRunning = 0;
    while (!answered) {
      // Lets the request's own work run between looks (PGlite can answer a query without leaving the microtask queue).
      await new Promise(setImmediate);
      seen.add(await count());
      if (!answered) lookedWhileRunning += 1;
    }
    const answer = (await pending).json();
    expect(answer.data, answer.msg).toMatchObject({ snum: 600, fnum: 0, resultType: 0 });
    expect([...seen].filter((n) => n !== before && n !== before + 600)).toEqual([]);
    // PostgreSQL lets the observer read beside the import. PGlite is one connection, which the import's transaction
    // holds, and answers without leaving the microtask queue: there the observer can look only before and after, and
    // the deferred-constraint test below is the one that fails without a single commit.
    if (testDb.name === 'postgres') expect(lookedWhileRunning).toBeGreaterThan(2);
    expect(await count()).toBe(before + 600);
  });

  it('rolls back a row the database refuses alone, reports it and imports the others', async () => {
    // A real refusal by the database (a unique index), not a check of ours: without a savepoint the transaction would be lost.
    await sql`create unique index vd_import_atomic_code_once on ${sql.table(TABLE)} (code) where code like 'U%'`.execute(db());
    try {
      const before = await count();
      const answer = await importRows([
        { title: '唯一一', code: 'U1' },
        { title: '唯一二', code: 'U2' },
        { title: '重复', code: 'U1' },
        { code: 'U4' },
        { title: '唯一三', code: 'U3' },
      ]);
      expect(answer.data).toMatchObject({ snum: 3, fnum: 2, resultType: 1 });
      expect(answer.data.failResult).toEqual([
        { title: '重复', code: 'U1', errorsInfo: '第3行：数据已存在或已被修改，请刷新后重试' },
        { title: '', code: 'U4', errorsInfo: expect.stringContaining('第4行 标题') },
      ]);
      expect(await count()).toBe(before + 3);
      const codes = await sql<{ code: string }>`select code from ${sql.table(TABLE)} where code like 'U%' order by code`.execute(db());
      expect(codes.rows.map((r) => r.code)).toEqual(['U1', 'U2', 'U3']);
    } finally {
      await sql`drop index vd_import_atomic_code_once`.execute(db());
    }
  });

  it('imports nothing when the commit itself fails, and says so', async () => {
    // A deferred constraint is checked at the commit: one commit for the whole import means no row of it stays.
    await sql`alter table ${sql.table(TABLE)} add constraint vd_import_atomic_code_deferred unique (code) deferrable initially deferred`.execute(db());
    try {
      const before = await count();
      const answer = await importRows([
        { title: '延迟一', code: 'D1' },
        { title: '延迟二', code: 'D2' },
        { title: '延迟重复', code: 'D1' },
      ]);
      expect(answer).toMatchObject({ code: 409, msg: '导入失败，没有导入任何数据，请修改后重新导入' });
      expect(await count()).toBe(before);
    } finally {
      await sql`alter table ${sql.table(TABLE)} drop constraint vd_import_atomic_code_deferred`.execute(db());
    }
  });

  it('reports a users row whose account an earlier row of the same import took, and imports the rest together', async () => {
    const before = await count('base_user');
    const row = (account: string) => ({ account, realName: account, organize: 'D03' });
    const answer = await suite.call(suite.admin, 'POST', `${USERS}/ImportData`, { list: [row('atomic1'), row('atomic2'), row('ATOMIC1'), row('atomic3')] });
    expect(answer.data).toMatchObject({ snum: 3, fnum: 1, failResult: [expect.objectContaining({ account: 'ATOMIC1', errorsInfo: '第3行 账号：账号 ATOMIC1 已存在' })] });
    expect(await count('base_user')).toBe(before + 3);
  });

  it('imports a dictionary category with all its entries or, when one entry is refused, with none', async () => {
    const entries = (poison: boolean) =>
      Array.from({ length: 30 }, (_, i) => ({ id: `e${i}`, parentId: '0', fullName: poison && i === 29 ? '毒' : `条目${i}`, enCode: `entry${i}`, sortCode: i, enabledMark: 1, description: null }));
    const file = (enCode: string, poison: boolean) => JSON.stringify({ format: 'labcode.dictionary.v1', category: { fullName: '原子字典', enCode, isTree: 0, sortCode: 0 }, entries: entries(poison) });
    const upload = async (content: string) => {
      const body = multipart('dictionary.json', content);
      return (await suite.app.inject({ method: 'POST', url: '/api/system/DictionaryData/Action/Import', headers: { authorization: suite.admin, ...body.headers }, payload: body.payload })).json();
    };
    // The database refuses the last entry, after the category and the other entries were written.
    await sql`alter table base_dictionary_data add constraint dictionary_no_poison check (full_name <> '毒')`.execute(db());
    try {
      const types = await count('base_dictionary_type');
      const data = await count('base_dictionary_data');
      expect((await upload(file('atomicDictionary', true))).code).not.toBe(200);
      expect(await count('base_dictionary_type')).toBe(types);
      expect(await count('base_dictionary_data')).toBe(data);
      expect(await upload(file('atomicDictionary', false))).toMatchObject({ code: 200, data: { entries: 30 } });
      expect(await count('base_dictionary_data')).toBe(data + 30);
    } finally {
      await sql`alter table base_dictionary_data drop constraint dictionary_no_poison`.execute(db());
    }
  });
});
