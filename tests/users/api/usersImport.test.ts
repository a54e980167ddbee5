import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

const BASE = '/api/permission/Users';
const HEADERS = ['账号', '姓名', '性别', '手机号', '邮箱', '所属组织', '岗位', '角色', '排序', '说明'];

async function workbook(rows: (string | number)[][], headers = HEADERS): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(fileName: string, content: Buffer) {
  const boundary = '----labcode-import';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDatabases())('the users import on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const upload = async (token: string, fileName: string, content: Buffer) => {
    const response = await suite.app.inject({ method: 'POST', url: `${BASE}/Uploader`, ...multipart(fileName, content), headers: { ...multipart(fileName, content).headers, authorization: token } });
    return response.json();
  };
  const countUsers = async () => Number((await suite.database.db.selectFrom('base_user').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const download = async (token: string, url: string) => {
    const response = await suite.app.inject({ method: 'GET', url, headers: { authorization: token } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return book.worksheets[0];
  };

  it('downloads a template with the header row and an example row', async () => {
    const answer = await suite.call(suite.admin, 'GET', `${BASE}/TemplateDownload`);
    expect(answer.data).toMatchObject({ name: '用户信息导入模板.xlsx', url: expect.stringMatching(/^\/api\/file\/Download\/export\//) });
    const sheet = await download(suite.admin, answer.data.url);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(sheet.getRow(2).getCell(1).text).toBe('zhangsan');
    expect(await suite.call(suite.staff, 'GET', `${BASE}/TemplateDownload`)).toMatchObject({ code: 403 });
  });

  it('uploads, previews and imports good rows, and lists the bad ones by row, column and rule', async () => {
    const before = await countUsers();
    const content = await workbook([
      ['importer1', '导入一', '男', '13911112222', 'importer1@example.com', '示例检测科技有限公司/质量保证部', '质量专员', '普通员工', 3, ''],
      ['importer2', '导入二', '女', '123', '', '示例检测科技有限公司/质量保证部', '', '', '', ''],
      ['importer3', '导入三', '', '', '', '不存在的部门', '', '', '', ''],
      ['STAFF', '重复账号', '', '', '', 'D03', '', '', '', ''],
      ['importer4', '', '', '', 'bad-mail', '示例检测科技有限公司/分析测试部', '', '', '', ''],
      ['importer5', '导入五', '', '', '', '示例检测科技有限公司/分析测试部', '检测分析员', '采购员,普通员工', '', '第五行'],
    ]);
    // A user without the import button is refused before the file is read.
    expect((await upload(suite.staff, 'users.xlsx', content)).code).toBe(403);
    const uploaded = await upload(suite.admin, 'users.xlsx', content);
    expect(uploaded).toMatchObject({ code: 200, data: { name: expect.stringMatching(/^[0-9a-f]{32}\.xlsx$/) } });
    // The temporary file is its uploader's only.
    expect((await suite.call(suite.staff, 'GET', `${BASE}/ImportPreview?fileName=${uploaded.data.name}`)).code).toBe(403);
    const preview = (await suite.call(suite.admin, 'GET', `${BASE}/ImportPreview?fileName=${uploaded.data.name}`)).data;
    expect(preview.headerRow.map((h: { id: string; fullName: string }) => h.fullName)).toEqual(HEADERS);
    expect(preview.headerRow[0]).toMatchObject({ id: 'account', fullName: '账号', required: true });
    expect(preview.dataRow).toHaveLength(6);
    expect(preview.dataRow[0]).toMatchObject({ account: 'importer1', realName: '导入一', sortCode: '3', organize: '示例检测科技有限公司/质量保证部' });

    const result = await suite.call(suite.admin, 'POST', `${BASE}/ImportData`, { list: preview.dataRow });
    expect(result.data).toMatchObject({ snum: 2, fnum: 4, resultType: 1 });
    const errors = result.data.failResult.map((r: { account: string; errorsInfo: string }) => [r.account, r.errorsInfo]);
    expect(errors).toEqual([
      ['importer2', '第2行 手机号：手机号码格式不正确'],
      ['importer3', '第3行 所属组织：找不到组织 不存在的部门'],
      ['STAFF', '第4行 账号：账号 STAFF 已存在'],
      ['importer4', '第5行 姓名：不能为空；第5行 邮箱：邮箱格式不正确'],
    ]);
    expect(await countUsers()).toBe(before + 2);
    const imported = await suite.database.db.selectFrom('base_user').select(['id', 'organize_id', 'position_id', 'gender', 'sort_code']).where('account', '=', 'importer1').executeTakeFirstOrThrow();
    expect(imported).toMatchObject({ organize_id: 'dept-quality', position_id: 'pos-qa', gender: 1, sort_code: 3 });
    const roles = await suite.database.db.selectFrom('base_user_relation').select('object_id').where('user_id', '=', imported.id).where('object_type', '=', 'Role').execute();
    expect(roles.map((r) => r.object_id)).toEqual(['role-staff']);
    const fifth = (await suite.call(suite.admin, 'GET', `${BASE}?keyword=importer5`)).data.list[0];
    expect(fifth).toMatchObject({ roleName: expect.stringContaining('采购员'), position: '检测分析员', description: '第五行' });

    // The failure list as .xlsx, with the 错误信息 column.
    const exception = await suite.call(suite.admin, 'POST', `${BASE}/ExportExceptionData`, { list: result.data.failResult });
    expect(exception.data).toMatchObject({ name: '用户信息错误报告.xlsx' });
    const sheet = await download(suite.admin, exception.data.url);
    expect(sheet.getRow(1).getCell(HEADERS.length + 1).text).toBe('错误信息');
    expect(sheet.getRow(2).getCell(1).text).toBe('importer2');
    expect(sheet.getRow(2).getCell(HEADERS.length + 1).text).toBe('第2行 手机号：手机号码格式不正确');
    expect((await suite.call(suite.admin, 'POST', `${BASE}/ImportExceptionData`, { list: result.data.failResult })).code).toBe(200);

    // Importing the same rows again imports nothing twice.
    const again = await suite.call(suite.admin, 'POST', `${BASE}/ImportData`, { list: [preview.dataRow[0]] });
    expect(again.data).toMatchObject({ snum: 0, fnum: 1, failResult: [expect.objectContaining({ errorsInfo: '第1行 账号：账号 importer1 已存在' })] });
    expect(await suite.call(suite.admin, 'POST', `${BASE}/ImportData`, { list: [] })).toMatchObject({ code: 400, msg: '导入数据为空' });
    expect(await suite.call(suite.staff, 'POST', `${BASE}/ImportData`, { list: preview.dataRow })).toMatchObject({ code: 403 });
    expect(await countUsers()).toBe(before + 2);
  });

  it('refuses a wrong file type, an old .xls, a damaged or over-large file and more than 1,000 rows', async () => {
    const before = await countUsers();
    const good = await workbook([['a1', '甲', '', '', '', 'D03', '', '', '', '']]);
    expect(await upload(suite.admin, 'users.csv', Buffer.from('account,realName\n'))).toMatchObject({ code: 400, msg: '请上传 .xls 或 .xlsx 格式的文件' });
    expect(await upload(suite.admin, 'users.xlsx', Buffer.from('account,realName\n'))).toMatchObject({ code: 400, msg: '请上传 .xls 或 .xlsx 格式的文件' });
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    expect(await upload(suite.admin, 'users.xls', ole)).toMatchObject({ code: 400, msg: expect.stringContaining('另存为 .xlsx') });
    // An .xlsx saved under .xls is read as what it is.
    expect(await upload(suite.admin, 'users.xls', good)).toMatchObject({ code: 200, data: { name: expect.stringMatching(/\.xls$/) } });
    expect(await upload(suite.admin, 'users.xlsx', good.subarray(0, good.length - 40))).toMatchObject({ code: 400, msg: '文件已损坏或不是有效的 Excel 文件' });
    const large = Buffer.concat([good, Buffer.alloc(500 * 1024)]);
    expect(await upload(suite.admin, 'users.xlsx', large)).toMatchObject({ code: 413, msg: expect.stringContaining('500') });
    const rows = Array.from({ length: 1001 }, (_, i) => [`bulk${i}`, `批量${i}`, '', '', '', 'D03', '', '', '', '']);
    const tooMany = await workbook(rows);
    expect(tooMany.length).toBeLessThan(500 * 1024);
    expect(await upload(suite.admin, 'users.xlsx', tooMany)).toMatchObject({ code: 400, msg: '导入数据不能超过1000条，当前1001条' });
    const list = rows.map(([account, realName]) => ({ account, realName, organize: 'D03' }));
    expect(await suite.call(suite.admin, 'POST', `${BASE}/ImportData`, { list })).toMatchObject({ code: 400, msg: '导入数据不能超过1000条，当前1001条' });
    const wrongTemplate = await upload(suite.admin, 'users.xlsx', await workbook([['x']], ['名字']));
    expect(wrongTemplate.code).toBe(200);
    expect(await suite.call(suite.admin, 'GET', `${BASE}/ImportPreview?fileName=${wrongTemplate.data.name}`)).toMatchObject({ code: 400, msg: expect.stringContaining('缺少列：账号、姓名、所属组织') });
    expect((await suite.call(suite.admin, 'GET', `${BASE}/ImportPreview?fileName=../../etc/passwd`)).code).toBe(404);
    expect(await countUsers()).toBe(before);
  });
});
