import { describe, expect, it } from 'vitest';
import {
  approvalLabel,
  approvalState,
  canVoidApplication,
  firstRequisitionProblem,
  isOpenApplication,
  requisitionBadge,
  requisitionMessage,
  requisitionProblems,
  REQUISITION_MESSAGES,
  REQUISITION_RULES,
  spareCount,
  type RequisitionDraft,
} from '../../../src/shared/requisitionRules.js';
import { LANGUAGES } from '../../../src/shared/language.js';
import { parseCas } from '../../../src/shared/casNumber.js';
import demo from '../../../fixtures/matApply/projects.json' with { type: 'json' };
import organisation from '../../../fixtures/organize/organisation.json' with { type: 'json' };

/** A form that passes every §5 rule: one spare row and one returned row. */
const valid = (): RequisitionDraft & Record<string, unknown> => ({
  projectId: 'project-1',
  needDate: 1_790_000_000_000,
  needUser: 'user-staff',
  needOrg: 'dept-analysis',
  address: '实验楼 3 层 301',
  matApplyDetail: [{ productId: 'item-1', productCount: 2, customerUndertake: 0 }],
  returnedMatApplyDetail: [{ returnedMatId: 'ret-1' }],
});

const rules = (form: RequisitionDraft, fillProject = true) => requisitionProblems(form, { fillProject }).map((p) => (p.row ? `${p.rule}@${p.row}` : p.rule));
const first = (form: RequisitionDraft, fillProject = true) => {
  const problem = firstRequisitionProblem(form, { fillProject });
  return problem && requisitionMessage(problem);
};

describe('requisition submit rules of spec 001 §5', () => {
  it('passes a complete form, with either detail list alone', () => {
    expect(rules(valid())).toEqual([]);
    expect(rules({ ...valid(), matApplyDetail: [] })).toEqual([]);
    expect(rules({ ...valid(), returnedMatApplyDetail: undefined })).toEqual([]);
    expect(first(valid())).toBeNull();
  });

  it("answers each rule alone with the spec's exact Chinese message", () => {
    expect(first({ ...valid(), matApplyDetail: [], returnedMatApplyDetail: [] })).toBe('您没有提交任何数据，请选择退库试剂或添加备库物料！');
    expect(first({ ...valid(), matApplyDetail: [{ productId: 'a', productCount: 1 }, { productId: '', productCount: 1 }] })).toBe('第2行请选择备库物料！');
    expect(first({ ...valid(), matApplyDetail: [{ productId: 'a', productCount: null }] })).toBe('第1行请填写备库物料领用数量！');
    expect(first({ ...valid(), projectId: '' })).toBe('请选择项目！');
    expect(first({ ...valid(), needDate: null })).toBe('请填写需求日期！');
    expect(first({ ...valid(), needUser: '' })).toBe('请选择需求人！');
    expect(first({ ...valid(), needOrg: undefined })).toBe('请选择需求人所在部门！');
    expect(first({ ...valid(), address: '   ' })).toBe('请填写配送地址！');
  });

  it('checks in the spec’s order: nothing submitted first, then rows in order (product before count), project, date, user, department, address', () => {
    const broken: RequisitionDraft = {
      projectId: '',
      needDate: '',
      needUser: null,
      needOrg: '',
      address: '',
      matApplyDetail: [{ productId: 'a', productCount: 0 }, { productCount: 3 }, { productId: '', productCount: '' }],
    };
    expect(rules(broken)).toEqual([
      'spareCountRequired@1',
      'spareProductRequired@2',
      'spareProductRequired@3',
      'spareCountRequired@3',
      'projectRequired',
      'needDateRequired',
      'needUserRequired',
      'needOrgRequired',
      'addressRequired',
    ]);
    expect(first(broken)).toBe('第1行请填写备库物料领用数量！');
    // With nothing to submit, that is the only problem, however broken the rest is.
    expect(rules({ ...broken, matApplyDetail: [] })).toEqual(['nothingSubmitted']);
  });

  it('asks for a project only when the need user must fill one', () => {
    expect(rules({ ...valid(), projectId: null }, false)).toEqual([]);
    expect(rules({ ...valid(), projectId: null }, true)).toEqual(['projectRequired']);
  });

  it('reads counts as the client holds them: 0 is missing, whole numbers 1–9999 (numeric strings too) pass, anything else is invalid', () => {
    const countRule = (productCount: unknown) => rules({ ...valid(), matApplyDetail: [{ productId: 'a', productCount }] });
    for (const missing of [undefined, null, '', '  ', 0, '0', '00']) expect(countRule(missing), String(missing)).toEqual(['spareCountRequired@1']);
    for (const good of [1, '7', 9999, ' 12 ']) expect(countRule(good), String(good)).toEqual([]);
    for (const bad of [-1, 1.5, '1.5', 10000, 'abc', true, Number.NaN, '1e3']) expect(countRule(bad), String(bad)).toEqual(['spareCountInvalid@1']);
    expect(spareCount(' 12 ')).toBe(12);
    expect(spareCount('12a')).toBeNull();
  });

  it('treats a spare row that is not an object as a row with nothing filled', () => {
    expect(rules({ ...valid(), matApplyDetail: [null, 'x'] })).toEqual(['spareProductRequired@1', 'spareCountRequired@1', 'spareProductRequired@2', 'spareCountRequired@2']);
  });

  it('has every rule in the three languages, with the row placeholder where the rule has a row', () => {
    for (const rule of REQUISITION_RULES) {
      for (const language of LANGUAGES) {
        const text = REQUISITION_MESSAGES[rule][language];
        expect(text.length, `${rule} ${language}`).toBeGreaterThan(3);
        expect(text.includes('{{row}}'), `${rule} ${language}`).toBe(rule.startsWith('spare'));
      }
    }
    expect(requisitionMessage({ rule: 'spareProductRequired', row: 4 }, 'zhtw')).toBe('第4行請選擇備庫物料！');
    expect(requisitionMessage({ rule: 'addressRequired' }, 'en')).toBe('Enter the delivery address!');
  });
});

