import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

function multipart(fileName: string, content: string | Buffer) {
  const boundary = '----labcode-test';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/json\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDatabases())('column settings, dictionary export and import on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = suite.call;
  const MODULE = 'menu-systemData.dictionary';

  it('answers the module columns until a user saves, then that user’s choice only', async () => {
    const initial = (await call(suite.admin, 'GET', `/api/permission/Authority/GetColumnsByModuleId/${MODULE}`)).data;
    expect(initial.map((c: { prop: string }) => c.prop)).toEqual(['fullName', 'enCode', 'sortCode', 'enabledMark']);
    expect(initial.every((c: { visible: boolean }) => c.visible)).toBe(true);
    const fieldList = JSON.stringify(initial.map((c: { prop: string }) => ({ ...c, visible: c.prop !== 'sortCode' })));
    expect(await call(suite.admin, 'PUT', '/api/permission/Authority/SetColumnsByModuleId', { moduleId: MODULE, fieldList })).toMatchObject({ code: 200 });
    const saved = (await call(suite.admin, 'GET', `/api/permission/Authority/GetColumnsByModuleId/${MODULE}`)).data;
    expect(saved.find((c: { prop: string }) => c.prop === 'sortCode').visible).toBe(false);
    const others = (await call(suite.staff, 'GET', `/api/permission/Authority/GetColumnsByModuleId/${MODULE}`)).data;
    expect(others.every((c: { visible: boolean }) => c.visible)).toBe(true);
    expect(await call(suite.admin, 'PUT', '/api/permission/Authority/SetColumnsByModuleId', { moduleId: MODULE, fieldList: '[{"label": 1}' })).toMatchObject({ code: 400, msg: '列设置格式不正确' });
    expect(await call(suite.admin, 'GET', '/api/permission/Authority/GetColumnsByModuleId/nope')).toMatchObject({ code: 404 });
  });

  it('exports a category as a download and imports it back as a new category with its tree', async () => {
    const hazard = (await call(suite.admin, 'GET', '/api/system/DictionaryData/hazardClass/Data/Selector')).data.list;
    const typeId = hazard[0].dictionaryTypeId;
    const exported = await call(suite.admin, 'GET', `/api/system/DictionaryData/${typeId}/Action/Export`);
    expect(exported.data.url).toMatch(/^\/api\/file\/Download\/export\/[0-9a-f]{32}$/);
    expect(await call(suite.staff, 'GET', `/api/system/DictionaryData/${typeId}/Action/Export`)).toMatchObject({ code: 403 });
    const download = await suite.app.inject({ method: 'GET', url: exported.data.url, headers: { authorization: suite.admin } });
    expect(download.headers['content-disposition']).toContain('attachment');
    const file = JSON.parse(download.body);
    expect(file.category.enCode).toBe('hazardClass');
    // Someone else cannot fetch it.
    expect((await suite.app.inject({ method: 'GET', url: exported.data.url, headers: { authorization: suite.staff } })).json().code).toBe(404);

    // Importing the same file again: the category code exists.
    const again = await suite.app.inject({ method: 'POST', url: '/api/system/DictionaryData/Action/Import', headers: { authorization: suite.admin, ...multipart('hazard.json', download.body).headers }, payload: multipart('hazard.json', download.body).payload });
    expect(again.json()).toMatchObject({ code: 409, msg: '字典分类已存在：hazardClass' });

    // The user says yes to 是否覆盖: entries with the file's codes take its values and keep their ids; one the file
    // lacks stays, one only the file has is added. Overwriting needs btn_edit too: staff are refused.
    const renamed = { ...file, category: { ...file.category, fullName: '危险类别（导入）' }, entries: file.entries.map((e: { enCode: string; fullName: string }, i: number) => (i === 0 ? { ...e, fullName: `${e.fullName}（新）` } : e)) };
    renamed.entries = [...renamed.entries.slice(1), renamed.entries[0], { id: 'only-in-file', parentId: '0', fullName: '文件新增', enCode: 'fileOnly', sortCode: 9, enabledMark: 1, description: null }];
    const kept = await call(suite.admin, 'POST', '/api/system/DictionaryData', { dictionaryTypeId: typeId, parentId: typeId, fullName: '库里独有', enCode: 'dbOnly' });
    expect(kept.code).toBe(200);
    const overwrite = (token: string) => suite.app.inject({ method: 'POST', url: '/api/system/DictionaryData/Action/Import?overwrite=1', headers: { authorization: token, ...multipart('hazard.json', JSON.stringify(renamed)).headers }, payload: multipart('hazard.json', JSON.stringify(renamed)).payload });
    expect((await overwrite(suite.staff)).json().code).toBe(403);
    // A malformed switch is refused and changes nothing.
    const malformed = await suite.app.inject({ method: 'POST', url: '/api/system/DictionaryData/Action/Import?overwrite=yes', headers: { authorization: suite.admin, ...multipart('hazard.json', JSON.stringify(renamed)).headers }, payload: multipart('hazard.json', JSON.stringify(renamed)).payload });
    expect(malformed.json().code).toBe(400);
    expect(malformed.body).not.toMatch(/at \w+ \(/);
    expect((await call(suite.admin, 'GET', '/api/system/DictionaryData/hazardClass/Data/Selector')).data.list.map((e: { enCode: string }) => e.enCode)).not.toContain('fileOnly');
    expect((await overwrite(suite.admin)).json()).toMatchObject({ code: 200, msg: '更新成功', data: { id: typeId, overwritten: 1 } });
    const after = (await call(suite.admin, 'GET', '/api/system/DictionaryData/hazardClass/Data/Selector')).data.list as { id: string; enCode: string; fullName: string; children: unknown[] }[];
    const first = hazard[0] as { id: string; enCode: string; fullName: string };
    expect(after.find((e) => e.enCode === first.enCode)).toMatchObject({ id: first.id, fullName: `${first.fullName}（新）` });
    expect(after.map((e) => e.enCode)).toEqual(expect.arrayContaining(['dbOnly', 'fileOnly']));
    // Still one category of that code, now named as the file names it.
    expect(await suite.database.db.selectFrom('base_dictionary_type').select(['id', 'full_name']).where('en_code', '=', 'hazardClass').execute()).toEqual([{ id: typeId, full_name: '危险类别（导入）' }]);

    file.category.enCode = 'hazardCopy';
    const content = JSON.stringify(file);
    const imported = await suite.app.inject({ method: 'POST', url: '/api/system/DictionaryData/Action/Import', headers: { authorization: suite.admin, ...multipart('copy.json', content).headers }, payload: multipart('copy.json', content).payload });
    expect(imported.json()).toMatchObject({ code: 200, data: { entries: hazard.length + hazard.reduce((n: number, e: { children: unknown[] }) => n + e.children.length, 0) } });
    const copy = (await call(suite.admin, 'GET', '/api/system/DictionaryData/hazardCopy/Data/Selector')).data.list;
    expect(copy.map((e: { enCode: string; children: { enCode: string }[] }) => [e.enCode, e.children.map((c) => c.enCode)])).toEqual(
      hazard.map((e: { enCode: string; children: { enCode: string }[] }) => [e.enCode, e.children.map((c) => c.enCode)]),
    );
  });

  it('refuses a file that is not an export, and imports nothing from it', async () => {
    const before = (await call(suite.admin, 'GET', '/api/system/DictionaryType')).data.list.length;
    const exportOf = (entries: { id: string; parentId: string }[]) =>
      JSON.stringify({ format: 'labcode.dictionary.v1', category: { fullName: 'x', enCode: 'loopy' }, entries: entries.map((e) => ({ ...e, fullName: e.id, enCode: e.id, sortCode: 0, enabledMark: 1, description: null })) });
    const refused = [
      'not json',
      '{"format":"other"}',
      JSON.stringify({ format: 'labcode.dictionary.v1', category: { fullName: 'x', enCode: 'y' }, entries: [{ id: 1 }] }),
      // A self-parent, a loop of three, and one id on two entries: no tree could show them.
      exportOf([{ id: 'a', parentId: 'a' }]),
      exportOf([{ id: 'a', parentId: 'c' }, { id: 'b', parentId: 'a' }, { id: 'c', parentId: 'b' }, { id: 'd', parentId: '0' }]),
      exportOf([{ id: 'a', parentId: '0' }, { id: 'a', parentId: '0' }]),
    ];
    for (const content of refused) {
      const answer = await suite.app.inject({ method: 'POST', url: '/api/system/DictionaryData/Action/Import', headers: { authorization: suite.admin, ...multipart('bad.json', content).headers }, payload: multipart('bad.json', content).payload });
      expect(answer.json()).toMatchObject({ code: 400, msg: '导入文件格式不正确：请选择从字典导出的 JSON 文件' });
    }
    const noFile = await suite.app.inject({ method: 'POST', url: '/api/system/DictionaryData/Action/Import', headers: { authorization: suite.admin, 'content-type': 'application/json' }, payload: '{}' });
    expect(noFile.json()).toMatchObject({ code: 400, msg: '请选择要上传的文件' });
    const big = Buffer.alloc(3 * 1024 * 1024, 32);
    const tooBig = await suite.app.inject({ method: 'POST', url: '/api/system/DictionaryData/Action/Import', headers: { authorization: suite.admin, ...multipart('big.json', big).headers }, payload: multipart('big.json', big).payload });
    expect(tooBig.json()).toMatchObject({ code: 413, msg: '文件大小不能超过2MB' });
    expect((await call(suite.admin, 'GET', '/api/system/DictionaryType')).data.list.length).toBe(before);
  });
});
