import { describe, expect, it } from 'vitest';
import { billDatePart } from '../../../src/shared/billNumber.js';
import { nextBillNumber } from '../../../src/modules/billRule/server/service.js';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

describe.each(testDatabases())('bill rules on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = suite.call;
  const rule = { fullName: '检测报告', enCode: 'TestReport', category: 'analysis', prefix: 'BG', dateFormat: 'yyyyMMdd', digit: 4, startNumber: '7' };

  it('lists the rules page by page, with the example the form shows', async () => {
    const page = await call(suite.admin, 'GET', '/api/system/BillRule?currentPage=1&pageSize=2');
    expect(page.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 3 });
    expect(page.data.list).toHaveLength(2);
    const sample = (await call(suite.admin, 'GET', '/api/system/BillRule?keyword=SampleNo')).data.list[0];
    expect(sample).toMatchObject({ enCode: 'SampleNo', example: 'YP100000' });
  });

  it('creates a rule (start number padded to the width) and issues consecutive numbers', async () => {
    const created = await call(suite.admin, 'POST', '/api/system/BillRule', rule);
    expect(created.code).toBe(200);
    const stored = await call(suite.admin, 'GET', `/api/system/BillRule/${created.data.id}`);
    const today = billDatePart('yyyyMMdd', new Date());
    expect(stored.data).toMatchObject({ startNumber: '0007', example: `BG${today}0007` });
    expect((await call(suite.staff, 'GET', '/api/system/BillRule/BillNumber/TestReport')).data).toBe(`BG${today}0007`);
    expect((await call(suite.staff, 'GET', '/api/system/BillRule/BillNumber/TestReport')).data).toBe(`BG${today}0008`);
  });

  it('issues 200 parallel numbers, unique and consecutive', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => call(suite.staff, 'GET', '/api/system/BillRule/BillNumber/MatApply')));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    const sequences = answers.map((a) => Number(String(a.data).slice(-4))).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(200);
    expect(sequences[199] - sequences[0]).toBe(199);
    expect(sequences[0]).toBe(1);
  });

  it('starts the sequence again when the date part changes', async () => {
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    const first = await nextBillNumber(suite.database.db, 'TestReport', tomorrow);
    expect(first).toBe(`BG${billDatePart('yyyyMMdd', tomorrow)}0007`);
    // A rule without a date part never restarts.
    const a = await nextBillNumber(suite.database.db, 'SampleNo');
    const b = await nextBillNumber(suite.database.db, 'SampleNo', tomorrow);
    expect(Number(b.slice(2)) - Number(a.slice(2))).toBe(1);
  });

  it('restarts the sequence on an edit that changes the width, keeps it on one that does not, and stamps who and when', async () => {
    const stored = (await call(suite.admin, 'GET', '/api/system/BillRule?keyword=TestReport')).data.list[0];
    expect(stored).toMatchObject({ creatorUser: expect.any(String), lastModifyTime: null });
    const today = billDatePart('yyyyMMdd', new Date());
    const issued = (await call(suite.staff, 'GET', '/api/system/BillRule/BillNumber/TestReport')).data as string;
    // The description alone: the counter goes on.
    expect(await call(suite.admin, 'PUT', `/api/system/BillRule/${stored.id}`, { ...rule, description: '检测报告编号' })).toMatchObject({ code: 200, msg: '更新成功' });
    const next = (await call(suite.staff, 'GET', '/api/system/BillRule/BillNumber/TestReport')).data as string;
    expect(Number(next.slice(-4)) - Number(issued.slice(-4))).toBe(1);
    // Five digits: the sequence starts again from the start number, at the new width.
    expect((await call(suite.admin, 'PUT', `/api/system/BillRule/${stored.id}`, { ...rule, digit: 5 })).code).toBe(200);
    expect((await call(suite.staff, 'GET', '/api/system/BillRule/BillNumber/TestReport')).data).toBe(`BG${today}00007`);
    // Every signed-in user reads the rules (a form's numbering widget does); the edit's time is stamped.
    const read = await call(suite.staff, 'GET', `/api/system/BillRule/${stored.id}`);
    expect(read).toMatchObject({ code: 200, data: { digit: 5, startNumber: '00007', lastModifyTime: expect.anything() } });
    expect((await call(suite.staff, 'GET', '/api/system/BillRule?keyword=TestReport')).data.list).toHaveLength(1);
    expect(await call(suite.staff, 'PUT', `/api/system/BillRule/${stored.id}`, { ...rule, digit: 6 })).toMatchObject({ code: 403 });
    expect(await call(suite.admin, 'PUT', `/api/system/BillRule/${stored.id}`, { ...rule, digit: 4 })).toMatchObject({ code: 200 });
  });

  it('refuses bad rules with the spec messages, and writes nothing', async () => {
    const before = (await call(suite.admin, 'GET', '/api/system/BillRule')).data.pagination.total;
    const bad = async (change: object) => call(suite.admin, 'POST', '/api/system/BillRule', { ...rule, enCode: 'Bad', ...change });
    expect(await bad({ digit: 0 })).toMatchObject({ code: 400, msg: '流水位数须为1到9之间的整数' });
    expect(await bad({ digit: 10 })).toMatchObject({ code: 400, msg: '流水位数须为1到9之间的整数' });
    expect(await bad({ startNumber: '000' })).toMatchObject({ code: 400, msg: '流水起始只能是数字，且不能全为0' });
    expect(await bad({ startNumber: '12a' })).toMatchObject({ code: 400, msg: '流水起始只能是数字，且不能全为0' });
    expect(await bad({ startNumber: '12345' })).toMatchObject({ code: 400, msg: '流水起始不能超过流水位数' });
    expect(await bad({ dateFormat: 'dd/MM' })).toMatchObject({ code: 400, msg: '请选择日期格式' });
    expect(await bad({ fullName: '名'.repeat(51) })).toMatchObject({ code: 400, msg: '业务名称最多为50个字符' });
    expect(await bad({ category: '' })).toMatchObject({ code: 400, msg: '请选择业务分类' });
    expect(await bad({ sortCode: -1 })).toMatchObject({ code: 400, msg: '排序须为0到999999之间的数字' });
    expect(await bad({ enCode: 'MatApply' })).toMatchObject({ code: 409, msg: '业务编码已存在' });
    expect((await call(suite.admin, 'GET', '/api/system/BillRule')).data.pagination.total).toBe(before);
  });

  it('stops issuing numbers for a disabled rule, and keeps management to those with the buttons', async () => {
    const target = (await call(suite.admin, 'GET', '/api/system/BillRule?keyword=PurchaseOrder')).data.list[0];
    expect(await call(suite.staff, 'PUT', `/api/system/BillRule/${target.id}/Actions/State`)).toMatchObject({ code: 403 });
    expect(await call(suite.staff, 'DELETE', `/api/system/BillRule/${target.id}`)).toMatchObject({ code: 403 });
    expect(await call(suite.admin, 'PUT', `/api/system/BillRule/${target.id}/Actions/State`)).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect(await call(suite.staff, 'GET', '/api/system/BillRule/BillNumber/PurchaseOrder')).toMatchObject({ code: 400, msg: '单据规则已停用：PurchaseOrder' });
    expect(await call(suite.staff, 'GET', '/api/system/BillRule/BillNumber/NoSuchRule')).toMatchObject({ code: 404 });
  });

  it('exports a rule as a file its maker downloads, without the counter', async () => {
    const rule = (await call(suite.admin, 'GET', '/api/system/BillRule?keyword=MatApply')).data.list[0];
    expect((await call(suite.staff, 'GET', `/api/system/BillRule/${rule.id}/Action/Export`)).code).toBe(403);
    const exported = await call(suite.admin, 'GET', `/api/system/BillRule/${rule.id}/Action/Export`);
    const file = await suite.app.inject({ method: 'GET', url: exported.data.url, headers: { authorization: suite.admin } });
    const content = JSON.parse(file.body);
    expect(content).toMatchObject({ format: 'labcode.billRule.v1', rule: { enCode: 'MatApply', prefix: 'SL', digit: 4, startNumber: '0001' } });
    expect(content.rule).not.toHaveProperty('outputNumber');
  });
});
