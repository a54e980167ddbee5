import { describe, expect, it } from 'vitest';
import { e2eContext, newPage, signIn } from '../../support/e2e/browser.js';
import { approveFromTodo, caller, downloadedPdfText, keep, leaveForm, leaveList, rowOf, submitLeave } from '../../workflow/e2e/workflowSteps.js';

/**
 * Issue 16's "done when": a form goes through a two-step approval and its print shows both approvals. A designed
 * form with a two-step chain and a print template with the approval table; staff submit; 徐艳 and 张伟 approve in
 * 待办事宜; staff open the record, press Print, see both approvers in the preview and in the downloaded PDF's text.
 */
describe('approval print, in Chromium', () => {
  const ctx = e2eContext();

  it('prints a record approved in two steps with both approvals', async () => {
    const call = await caller(ctx);
    const list = { ...leaveList, columnBtnsList: [{ value: 'detail', label: '详情' }, ...leaveList.columnBtnsList] };
    const design = { fullName: '出差申请', enCode: 'e2eTrip', category: 'matApply', webType: 2, columnData: JSON.stringify(list), tables: '[]' };
    const created = await call('POST', '/visualdev/Base', { ...design, formData: JSON.stringify(leaveForm) });
    expect(created.code, created.msg).toBe(200);
    const designId = created.data.id as string;
    const template = {
      version: 1,
      page: { width: 595, height: 842, margin: 36 },
      boxes: [
        { id: 'f1', type: 'field', x: 36, y: 36, width: 250, height: 18, field: 'reason', label: '事由' },
        { id: 'ap', type: 'approvals', x: 36, y: 70, width: 523, height: 30 },
      ],
    };
    const printed = await call('POST', '/system/printDev', { fullName: '出差申请单', enCode: 'tripSheet', type: 2, visualDevId: designId, printTemplate: JSON.stringify(template), sortCode: 1, enabledMark: 1 });
    expect(printed.code, printed.msg).toBe(200);
    const templateId = (await call('GET', '/system/printDev?keyword=tripSheet')).data.list[0].id as string;
    const saved = await call('PUT', `/visualdev/Base/${designId}`, { ...design, formData: JSON.stringify({ ...leaveForm, hasPrintBtn: true, printId: templateId }) });
    expect(saved.code, saved.msg).toBe(200);
    const released = await call('POST', `/visualdev/Base/${designId}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'], app: 0 });
    expect(released.code, released.msg).toBe(200);
    const menuId = released.data.menuId as string;
    const values = await call('GET', `/permission/Authority/Data/role-staff/Values?type=button&objectType=Role&moduleIds=${menuId}`);
    const buttonIds = ((values.data?.all ?? []) as string[]).filter((id) => id !== menuId && id !== 'menu-onlineDev');
    for (const item of ['menu-onlineDev', menuId, ...buttonIds]) {
      const holders = await call('GET', `/permission/Authority/Model/${item}/Role`);
      const granted = await call('PUT', `/permission/Authority/Model/${item}`, { objectType: 'Role', objectId: [...new Set([...(holders.data?.ids ?? []), 'role-staff'])] });
      expect(granted.code, `${item}: ${granted.msg}`).toBe(200);
    }
    // The chain (its editor is workflow.test.ts's part): the department head, then 张伟.
    const chain = await call('PUT', `/workflow/Engine/FlowChain/${designId}`, {
      enabledMark: 1,
      steps: [
        { nodeName: '部门审批', approverType: 'deptHead', approverIds: [] },
        { nodeName: '主管审批', approverType: 'user', approverIds: ['user-zhangwei'] },
      ],
    });
    expect(chain.code, chain.msg).toBe(200);

    // Staff submit a record: the flow starts.
    const errors: string[] = [];
    const staff = await newPage(ctx);
    staff.on('pageerror', (error) => errors.push(error.message));
    await signIn(staff, 'staff', 'demo123456');
    await submitLeave(staff, '/e2eTrip', '赴京参加学术会议', '3');

    // 徐艳 approves with a common word, 张伟 with a comment, each in 待办事宜.
    for (const [account, word] of [['xuyan', '情况属实，同意申请'], ['zhangwei', null]] as const) {
      const approver = await newPage(ctx);
      approver.on('pageerror', (error) => errors.push(error.message));
      await signIn(approver, account, 'demo123456');
      await approveFromTodo(approver, '王小明的出差申请', word, null);
      await approver.close();
    }

    // Staff open the record, press Print: the preview's approval table holds both approvers and their actions.
    await staff.goto('/e2eTrip');
    await rowOf(staff, '赴京参加学术会议').locator('[data-action="detail"]').click();
    await staff.getByTestId('viewer-print').click();
    const preview = staff.getByTestId('print-preview');
    await preview.waitFor();
    await expect
      .poll(() => preview.locator('text').allTextContents())
      .toEqual(expect.arrayContaining(['事由：赴京参加学术会议', '审批人', '审批动作', '王小明', '发起', '部门审批', '徐艳', '主管审批', '张伟', '同意', '情况属实，同意申请', '准假，注意交接工作']));
    await keep(staff, 'approval-print-preview-desktop');

    const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByTestId('print-download').click()]);
    expect(download.suggestedFilename()).toBe('出差申请单.pdf');
    const text = await downloadedPdfText(download);
    for (const expected of ['赴京参加学术会议', '审批节点', '部门审批', '徐艳', '主管审批', '张伟', '同意']) expect(text).toContain(expected);
    expect(text.indexOf('徐艳')).toBeLessThan(text.indexOf('张伟'));
    await staff.close();
    expect(errors).toEqual([]);
  });
});
