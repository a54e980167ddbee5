import { describe, expect, it } from 'vitest';
import { PHONE, apiSignIn, e2eContext, newPage, signIn } from '../../support/e2e/browser.js';
import { approveFromTodo, caller, keep, leaveForm, leaveList, rowAction, rowOf, submitLeave } from './workflowSteps.js';

/**
 * The workflow in Chromium (issue 16 item 5): an administrator gives a released design a two-step approval chain
 * from 功能设计's 流程配置; staff submit a record of it; the department head approves it in 待办事宜 with a common
 * word, the lab manager approves it next; staff find it adopted under 我发起的 with both approvals on
 * /workFlowDetail.
 */
describe('workflow in Chromium', () => {
  const ctx = e2eContext();

  it('a record goes through a two-step approval: to-do, approve with a common word, approve, adopted for the launcher', async () => {
    const call = await caller(ctx);
    const created = await call('POST', '/visualdev/Base', { fullName: '请假申请', enCode: 'e2eLeave', category: 'matApply', webType: 2, formData: JSON.stringify(leaveForm), columnData: JSON.stringify(leaveList), tables: '[]' });
    expect(created.code, created.msg).toBe(200);
    const designId = created.data.id as string;
    const released = await call('POST', `/visualdev/Base/${designId}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'], app: 0 });
    expect(released.code, released.msg).toBe(200);
    const menuId = released.data.menuId as string;
    const values = await call('GET', `/permission/Authority/Data/role-staff/Values?type=button&objectType=Role&moduleIds=${menuId}`);
    const buttonIds = ((values.data?.all ?? []) as string[]).filter((id) => id !== menuId && id !== 'menu-onlineDev');
    for (const item of ['menu-onlineDev', menuId, ...buttonIds]) {
      const holders = await call('GET', `/permission/Authority/Model/${item}/Role`);
      const saved = await call('PUT', `/permission/Authority/Model/${item}`, { objectType: 'Role', objectId: [...new Set([...(holders.data?.ids ?? []), 'role-staff'])] });
      expect(saved.code, `${item}: ${saved.msg}`).toBe(200);
    }

    // The administrator: 流程配置 on the design's row. Step 1 stays the department head; step 2 is 张伟.
    const errors: string[] = [];
    const admin = await newPage(ctx);
    admin.on('pageerror', (error) => errors.push(error.message));
    await signIn(admin, 'admin', 'admin123456', '/onlineDev/webDesign');
    await rowOf(admin, '请假申请').waitFor();
    await rowAction(admin, '请假申请', 'flowChain', '流程配置');
    const editor = admin.getByTestId('flow-chain-editor');
    await editor.waitFor();
    await editor.getByRole('button', { name: /添加节点/ }).click();
    await editor.getByTestId('flow-chain-step').nth(1).locator('input').first().fill('主管审批');
    await editor.getByTestId('flow-chain-approvers-1').locator('[data-picker-field] .ant-select-selector').click();
    const picker = admin.locator('.ant-modal.jnpf-picker-dialog');
    await picker.getByPlaceholder('请输入关键词查询').fill('张伟');
    await picker.getByPlaceholder('请输入关键词查询').press('Enter');
    await picker.getByTestId('picker-list').getByText('张伟/zhangwei', { exact: true }).click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await picker.waitFor({ state: 'hidden' });
    await keep(admin, 'workflow-chain-desktop');
    await admin.locator('.ant-modal', { has: editor }).getByRole('button', { name: /保\s*存/ }).click();
    await editor.waitFor({ state: 'detached' });
    const chain = await call('GET', `/workflow/Engine/FlowChain/${designId}`);
    expect(chain.data).toMatchObject({ enabledMark: 1, steps: [{ approverType: 'deptHead' }, { nodeName: '主管审批', approverType: 'user', approverIds: ['user-zhangwei'] }] });
    await admin.close();

    // Staff submit a record: the flow starts.
    const staff = await newPage(ctx);
    staff.on('pageerror', (error) => errors.push(error.message));
    await signIn(staff, 'staff', 'demo123456');
    await submitLeave(staff, '/e2eLeave', '参加学术会议', '3');

    // 徐艳 (head of 分析测试部) approves with a common word; 张伟 approves with a comment.
    const head = await newPage(ctx);
    head.on('pageerror', (error) => errors.push(error.message));
    await signIn(head, 'xuyan', 'demo123456');
    await approveFromTodo(head, '王小明的请假申请', '情况属实，同意申请', 'workflow');
    await head.getByTestId('flow-record').filter({ hasText: '情况属实，同意申请' }).waitFor();
    await head.close();

    const manager = await newPage(ctx);
    manager.on('pageerror', (error) => errors.push(error.message));
    await signIn(manager, 'zhangwei', 'demo123456');
    await approveFromTodo(manager, '王小明的请假申请', null, null);
    await manager.close();

    // The launcher: 审核通过 under 我发起的, and both approvals on the detail page.
    await staff.goto('/workFlow/flowLaunch');
    await rowOf(staff, '王小明的请假申请').getByText('审核通过').waitFor();
    await rowAction(staff, '王小明的请假申请', 'detail', '详情');
    await staff.waitForURL(/\/workFlowDetail\?id=/);
    await expect.poll(() => staff.getByTestId('flow-status').getAttribute('data-status')).toBe('2');
    const records = staff.getByTestId('flow-record');
    await expect.poll(() => records.count()).toBe(3);
    expect(await records.nth(1).textContent()).toContain('徐艳');
    expect(await records.nth(1).textContent()).toContain('情况属实，同意申请');
    expect(await records.nth(2).textContent()).toContain('张伟');
    expect(await records.nth(2).textContent()).toContain('准假，注意交接工作');
    await expect.poll(() => staff.locator('[data-field="reason"] input').first().inputValue()).toBe('参加学术会议');
    await keep(staff, 'workflow-adopted-desktop');
    await staff.close();

    // The phone: the to-do list and the detail of a second record waiting for 徐艳.
    const staffToken = await apiSignIn(ctx, 'staff', 'demo123456');
    const again = (await (await fetch(`${ctx.server.url}/api/visualdev/OnlineDev/${designId}`, { method: 'POST', headers: { authorization: staffToken, 'content-type': 'application/json' }, body: JSON.stringify({ data: JSON.stringify({ reason: '年假', days: 5 }) }) })).json()) as { code: number; msg: string };
    expect(again.code, again.msg).toBe(200);
    const phone = await newPage(ctx, PHONE);
    await signIn(phone, 'xuyan', 'demo123456', '/workFlow/flowTodo');
    await rowOf(phone, '王小明的请假申请').waitFor();
    // The previous-login notice covers the bottom of a phone; it is closed, as a person would, before the picture.
    const notice = phone.locator('.ant-notification-notice').first();
    if (await notice.waitFor({ timeout: 3000 }).then(() => true, () => false)) {
      await notice.locator('.ant-notification-notice-close').click();
      await notice.waitFor({ state: 'detached' });
    }
    await keep(phone, 'workflow-todo-phone');
    await rowAction(phone, '王小明的请假申请', 'detail', '审批');
    await phone.getByTestId('flow-audit').waitFor();
    await phone.locator('.ant-notification-notice').first().waitFor({ state: 'detached', timeout: 6000 }).catch(() => undefined);
    await keep(phone, 'workflow-detail-phone');
    await phone.close();
    expect(errors).toEqual([]);
  });
});