describe('approval status labels of spec 001 §4', () => {
  it('maps 0 pending, 1 in approval, 3 rejected, -2 voided and anything else approved', () => {
    expect(approvalLabel(0)).toBe('待审批');
    expect(approvalLabel(1)).toBe('审批中');
    expect(approvalLabel(3)).toBe('审批驳回');
    expect(approvalLabel(-2)).toBe('已作废');
    expect(approvalLabel(2)).toBe('审批通过');
    expect(approvalLabel(-1)).toBe('审批通过');
    expect(approvalLabel('1')).toBe('审批中');
    expect(approvalLabel(1, 0, 'en')).toBe('In approval');
  });

  it('shows a new application (empty status) as pending, and a voided one as voided whatever its status', () => {
    expect(approvalState(null)).toBe('pending');
    expect(approvalState(undefined)).toBe('pending');
    expect(approvalState(null, 1)).toBe('voided');
    expect(approvalState(2, 1)).toBe('voided');
  });

  it('counts pending and in-approval applications as open; lets the owner void anything not approved or voided', () => {
    expect([null, 0, 1, 3, -2, 2].map((s) => isOpenApplication(s, 0))).toEqual([true, true, true, false, false, false]);
    expect(isOpenApplication(null, 1)).toBe(false);
    expect([null, 0, 1, 3, -2, 2].map((s) => canVoidApplication(s, 0))).toEqual([true, true, true, true, false, false]);
    expect(canVoidApplication(0, 1)).toBe(false);
  });

  it('shows the badge up to 99', () => {
    expect(requisitionBadge(0)).toBe('0');
    expect(requisitionBadge(99)).toBe('99');
    expect(requisitionBadge(100)).toBe('99+');
  });
});

describe('the demo projects and returned reagents (fixtures/matApply/projects.json)', () => {
  const userIds = new Set(organisation.users.map((u) => u.id));
  const organizeIds = new Set(organisation.departments.map((d) => d.id));

  it('names demo users and departments that exist, each project with members and unique ids', () => {
    expect(demo.projects.length).toBeGreaterThanOrEqual(5);
    expect(new Set(demo.projects.map((p) => p.id)).size).toBe(demo.projects.length);
    for (const project of demo.projects) {
      expect(organizeIds.has(project.organizeId), project.id).toBe(true);
      expect(project.members.length, project.id).toBeGreaterThan(0);
      for (const member of project.members) expect(userIds.has(member), `${project.id} ${member}`).toBe(true);
    }
    // The staff account has open projects and a finished one (not offered).
    expect(demo.projects.filter((p) => p.members.includes('user-staff')).map((p) => p.enabledMark).sort()).toEqual([0, 1, 1, 1]);
  });

  it('gives returned reagents real CAS numbers, dates and positive counts, to existing users including admin and staff', () => {
    expect(new Set(demo.returnedMats.map((r) => r.id)).size).toBe(demo.returnedMats.length);
    for (const reagent of demo.returnedMats) {
      expect(parseCas(reagent.cas), reagent.id).toEqual({ ok: true, cas: reagent.cas });
      expect(userIds.has(reagent.userId), reagent.id).toBe(true);
      expect(reagent.expDate, reagent.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(reagent.expDate)), reagent.id).toBe(false);
      expect(Number.isInteger(reagent.applyNum) && reagent.applyNum > 0, reagent.id).toBe(true);
    }
    const holders = new Set(demo.returnedMats.map((r) => r.userId));
    expect(holders.has('user-admin') && holders.has('user-staff')).toBe(true);
  });
});
