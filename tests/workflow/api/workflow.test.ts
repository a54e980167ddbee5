import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/kernel/server/db/id.js';
import { approvalRecordsFor } from '../../../src/modules/workflow/server/approvalRecords.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/**
 * The workflow (issue 16 item 5): a design's approval chain, a flow started when a record is submitted, the to-do,
 * done and launched lists, the flow's detail, the actions (approve, reject, transfer, withdraw, cancel) with who
 * may take them, the record lock, the approval records print takes, and 审批常用语.
 */
const DESIGN = '/api/visualdev/Base';
const ONLINE = '/api/visualdev/OnlineDev';
const FLOW = '/api/workflow/Engine';

const leaveForm = {
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '事由', required: true }, __vModel__: 'reason', maxlength: 100 },
    { __config__: { jnpfKey: 'numInput', label: '天数' }, __vModel__: 'days' },
  ],
};
const leaveList = { type: 1, columnList: [{ prop: 'reason', label: '事由' }], btnsList: [{ value: 'add' }], columnBtnsList: [{ value: 'edit' }, { value: 'remove' }], hasPage: true, pageSize: 20 };

describe.each(testDatabases({ everyEngine: true }))('workflow on $name', (testDb) => {
  const suite = apiSuite(testDb, {});
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  let designId: string;
  let xuyan: string; // staff's department head (分析测试部)
  let zhangwei: string; // holds 实验室主管 (labManager) with liuyang, xuyan and mayue
  let liuyang: string;
  let lina: string;

  const submit = async (reason: string, extra: object = {}) => {
    const answer = await call(suite.staff, 'POST', `${ONLINE}/${designId}`, { data: JSON.stringify({ reason, days: 2 }), ...extra });
    expect(answer.code, answer.msg).toBe(200);
    return answer.data.id as string;
  };
  const todo = async (token: string, keyword = '') => (await call(token, 'GET', `${FLOW}/FlowBefore/List/1?currentPage=1&pageSize=20&keyword=${encodeURIComponent(keyword)}`)).data;
  const todoOf = async (token: string, recordId: string) => (await todo(token)).list.find((r: { recordId: string }) => r.recordId === recordId);
  const launched = async (recordId: string) => (await call(suite.staff, 'GET', `${FLOW}/FlowLaunch?currentPage=1&pageSize=50`)).data.list.find((r: { recordId: string }) => r.recordId === recordId);
  const counts = async () => {
    const db = suite.database.db;
    const n = async (table: 'flow_task' | 'flow_operator' | 'flow_record') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    return { tasks: await n('flow_task'), operators: await n('flow_operator'), records: await n('flow_record') };
  };

  beforeAll(async () => {
    const created = await call(suite.admin, 'POST', DESIGN, { fullName: '请假申请', enCode: 'leave_flow', category: 'matApply', webType: 2, formData: JSON.stringify(leaveForm), columnData: JSON.stringify(leaveList), tables: '[]' });
    expect(created.code, created.msg).toBe(200);
    designId = created.data.id;
    const released = await call(suite.admin, 'POST', `${DESIGN}/${designId}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'], app: 0 });
    expect(released.code, released.msg).toBe(200);
    // Staff (普通员工) opens the released page and may add, edit and delete.
    const db = suite.database.db;
    const buttons = await db.selectFrom('base_module_button').select(['id', 'en_code']).where('module_id', '=', released.data.menuId).execute();
    const items: [string, string][] = [['module', 'menu-onlineDev'], ['module', released.data.menuId], ...buttons.map((b) => ['button', b.id] as [string, string])];
    await db.insertInto('base_authorize').values(items.map(([item_type, item_id]) => ({ id: newId(), item_type, item_id, object_type: 'Role', object_id: 'role-staff' }))).execute();
    await suite.app.grants.invalidate();
    [xuyan, zhangwei, liuyang, lina] = await Promise.all(['xuyan', 'zhangwei', 'liuyang', 'lina'].map((a) => suite.tokenOf(a)));
  });

  it('saves a design\'s chain and refuses a bad one without writing', async () => {
    const empty = await call(suite.admin, 'GET', `${FLOW}/FlowChain/${designId}`);
    expect(empty.data).toMatchObject({ designId, fullName: '请假申请', enabledMark: 0, steps: [] });
    const bad = [
      [{ enabledMark: 1, steps: [] }, '请至少添加一个审批节点'],
      [{ enabledMark: 1, steps: [{ nodeName: '', approverType: 'user', approverIds: ['user-xuyan'] }] }, '请输入第1个节点的名称'],
      [{ enabledMark: 1, steps: [{ nodeName: '审核', approverType: 'boss', approverIds: [] }] }, '请选择第1个节点的审批人类型'],
      [{ enabledMark: 1, steps: [{ nodeName: '审核', approverType: 'role', approverIds: [] }] }, '请选择第1个节点的审批人'],
      [{ enabledMark: 1, steps: [{ nodeName: '审核', approverType: 'user', approverIds: ['user-nobody'] }] }, '第1个节点的审批人不存在或已停用'],
      [{ enabledMark: 1, flowUrgent: 4, steps: [{ nodeName: '审核', approverType: 'deptHead', approverIds: [] }] }, '紧急程度只能是普通、重要或紧急'],
    ] as const;
    for (const [body, msg] of bad) expect((await call(suite.admin, 'PUT', `${FLOW}/FlowChain/${designId}`, body)).msg).toBe(msg);
    expect((await call(suite.admin, 'GET', `${FLOW}/FlowChain/${designId}`)).data.steps).toEqual([]);
    // Staff may not configure chains; an unknown design is not found.
    expect((await call(suite.staff, 'PUT', `${FLOW}/FlowChain/${designId}`, { enabledMark: 0 })).code).toBe(403);
    expect((await call(suite.admin, 'GET', `${FLOW}/FlowChain/no-such-design`)).code).toBe(404);

    const saved = await call(suite.admin, 'PUT', `${FLOW}/FlowChain/${designId}`, {
      enabledMark: 1,
      flowUrgent: 2,
      steps: [
        { nodeName: '部门审批', approverType: 'deptHead', approverIds: [] },
        { nodeName: '主管审批', approverType: 'user', approverIds: ['user-zhangwei'] },
      ],
    });
    expect(saved.code, saved.msg).toBe(200);
    expect((await call(suite.admin, 'GET', `${FLOW}/FlowChain/${designId}`)).data).toMatchObject({ enabledMark: 1, flowUrgent: 2, steps: [{ nodeName: '部门审批', approverType: 'deptHead' }, { nodeName: '主管审批', approverIds: ['user-zhangwei'] }] });
  });

  it('goes through a two-step approval: to-dos, messages, done lists, detail and print records', async () => {
    const recordId = await submit('家中有事');
    const flow = await launched(recordId);
    expect(flow).toMatchObject({ status: 1, flowUrgent: 2, flowName: '请假申请', fullName: '王小明的请假申请', thisStep: '部门审批', userName: '王小明' });

    // Step 1 waits for the department head only, who got a message.
    expect(await todoOf(zhangwei, recordId)).toBeUndefined();
    const first = await todoOf(xuyan, recordId);
    expect(first).toMatchObject({ taskId: flow.id, nodeName: '部门审批', status: 1, flowUrgent: 2 });
    const inbox = (await call(xuyan, 'GET', '/api/message?type=2')).data.list;
    expect(inbox[0]).toMatchObject({ title: '王小明提交的请假申请待您审批', type: 2, isRead: 0 });

    // The launcher cannot edit or delete the record while it waits.
    expect((await call(suite.staff, 'PUT', `${ONLINE}/${designId}/${recordId}`, { data: JSON.stringify({ reason: '改', days: 3 }) })).msg).toBe('单据正在审批中或已审批通过，不能修改或删除');
    expect((await call(suite.staff, 'DELETE', `${ONLINE}/${designId}/${recordId}`)).msg).toBe('单据正在审批中或已审批通过，不能修改或删除');

    // Only the current approver acts on the to-do.
    expect((await call(zhangwei, 'POST', `${FLOW}/FlowBefore/Audit/${first.id}`, { handleOpinion: '越权' })).code).toBe(403);
    expect((await call(suite.staff, 'POST', `${FLOW}/FlowBefore/Audit/${first.id}`, {})).msg).toBe('您不是当前节点的审批人');
    const one = await call(xuyan, 'POST', `${FLOW}/FlowBefore/Audit/${first.id}`, { handleOpinion: '同意' });
    expect(one).toMatchObject({ code: 200, msg: '审批通过', data: { status: 1 } });
    // A to-do handled once is gone.
    expect((await call(xuyan, 'POST', `${FLOW}/FlowBefore/Audit/${first.id}`, {})).code).toBe(404);
    expect(await todoOf(xuyan, recordId)).toBeUndefined();
    expect((await call(xuyan, 'GET', `${FLOW}/FlowBefore/List/2?currentPage=1&pageSize=20`)).data.list[0]).toMatchObject({ taskId: flow.id, handleStatus: 1, handleOpinion: '同意', nodeName: '部门审批' });

    const second = await todoOf(zhangwei, recordId);
    expect(second).toMatchObject({ nodeName: '主管审批', thisStep: '主管审批' });
    expect((await call(zhangwei, 'POST', `${FLOW}/FlowBefore/Audit/${second.id}`, { handleOpinion: '准假' })).data.status).toBe(2);

    const detail = (await call(suite.staff, 'GET', `${FLOW}/FlowBefore/${flow.id}`)).data;
    expect(detail.flowTaskInfo).toMatchObject({ status: 2, completion: 100, recordId, formId: designId });
    expect(detail.formData).toMatchObject({ reason: '家中有事', days: 2 });
    expect(JSON.parse(detail.flowFormInfo.formData).fields).toHaveLength(2);
    expect(detail.flowTaskNodeList.map((n: { nodeName: string; approvers: string; state: string }) => [n.nodeName, n.approvers, n.state])).toEqual([['部门审批', '徐艳', 'done'], ['主管审批', '张伟', 'done']]);
    expect(detail.flowTaskOperatorRecordList.map((r: { handleStatus: number; userName: string; handleOpinion: string }) => [r.handleStatus, r.userName, r.handleOpinion])).toEqual([[2, '王小明', ''], [1, '徐艳', '同意'], [1, '张伟', '准假']]);
    expect(detail.actions).toMatchObject({ audit: false, withdraw: false, cancel: false });
    expect((await call(suite.staff, 'GET', '/api/message?type=2')).data.list[0].title).toBe('您提交的请假申请已审批通过');

    // What print's operatorRecordList takes.
    const records = await approvalRecordsFor(suite.database.db, { formId: designId, recordId });
    expect(records.map((r) => ({ nodeName: r.nodeName, userName: r.userName, handleStatus: r.handleStatus, handleOpinion: r.handleOpinion }))).toEqual([
      { nodeName: '开始', userName: '王小明', handleStatus: 2, handleOpinion: '' },
      { nodeName: '部门审批', userName: '徐艳', handleStatus: 1, handleOpinion: '同意' },
      { nodeName: '主管审批', userName: '张伟', handleStatus: 1, handleOpinion: '准假' },
    ]);
    expect(records.every((r) => typeof r.handleTime === 'number')).toBe(true);
    expect(await approvalRecordsFor(suite.database.db, { formId: designId, recordId: 'never-submitted' })).toEqual([]);

    // An approved record stays locked, and is not sent again.
    expect((await call(suite.staff, 'PUT', `${ONLINE}/${designId}/${recordId}`, { data: JSON.stringify({ reason: '改', days: 3 }) })).code).toBe(400);
    expect((await call(suite.staff, 'POST', `${FLOW}/FlowTask`, { formId: designId, recordId })).msg).toBe('该单据已审批通过');
    // Someone outside the flow does not see it; a stranger's id is not found.
    expect((await call(lina, 'GET', `${FLOW}/FlowBefore/${flow.id}`)).code).toBe(404);
    expect((await call(suite.admin, 'GET', `${FLOW}/FlowBefore/${flow.id}`)).code).toBe(200);
  });

  it('prints both approvals: printDev Data answers operatorRecordList from the real two-step flow, in order', async () => {
    const recordId = await submit('出差');
    const first = await todoOf(xuyan, recordId);
    expect((await call(xuyan, 'POST', `${FLOW}/FlowBefore/Audit/${first.id}`, { handleOpinion: '同意出差' })).code).toBe(200);
    const second = await todoOf(zhangwei, recordId);
    expect((await call(zhangwei, 'POST', `${FLOW}/FlowBefore/Audit/${second.id}`, { handleOpinion: '批准' })).data.status).toBe(2);
    const template = {
      version: 1,
      page: { width: 595, height: 842, margin: 36 },
      boxes: [
        { id: 'f1', type: 'field', x: 36, y: 36, width: 250, height: 18, field: 'reason', label: '事由' },
        { id: 'ap', type: 'approvals', x: 36, y: 70, width: 523, height: 30 },
      ],
    };
    const created = await call(suite.admin, 'POST', '/api/system/printDev', { fullName: '请假单打印', enCode: 'leavePrint', type: 2, visualDevId: designId, printTemplate: JSON.stringify(template), sortCode: 1, enabledMark: 1 });
    expect(created.code, created.msg).toBe(200);
    const answer = await call(suite.admin, 'GET', `/api/system/printDev/Data?id=${created.data.id}&formId=${recordId}`);
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.printData).toMatchObject({ id: recordId, reason: '出差' });
    const list = answer.data.operatorRecordList as { nodeName: string; userName: string; handleStatus: number; handleOpinion: string; handleTime: number }[];
    expect(list.map((r) => [r.nodeName, r.userName, r.handleStatus, r.handleOpinion])).toEqual([
      ['开始', '王小明', 2, ''],
      ['部门审批', '徐艳', 1, '同意出差'],
      ['主管审批', '张伟', 1, '批准'],
    ]);
    expect(list[1].handleTime).toBeLessThanOrEqual(list[2].handleTime);
  });

  it('rejects: the flow ends rejected, the record is editable and can be sent again', async () => {
    const recordId = await submit('体检');
    const first = await todoOf(xuyan, recordId);
    const rejected = await call(xuyan, 'POST', `${FLOW}/FlowBefore/Reject/${first.id}`, { handleOpinion: '请补充说明后重新提交' });
    expect(rejected).toMatchObject({ code: 200, msg: '已驳回', data: { status: 3 } });
    const flow = await launched(recordId);
    expect(flow).toMatchObject({ status: 3 });
    expect((await call(suite.staff, 'GET', '/api/message?type=2')).data.list[0].title).toBe('您提交的请假申请被驳回');
    expect((await call(suite.staff, 'PUT', `${ONLINE}/${designId}/${recordId}`, { data: JSON.stringify({ reason: '体检（附证明）', days: 1 }) })).code).toBe(200);
    const again = await call(suite.staff, 'POST', `${FLOW}/FlowTask`, { formId: designId, recordId, flowUrgent: 3 });
    expect(again.code, again.msg).toBe(200);
    expect(await launched(recordId)).toMatchObject({ id: again.data.id, status: 1, flowUrgent: 3 });
    expect((await call(suite.staff, 'POST', `${FLOW}/FlowTask`, { formId: designId, recordId })).msg).toBe('该单据已有审批中的流程');
    // Another user's record is not theirs to send.
    expect((await call(lina, 'POST', `${FLOW}/FlowTask`, { formId: designId, recordId })).code).toBe(403);
  });

  it('withdraws: only the launcher, only while waiting (status 4 revoke)', async () => {
    const recordId = await submit('调休');
    const flow = await launched(recordId);
    expect((await call(xuyan, 'PUT', `${FLOW}/FlowLaunch/${flow.id}/Actions/Withdraw`, {})).msg).toBe('只有发起人可以撤回流程');
    const withdrawn = await call(suite.staff, 'PUT', `${FLOW}/FlowLaunch/${flow.id}/Actions/Withdraw`, { handleOpinion: '日期有误' });
    expect(withdrawn).toMatchObject({ code: 200, data: { status: 4 } });
    expect(await launched(recordId)).toMatchObject({ status: 4 });
    // The approver's to-do is gone; a second withdraw is refused.
    expect(await todoOf(xuyan, recordId)).toBeUndefined();
    expect((await call(suite.staff, 'PUT', `${FLOW}/FlowLaunch/${flow.id}/Actions/Withdraw`, {})).msg).toBe('流程已结束，不能再处理');
    const records = await approvalRecordsFor(suite.database.db, { formId: designId, recordId });
    expect(records.at(-1)).toMatchObject({ handleStatus: 3, handleOpinion: '日期有误', userName: '王小明', nodeName: '部门审批' });
  });

  it('lets exactly one of concurrent actions on a flow win; the others answer "handled" or "ended", never an error', async () => {
    for (let round = 0; round < 6; round += 1) {
      const recordId = await submit(`并发 ${round}`);
      const flow = await launched(recordId);
      const first = await todoOf(xuyan, recordId);
      const before = await counts();
      // Three actions that each end the flow, from the approver and the launcher at once.
      const answers = await Promise.all([
        call(xuyan, 'POST', `${FLOW}/FlowBefore/Reject/${first.id}`, { handleOpinion: '驳回' }),
        call(suite.staff, 'PUT', `${FLOW}/FlowLaunch/${flow.id}/Actions/Withdraw`, {}),
        call(suite.staff, 'POST', `${FLOW}/FlowBefore/Cancel/${flow.id}`, {}),
        call(xuyan, 'POST', `${FLOW}/FlowBefore/Audit/${first.id}`, { handleOpinion: '同意' }),
      ]);
      const codes = answers.map((a) => a.code);
      expect(codes, JSON.stringify(answers)).not.toContain(500);
      // One of the three ending actions won; approve won only if it came first, and then one ending action too.
      const ended = codes.slice(0, 3).filter((code) => code === 200).length;
      expect(ended, JSON.stringify(answers)).toBe(1);
      for (const answer of answers.filter((a) => a.code !== 200)) expect(['待办事项不存在或已处理', '流程已结束，不能再处理']).toContain(answer.msg);
      const after = await counts();
      // One record per winning action, nothing half-written.
      expect(after.records - before.records).toBe(codes.filter((code) => code === 200).length);
      expect((await launched(recordId)).status).not.toBe(1);
    }
  });

  it('transfers: the step passes to the chosen user, who then approves', async () => {
    const recordId = await submit('年假');
    const first = await todoOf(xuyan, recordId);
    const refusals = [
      [{}, '请选择转审人'],
      [{ freeApproverUserId: 'user-xuyan' }, '不能转审给自己'],
      [{ freeApproverUserId: 'user-nobody' }, '转审人不存在或已停用'],
    ] as const;
    for (const [body, msg] of refusals) expect((await call(xuyan, 'POST', `${FLOW}/FlowBefore/Transfer/${first.id}`, body)).msg).toBe(msg);
    expect((await call(liuyang, 'POST', `${FLOW}/FlowBefore/Transfer/${first.id}`, { freeApproverUserId: 'user-liuyang' })).code).toBe(403);
    const moved = await call(xuyan, 'POST', `${FLOW}/FlowBefore/Transfer/${first.id}`, { freeApproverUserId: 'user-liuyang', handleOpinion: '请刘洋代审' });
    expect(moved).toMatchObject({ code: 200, msg: '已转审' });
    expect(await todoOf(xuyan, recordId)).toBeUndefined();
    const handed = await todoOf(liuyang, recordId);
    expect(handed).toMatchObject({ nodeName: '部门审批' });
    expect((await call(xuyan, 'GET', `${FLOW}/FlowBefore/List/2?currentPage=1&pageSize=20`)).data.list[0]).toMatchObject({ handleStatus: 7, handleOpinion: '请刘洋代审' });
    expect((await call(liuyang, 'POST', `${FLOW}/FlowBefore/Audit/${handed.id}`, {})).data.status).toBe(1);
    expect(await todoOf(zhangwei, recordId)).toBeTruthy();
    const records = await approvalRecordsFor(suite.database.db, { formId: designId, recordId });
    expect(records.map((r) => [r.handleStatus, r.userName, r.freeApproverUserName])).toEqual([[2, '王小明', ''], [7, '徐艳', '刘洋'], [1, '刘洋', '']]);
  });

  it('cancels: the launcher or an administrator, nobody else (status 5 cancel)', async () => {
    const mine = await launched(await submit('病假'));
    expect((await call(zhangwei, 'POST', `${FLOW}/FlowBefore/Cancel/${mine.id}`, {})).msg).toBe('只有发起人或管理员可以作废流程');
    expect((await call(suite.staff, 'POST', `${FLOW}/FlowBefore/Cancel/${mine.id}`, { handleOpinion: '不再需要' })).data.status).toBe(5);
    expect((await call(suite.staff, 'GET', `${FLOW}/FlowBefore/${mine.id}`)).data.flowTaskInfo.status).toBe(5);

    const other = await launched(await submit('事假'));
    expect((await call(suite.admin, 'POST', `${FLOW}/FlowBefore/Cancel/${other.id}`, {})).data.status).toBe(5);
    expect((await call(suite.admin, 'POST', `${FLOW}/FlowBefore/Cancel/${other.id}`, {})).msg).toBe('流程已结束，不能再处理');
    expect((await call(suite.admin, 'POST', `${FLOW}/FlowBefore/Cancel/no-such-flow`, {})).code).toBe(404);
  });

  it('refuses bad ids, over-long comments and bad lists without changing anything', async () => {
    const recordId = await submit('婚假');
    const first = await todoOf(xuyan, recordId);
    const before = await counts();
    expect((await call(xuyan, 'POST', `${FLOW}/FlowBefore/Audit/${first.id}`, { handleOpinion: '长'.repeat(501) })).msg).toBe('审批意见最多为500个字符');
    expect((await call(xuyan, 'POST', `${FLOW}/FlowBefore/Reject/${first.id}`, { handleOpinion: 'x'.repeat(20_000) })).code).toBe(400);
    expect((await call(xuyan, 'POST', `${FLOW}/FlowBefore/Audit/no-such-todo`, {})).code).toBe(404);
    expect((await call(xuyan, 'POST', `${FLOW}/FlowBefore/Audit/${'x'.repeat(60)}`, {})).code).toBe(400);
    expect((await call(xuyan, 'GET', `${FLOW}/FlowBefore/List/3`)).code).toBe(400);
    expect((await call(xuyan, 'GET', `${FLOW}/FlowBefore/no-such-flow`)).code).toBe(404);
    expect((await call(suite.staff, 'POST', `${FLOW}/FlowTask`, { formId: designId, recordId: 'no-such-record' })).code).toBe(404);
    expect((await call(suite.staff, 'POST', `${FLOW}/FlowTask`, { formId: 'no-such-design', recordId })).code).toBe(404);
    expect(await counts()).toEqual(before);
    // English callers read the refusal in English.
    const english = await suite.app.inject({ method: 'POST', url: `${FLOW}/FlowBefore/Audit/${first.id}`, headers: { authorization: xuyan, 'accept-language': 'en' }, payload: { handleOpinion: '长'.repeat(501) } });
    expect(english.json().msg).toBe('The comment has at most 500 characters');
    // 500 characters exactly is accepted.
    expect((await call(xuyan, 'POST', `${FLOW}/FlowBefore/Audit/${first.id}`, { handleOpinion: '长'.repeat(500) })).code).toBe(200);
  });

  it('pages the lists and filters by urgency and keyword', async () => {
    const page = (await call(suite.staff, 'GET', `${FLOW}/FlowLaunch?currentPage=1&pageSize=2`)).data;
    expect(page.list).toHaveLength(2);
    expect(page.pagination.total).toBeGreaterThanOrEqual(7);
    const urgent = (await call(suite.staff, 'GET', `${FLOW}/FlowLaunch?currentPage=1&pageSize=50&flowUrgent=3`)).data.list;
    expect(urgent.length).toBeGreaterThan(0);
    expect(urgent.every((r: { flowUrgent: number }) => r.flowUrgent === 3)).toBe(true);
    expect((await call(suite.staff, 'GET', `${FLOW}/FlowLaunch?keyword=${encodeURIComponent('不存在的流程')}`)).data.list).toEqual([]);
  });

  it('keeps 审批常用语: system words for the page\'s holders, each user\'s own words, one picker', async () => {
    const selector = (await call(lina, 'GET', '/api/system/CommonWords/Selector')).data.list;
    expect(selector.map((w: { commonWordsText: string }) => w.commonWordsText)).toEqual(['同意', '情况属实，同意申请', '请补充说明后重新提交', '不同意']);
    const system = await call(suite.admin, 'POST', '/api/system/CommonWords', { commonWordsText: '已核实', sortCode: 9, commonWordsType: 0 });
    expect(system.code, system.msg).toBe(200);
    expect((await call(lina, 'POST', '/api/system/CommonWords', { commonWordsText: '越权', commonWordsType: 0 })).code).toBe(403);
    const own = await call(lina, 'POST', '/api/system/CommonWords', { commonWordsText: '我的常用语', commonWordsType: 1 });
    expect(own.code, own.msg).toBe(200);
    expect((await call(lina, 'GET', '/api/system/CommonWords/Selector')).data.list.map((w: { commonWordsText: string }) => w.commonWordsText)).toEqual(['同意', '情况属实，同意申请', '请补充说明后重新提交', '不同意', '已核实', '我的常用语']);
    // Lina's words are hers alone; system words are not hers to change.
    expect((await call(zhangwei, 'GET', '/api/system/CommonWords/Selector')).data.list).toHaveLength(5);
    expect((await call(zhangwei, 'DELETE', `/api/system/CommonWords/${own.data.id}`)).code).toBe(404);
    expect((await call(lina, 'PUT', `/api/system/CommonWords/${system.data.id}`, { commonWordsText: '改' })).code).toBe(403);
    expect((await call(lina, 'PUT', `/api/system/CommonWords/${own.data.id}`, { commonWordsText: '' })).msg).toBe('请输入常用语');
    expect((await call(lina, 'PUT', `/api/system/CommonWords/${own.data.id}`, { commonWordsText: '字'.repeat(201) })).msg).toBe('常用语最多为200个字符');
    expect((await call(lina, 'PUT', `/api/system/CommonWords/${own.data.id}`, { commonWordsText: '好', sortCode: -1 })).msg).toBe('排序须为0到999999之间的整数');
    expect((await call(lina, 'GET', `/api/system/CommonWords/${own.data.id}`)).data.commonWordsText).toBe('我的常用语');
    expect((await call(lina, 'PUT', `/api/system/CommonWords/${own.data.id}`, { commonWordsText: '我的新常用语' })).code).toBe(200);
    expect((await call(lina, 'GET', '/api/system/CommonWords?currentPage=1&pageSize=20')).data.list.map((w: { commonWordsText: string }) => w.commonWordsText)).toEqual(['我的新常用语']);
    expect((await call(suite.admin, 'GET', '/api/system/CommonWords?currentPage=1&pageSize=20')).data.pagination.total).toBe(5);
    expect((await call(lina, 'DELETE', `/api/system/CommonWords/${own.data.id}`)).code).toBe(200);
    expect((await call(suite.admin, 'DELETE', `/api/system/CommonWords/${system.data.id}`)).code).toBe(200);
  });
});
