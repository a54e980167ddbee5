import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

const APPLY = '/api/example/BizMatApply';
const RETURNED = '/api/example/BizReturnedMats/selectReturnedMats';
const MENU_ID = 'menu-matApply.list';
const DAY = 24 * 60 * 60_000;

describe.each(testDatabases())('material requisitions on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const db = () => suite.database.db;
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  let stocked: { id: string; name: string; cas: string | null; item_code: string | null; spec: string | null }[] = [];
  let zhaolei = '';
  let heping = '';

  const countApplications = async () => Number((await db().selectFrom('biz_mat_apply').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const countDetails = async () => Number((await db().selectFrom('biz_mat_apply_detail').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const returnedStatus = async (id: string) => (await db().selectFrom('biz_returned_mat').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const openReturnedIds = async (token: string) => (await call(token, 'POST', RETURNED, { currentPage: 1, pageSize: 100 })).data.list.map((r: { id: string }) => r.id);

  /** A form staff may submit: one spare-stock row, no returned reagent; staff must fill a project (set below). */
  const form = (overrides: Record<string, unknown> = {}) => ({
    applicationUser: 'user-staff',
    applicationDate: Date.now(),
    projectId: 'proj-food-safety',
    needOrg: 'dept-analysis',
    companyId: 'org-company',
    needUser: 'user-staff',
    needDate: Date.now() + 7 * DAY,
    address: '实验楼三层 301 室',
    remarks: '',
    matApplyDetail: [{ productId: stocked[0].id, productCount: 2, customerUndertake: 0 }],
    returnedMatApplyDetail: [],
    ...overrides,
  });
  const save = (token: string, body: unknown, language?: string) =>
    suite.app
      .inject({ method: 'POST', url: `${APPLY}/saveMatApply`, headers: { authorization: token, ...(language ? { 'accept-language': language } : {}) }, payload: body as object })
      .then((r) => r.json());

  /** Submits a form that must be refused with this message, and checks nothing was written. */
  async function refused(body: unknown, message: string, token = suite.staff) {
    const [applications, details] = [await countApplications(), await countDetails()];
    const answer = await save(token, body);
    expect(answer.msg).toBe(message);
    expect(answer.code).toBe(400);
    expect(await countApplications()).toBe(applications);
    expect(await countDetails()).toBe(details);
  }

  beforeAll(async () => {
    stocked = await db().selectFrom('biz_item').select(['id', 'name', 'cas', 'item_code', 'spec']).where('stocked', '=', 'Y').where('del', '=', 0).orderBy('id').limit(3).execute();
    expect(stocked).toHaveLength(3);
    // Who must fill a project: staff and lina yes, sunhao no (the demo seed leaves everyone at 0).
    await db().updateTable('base_user').set({ fill_project: 1 }).where('id', 'in', ['user-staff', 'user-lina']).execute();
    // The requisition page's data schemes come with the demo seed (the matApply module's menus.json): staff own, procurement all.
    const schemes = await db()
      .selectFrom('base_module_data_scheme as s')
      .innerJoin('base_authorize as a', (join) => join.onRef('a.item_id', '=', 's.id').on('a.item_type', '=', 'resource'))
      .select(['s.kind', 'a.object_id'])
      .where('s.module_id', '=', MENU_ID)
      .execute();
    expect(schemes.map((s) => `${s.kind}:${s.object_id}`).sort()).toEqual(['all:role-procurement', 'own:role-lab-manager', 'own:role-staff']);
    zhaolei = await suite.tokenOf('zhaolei');
    heping = await suite.tokenOf('heping');
  });

  it("answers a user's enabled projects, and a user's open returned reagents paged", async () => {
    const projects = await call(suite.staff, 'GET', '/api/bizProject/getProjectByUserId/user-staff');
    expect(projects.code).toBe(200);
    expect(projects.data.list.map((p: { id: string }) => p.id).sort()).toEqual(['proj-food-safety', 'proj-heavy-metal', 'proj-hplc-method']);
    expect(projects.data.list[0]).toEqual({ id: expect.any(String), proName: expect.any(String) });
    expect((await call(suite.staff, 'GET', '/api/bizProject/getProjectByUserId/user-lina')).data.list.map((p: { id: string }) => p.id).sort()).toEqual(['proj-catalyst', 'proj-drug-impurity']);
    expect((await call(suite.staff, 'GET', '/api/bizProject/getProjectByUserId/nobody')).data.list).toEqual([]);

    const page = await call(suite.staff, 'POST', RETURNED, { currentPage: 1, pageSize: 3 });
    expect(page.code).toBe(200);
    expect(page.data.list).toHaveLength(3);
    expect(page.data.pagination).toEqual({ currentPage: 1, pageSize: 3, total: 7 });
    expect(page.data.list[0]).toEqual({
      id: 'ret-staff-01',
      itemId: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      name: '乙腈',
      cas: '75-05-8',
      spec: '4 L',
      brand: 'Honeywell',
      fineness: 'HPLC ≥99.9%',
      unit: '瓶',
      binName: 'A-01-02',
      expDate: '2027-06-30',
      applyNum: 2,
    });
    const third = await call(suite.staff, 'POST', RETURNED, { currentPage: 3, pageSize: 3 });
    expect(third.data.list).toHaveLength(1);
    expect((await call(suite.staff, 'POST', RETURNED, { keyword: '7778-77' })).data.list.map((r: { id: string }) => r.id)).toEqual(['ret-staff-03']);
    // Everyone sees only their own.
    expect((await openReturnedIds(suite.admin)).sort()).toEqual(['ret-admin-01', 'ret-admin-02', 'ret-admin-03']);
    expect(await openReturnedIds(zhaolei)).toEqual(['ret-zhaolei-01', 'ret-zhaolei-02']);
  });

  it("refuses each §5 rule alone with the spec's message, in the spec's order, writing nothing", async () => {
    await refused(form({ matApplyDetail: [], returnedMatApplyDetail: [] }), '您没有提交任何数据，请选择退库试剂或添加备库物料！');
    await refused(form({ matApplyDetail: null, returnedMatApplyDetail: null }), '您没有提交任何数据，请选择退库试剂或添加备库物料！');
    await refused(form({ matApplyDetail: [{ productId: stocked[0].id, productCount: 1 }, { productId: '', productCount: 1 }] }), '第2行请选择备库物料！');
    await refused(form({ matApplyDetail: [{ productId: stocked[0].id }] }), '第1行请填写备库物料领用数量！');
    await refused(form({ matApplyDetail: [{ productId: stocked[0].id, productCount: 0 }] }), '第1行请填写备库物料领用数量！');
    await refused(form({ projectId: '' }), '请选择项目！');
    await refused(form({ needDate: null }), '请填写需求日期！');
    await refused(form({ needUser: '' }), '请选择需求人！');
    await refused(form({ needOrg: '' }), '请选择需求人所在部门！');
    await refused(form({ address: '  ' }), '请填写配送地址！');
    // Several broken at once: the first in the spec's order wins.
    await refused(form({ projectId: '', needDate: '', needUser: '', needOrg: '', address: '' }), '请选择项目！');
    await refused(form({ needDate: '', address: '', needOrg: '' }), '请填写需求日期！');
    await refused(form({ needOrg: '', address: '' }), '请选择需求人所在部门！');
    await refused(form({ projectId: '', matApplyDetail: [{ productId: stocked[0].id, productCount: 1 }, { productId: stocked[1].id, productCount: '' }] }), '第2行请填写备库物料领用数量！');
    await refused(form({ projectId: '', address: '', matApplyDetail: [], returnedMatApplyDetail: [] }), '您没有提交任何数据，请选择退库试剂或添加备库物料！');
    // The other languages, by rule.
    expect((await save(suite.staff, form({ address: '' }), 'zh-TW')).msg).toBe('請填寫配送地址！');
    expect((await save(suite.staff, form({ matApplyDetail: [{ productCount: 1 }] }), 'en')).msg).toBe('Row 1: choose a spare-stock material!');
  });

  it("asks for a project only when the need user must fill one, and takes the flag from the need user", async () => {
    // lina must fill one; staff filing for her without one is refused.
    await refused(form({ needUser: 'user-lina', needOrg: 'dept-research', projectId: '' }), '请选择项目！');
    // sunhao need not: the same form without a project for him passes.
    const answer = await save(suite.staff, form({ needUser: 'user-sunhao', needOrg: 'dept-analysis', projectId: '' }));
    expect(answer.code).toBe(200);
    const record = await call(suite.staff, 'GET', `${APPLY}/${answer.data.id}`);
    expect(record.data).toMatchObject({ needUser: 'user-sunhao', needUserName: '孙浩', projectId: null, needOrg: 'dept-analysis', companyId: 'org-company', applicationUser: 'user-staff' });
  });

  it('checks what only the server knows: stocked products, counts, need user and department, project membership, lengths', async () => {
    const spare = (row: Record<string, unknown>) => form({ matApplyDetail: [{ productId: stocked[0].id, productCount: 1 }, row] });
    await refused(spare({ productId: 'no-such-item', productCount: 1 }), '第2行备库物料不存在或已不再备库，请重新选择！');
    await db().updateTable('biz_item').set({ stocked: 'N' }).where('id', '=', stocked[2].id).execute();
    try {
      await refused(spare({ productId: stocked[2].id, productCount: 1 }), '第2行备库物料不存在或已不再备库，请重新选择！');
    } finally {
      await db().updateTable('biz_item').set({ stocked: 'Y' }).where('id', '=', stocked[2].id).execute();
    }
    await db().updateTable('biz_item').set({ del: 1 }).where('id', '=', stocked[2].id).execute();
    try {
      await refused(spare({ productId: stocked[2].id, productCount: 1 }), '第2行备库物料不存在或已不再备库，请重新选择！');
    } finally {
      await db().updateTable('biz_item').set({ del: 0 }).where('id', '=', stocked[2].id).execute();
    }
    for (const productCount of [-1, 1.5, 10000, 'abc']) await refused(spare({ productId: stocked[1].id, productCount }), '第2行备库物料领用数量须为1到9999之间的整数！');
    await refused(spare({ productId: stocked[1].id, productCount: 1, customerUndertake: 2 }), '第2行是否客户承担只能为是或否！');
    await refused(form({ needDate: 'tomorrow' }), '需求日期格式不正确！');
    await refused(form({ needDate: Date.UTC(1970, 0, 2) }), '需求日期格式不正确！');
    await refused(form({ needUser: 'no-such-user' }), '需求人不存在或已停用！');
    await refused(form({ needOrg: 'dept-quality' }), '需求人不属于所选部门，请重新选择需求人所在部门！');
    await refused(form({ projectId: 'proj-catalyst' }), '所选项目不存在或需求人不是该项目成员，请重新选择项目！');
    await refused(form({ projectId: 'proj-reference-check' }), '所选项目不存在或需求人不是该项目成员，请重新选择项目！');
    await refused(form({ address: '地'.repeat(201) }), '配送地址最多为200个字符！');
    await refused(form({ remarks: '备'.repeat(501) }), '备注最多为500个字符！');
    await refused(form({ returnedMatApplyDetail: [{ returnedMatId: 'ret-staff-04' }, { returnedMatId: 'ret-staff-04' }] }), '退库试剂第2行重复提交！');
    expect(await returnedStatus('ret-staff-04')).toBe(0);
    // Bounds of the body itself.
    expect((await save(suite.staff, form({ matApplyDetail: Array.from({ length: 201 }, () => ({ productId: stocked[0].id, productCount: 1 })) }))).code).toBe(400);
  });

  it("refuses another user's returned reagent and writes nothing, not even the caller's own rows", async () => {
    await refused(
      form({ returnedMatApplyDetail: [{ returnedMatId: 'ret-staff-05' }, { returnedMatId: 'ret-zhaolei-01', cas: '109-99-9', productCount: 1 }] }),
      '退库试剂第2行不存在或已提交，请刷新后重新选择！',
    );
    expect(await returnedStatus('ret-staff-05')).toBe(0);
    expect(await returnedStatus('ret-zhaolei-01')).toBe(0);
    expect(await openReturnedIds(zhaolei)).toContain('ret-zhaolei-01');
    await refused(form({ returnedMatApplyDetail: [{ returnedMatId: 'no-such-row' }] }), '退库试剂第1行不存在或已提交，请刷新后重新选择！');
  });

  it('saves a requisition in one go: numbered, rows copied from the catalogue and the returned reagents, which leave the list', async () => {
    const before = await openReturnedIds(suite.staff);
    expect(before).toEqual(expect.arrayContaining(['ret-staff-01', 'ret-staff-02']));
    const answer = await save(
      suite.staff,
      form({
        remarks: '周五前送达',
        matApplyDetail: [
          { productId: stocked[0].id, productCount: '3', customerUndertake: 1, cas: 'forged', spec: 'forged' },
          { productId: stocked[1].id, productCount: 1 },
        ],
        // The client's counts and texts of returned rows are not taken: the reagent's own are.
        returnedMatApplyDetail: [{ returnedMatId: 'ret-staff-01', productCount: 99, cas: '1-1-1' }, { returnedMatId: 'ret-staff-02' }],
      }),
    );
    expect(answer).toMatchObject({ code: 200, msg: '提交成功', data: { id: expect.any(String), billNo: expect.stringMatching(/^SL\d{8}\d{4}$/) } });
    expect(await returnedStatus('ret-staff-01')).toBe(1);
    expect(await returnedStatus('ret-staff-02')).toBe(1);
    const after = await openReturnedIds(suite.staff);
    expect(after).not.toContain('ret-staff-01');
    expect(after).not.toContain('ret-staff-02');
    expect(after).toHaveLength(before.length - 2);

    const record = await call(suite.staff, 'GET', `${APPLY}/${answer.data.id}`);
    expect(record.code).toBe(200);
    expect(record.data).toMatchObject({
      id: answer.data.id,
      billNo: answer.data.billNo,
      applicationUser: 'user-staff',
      applicationUserName: '王小明',
      projectId: 'proj-food-safety',
      projectName: '食品安全快检试剂评估',
      needUser: 'user-staff',
      needOrg: 'dept-analysis',
      needOrgName: '分析测试部',
      companyId: 'org-company',
      address: '实验楼三层 301 室',
      remarks: '周五前送达',
      approvalStatus: null,
      voidStatus: 0,
      approvalState: 'pending',
      approvalStatusName: '待审批',
      spareCount: 2,
      returnedCount: 2,
    });
    expect(typeof record.data.needDate).toBe('number');
    expect(record.data.matApplyDetail).toEqual([
      expect.objectContaining({ productId: stocked[0].id, name: stocked[0].name, cas: stocked[0].cas ?? '', spec: stocked[0].spec ?? '', productNumber: stocked[0].item_code ?? '', productCount: 3, customerUndertake: 1 }),
      expect.objectContaining({ productId: stocked[1].id, productCount: 1, customerUndertake: 0 }),
    ]);
    expect(record.data.returnedMatApplyDetail).toEqual([
      expect.objectContaining({ returnedMatId: 'ret-staff-01', name: '乙腈', cas: '75-05-8', productCount: 2, unit: '瓶' }),
      expect.objectContaining({ returnedMatId: 'ret-staff-02', name: '甲醇', productCount: 1 }),
    ]);
    // Submitted once: the same reagents again are refused.
    await refused(form({ returnedMatApplyDetail: [{ returnedMatId: 'ret-staff-01' }] }), '退库试剂第1行不存在或已提交，请刷新后重新选择！');
  });

  it('lets two submissions race for one returned reagent: exactly one wins, the other writes nothing', async () => {
    const before = await countApplications();
    const body = form({ matApplyDetail: [], returnedMatApplyDetail: [{ returnedMatId: 'ret-staff-06' }] });
    const answers = await Promise.all([save(suite.staff, body), save(suite.staff, body)]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 400]);
    expect(await countApplications()).toBe(before + 1);
    const carriers = await db().selectFrom('biz_mat_apply_detail').select('apply_id').where('returned_mat_id', '=', 'ret-staff-06').execute();
    expect(carriers).toHaveLength(1);
  });

  it('numbers by the MatApply bill rule, and still numbers uniquely when an administrator disables it', async () => {
    await db().updateTable('base_bill_rule').set({ enabled_mark: 0 }).where('en_code', '=', 'MatApply').execute();
    try {
      const answer = await save(suite.staff, form());
      expect(answer.code).toBe(200);
      expect(answer.data.billNo).toMatch(/^SL\d{8}-[0-9A-F]{8}$/);
    } finally {
      await db().updateTable('base_bill_rule').set({ enabled_mark: 1 }).where('en_code', '=', 'MatApply').execute();
    }
    const numbers = (await db().selectFrom('biz_mat_apply').select('bill_no').execute()).map((r) => r.bill_no);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('shows staff their own requisitions only, procurement everyone’s, with approval labels; records follow the same scope', async () => {
    const zhaoleiAnswer = await save(zhaolei, form({ needUser: 'user-zhaolei', needOrg: 'dept-chromatography', projectId: 'proj-hplc-method', returnedMatApplyDetail: [{ returnedMatId: 'ret-zhaolei-02' }] }));
    expect(zhaoleiAnswer.code).toBe(200);
    const mine = await call(suite.staff, 'POST', `${APPLY}/getList`, { currentPage: 1, pageSize: 100 });
    expect(mine.code).toBe(200);
    const staffOwn = await db().selectFrom('biz_mat_apply').select('id').where('creator_user_id', '=', 'user-staff').execute();
    expect(mine.data.pagination.total).toBe(staffOwn.length);
    expect(mine.data.list.every((r: { creatorUserId: string }) => r.creatorUserId === 'user-staff')).toBe(true);
    expect(mine.data.list.map((r: { id: string }) => r.id)).not.toContain(zhaoleiAnswer.data.id);
    // Newest first, with the row fields the list shows.
    expect(mine.data.list[0]).toMatchObject({ billNo: expect.any(String), approvalStatusName: '待审批', needUserName: expect.any(String), spareCount: expect.any(Number) });
    const times = mine.data.list.map((r: { creatorTime: string }) => new Date(r.creatorTime).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const theirs = await call(zhaolei, 'POST', `${APPLY}/getList`, {});
    expect(theirs.data.list.map((r: { id: string }) => r.id)).toEqual([zhaoleiAnswer.data.id]);

    const everyone = await call(heping, 'POST', `${APPLY}/getList`, { pageSize: 100 });
    expect(everyone.data.pagination.total).toBe(await countApplications());
    expect(everyone.data.list.map((r: { id: string }) => r.id)).toContain(zhaoleiAnswer.data.id);
    expect((await call(suite.admin, 'POST', `${APPLY}/getList`, { pageSize: 100 })).data.pagination.total).toBe(await countApplications());

    // Keyword and paging.
    const byBill = await call(heping, 'POST', `${APPLY}/getList`, { keyword: zhaoleiAnswer.data.billNo });
    expect(byBill.data.list.map((r: { id: string }) => r.id)).toEqual([zhaoleiAnswer.data.id]);
    expect((await call(heping, 'POST', `${APPLY}/getList`, { pageSize: 1, currentPage: 2 })).data.list).toHaveLength(1);

    // A record outside the caller's scope does not exist for them.
    expect((await call(suite.staff, 'GET', `${APPLY}/${zhaoleiAnswer.data.id}`)).code).toBe(404);
    expect((await call(heping, 'GET', `${APPLY}/${zhaoleiAnswer.data.id}`)).data.returnedMatApplyDetail).toEqual([expect.objectContaining({ returnedMatId: 'ret-zhaolei-02' })]);
    expect((await call(suite.staff, 'GET', `${APPLY}/no-such-id`)).code).toBe(404);
  });

  it('lets the owner void an application not yet approved: voided, reagents open again, badge down; others and approved ones refused', async () => {
    const count = async (token: string) => {
      const answer = await call(token, 'GET', `${APPLY}/getApplyNum`);
      expect(answer.code).toBe(200);
      return answer.data as number;
    };
    const open = await count(suite.staff);
    const staffRows = await db().selectFrom('biz_mat_apply').select('id').where('creator_user_id', '=', 'user-staff').where('void_status', '=', 0).execute();
    expect(open).toBe(staffRows.length);
    expect(await count(suite.admin)).toBe(0);

    const answer = await save(suite.staff, form({ returnedMatApplyDetail: [{ returnedMatId: 'ret-staff-07' }] }));
    expect(await count(suite.staff)).toBe(open + 1);
    expect(await returnedStatus('ret-staff-07')).toBe(1);

    // Not the owner: refused, even for procurement who can see it.
    const byOther = await call(heping, 'PUT', `${APPLY}/${answer.data.id}/Actions/Void`);
    expect(byOther).toMatchObject({ code: 403, msg: '只能作废自己提交的申领单' });

    const voided = await call(suite.staff, 'PUT', `${APPLY}/${answer.data.id}/Actions/Void`);
    expect(voided).toMatchObject({ code: 200, msg: '作废成功' });
    const record = (await call(suite.staff, 'GET', `${APPLY}/${answer.data.id}`)).data;
    expect(record).toMatchObject({ voidStatus: 1, approvalStatus: -2, approvalState: 'voided', approvalStatusName: '已作废' });
    expect(await returnedStatus('ret-staff-07')).toBe(0);
    expect(await openReturnedIds(suite.staff)).toContain('ret-staff-07');
    expect(await count(suite.staff)).toBe(open);
    expect(await call(suite.staff, 'PUT', `${APPLY}/${answer.data.id}/Actions/Void`)).toMatchObject({ code: 400, msg: '申领单已审批通过或已作废，不能作废' });
    expect((await call(suite.staff, 'PUT', `${APPLY}/no-such-id/Actions/Void`)).code).toBe(404);

    // The type filter finds it among the voided.
    const voidedList = await call(suite.staff, 'POST', `${APPLY}/getList`, { type: 'voided' });
    expect(voidedList.data.list.map((r: { id: string }) => r.id)).toEqual([answer.data.id]);

    // Approval states as the badge and void see them: in approval counts and may be voided, approved neither,
    // rejected is not counted but may still be voided.
    const second = await save(suite.staff, form());
    await db().updateTable('biz_mat_apply').set({ approval_status: 1 }).where('id', '=', second.data.id).execute();
    expect(await count(suite.staff)).toBe(open + 1);
    expect((await call(suite.staff, 'GET', `${APPLY}/${second.data.id}`)).data.approvalStatusName).toBe('审批中');
    await db().updateTable('biz_mat_apply').set({ approval_status: 2 }).where('id', '=', second.data.id).execute();
    expect(await count(suite.staff)).toBe(open);
    expect((await call(suite.staff, 'GET', `${APPLY}/${second.data.id}`)).data.approvalStatusName).toBe('审批通过');
    expect((await call(suite.staff, 'PUT', `${APPLY}/${second.data.id}/Actions/Void`)).code).toBe(400);
    await db().updateTable('biz_mat_apply').set({ approval_status: 3 }).where('id', '=', second.data.id).execute();
    expect(await count(suite.staff)).toBe(open);
    expect((await call(suite.staff, 'GET', `${APPLY}/${second.data.id}`)).data.approvalStatusName).toBe('审批驳回');
    expect((await call(suite.staff, 'PUT', `${APPLY}/${second.data.id}/Actions/Void`)).code).toBe(200);
  });
});
