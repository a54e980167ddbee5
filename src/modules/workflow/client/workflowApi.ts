import type { FlowStep } from '../../../shared/workflow/flowStatus.js';
import { request } from '../../../kernel/client/api/request.js';

/** The workflow calls (JNPF's /api/workflow/Engine paths and /api/system/CommonWords). */
export interface OperatorRecord {
  id: string;
  nodeName: string;
  userName: string;
  handleTime: number;
  handleStatus: number;
  handleOpinion: string;
  freeApproverUserName: string;
}

export interface FlowDetail {
  flowTaskInfo: { id: string; fullName: string; flowName: string; status: number; flowUrgent: number; thisStep: string; completion: number; startTime: number; endTime: number | null; userName: string; formId: string; recordId: string };
  flowFormInfo: { id: string; fullName: string; formData: string } | null;
  formData: Record<string, unknown> | null;
  flowTaskNodeList: { nodeName: string; approverType: string; approvers: string; state: 'done' | 'current' | 'waiting' }[];
  flowTaskOperatorRecordList: OperatorRecord[];
  actions: { taskOperatorId: string | null; audit: boolean; reject: boolean; transfer: boolean; withdraw: boolean; cancel: boolean };
}

export interface Chain {
  designId: string;
  fullName: string;
  enabledMark: number;
  flowUrgent: number;
  steps: FlowStep[];
}

export interface CommonWords {
  id: string;
  commonWordsText: string;
  commonWordsType: number;
}

const BASE = '/workflow/Engine';
const seg = encodeURIComponent;

export const workflowApi = {
  detail: async (id: string) => (await request<FlowDetail>({ url: `${BASE}/FlowBefore/${seg(id)}` })).data,
  audit: (operatorId: string, handleOpinion: string) => request({ url: `${BASE}/FlowBefore/Audit/${seg(operatorId)}`, method: 'POST', data: { handleOpinion } }),
  reject: (operatorId: string, handleOpinion: string) => request({ url: `${BASE}/FlowBefore/Reject/${seg(operatorId)}`, method: 'POST', data: { handleOpinion } }),
  transfer: (operatorId: string, freeApproverUserId: string, handleOpinion: string) => request({ url: `${BASE}/FlowBefore/Transfer/${seg(operatorId)}`, method: 'POST', data: { freeApproverUserId, handleOpinion } }),
  withdraw: (taskId: string, handleOpinion: string) => request({ url: `${BASE}/FlowLaunch/${seg(taskId)}/Actions/Withdraw`, method: 'PUT', data: { handleOpinion } }),
  cancel: (taskId: string, handleOpinion: string) => request({ url: `${BASE}/FlowBefore/Cancel/${seg(taskId)}`, method: 'POST', data: { handleOpinion } }),
  chain: async (designId: string) => (await request<Chain>({ url: `${BASE}/FlowChain/${seg(designId)}` })).data,
  saveChain: (designId: string, chain: Omit<Chain, 'designId' | 'fullName'>) => request({ url: `${BASE}/FlowChain/${seg(designId)}`, method: 'PUT', data: chain }),
  words: async () => (await request<{ list: CommonWords[] }>({ url: '/system/CommonWords/Selector' })).data.list,
  addWords: (commonWordsText: string) => request({ url: '/system/CommonWords', method: 'POST', data: { commonWordsText, commonWordsType: 1 } }),
};
