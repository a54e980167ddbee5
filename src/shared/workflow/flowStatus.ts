/**
 * The workflow's codes (spec 000 §4, 001 §4): a flow's status, its urgency, and the handle actions its approval
 * records carry (the print approval table's handleStatus). Client and server read the same numbers.
 */
export const FlowStatus = { wait: 1, adopt: 2, reject: 3, revoke: 4, cancel: 5 } as const;
export type FlowStatusCode = (typeof FlowStatus)[keyof typeof FlowStatus];

export const FlowUrgency = { normal: 1, important: 2, urgent: 3 } as const;
export type FlowUrgencyCode = (typeof FlowUrgency)[keyof typeof FlowUrgency];
export const DEFAULT_FLOW_URGENCY: FlowUrgencyCode = FlowUrgency.normal;

/** 0 sent back, 1 approved, 2 initiated, 3 withdrawn, 4 terminated, 5 assigned, 6 added signer, 7 transferred, 8 changed, 9 revived. */
export const HandleStatus = { sentBack: 0, approved: 1, initiated: 2, withdrawn: 3, terminated: 4, assigned: 5, addedSigner: 6, transferred: 7, changed: 8, revived: 9 } as const;
export type HandleStatusCode = (typeof HandleStatus)[keyof typeof HandleStatus];

/** Who approves a step: named users, the holders of a role or a position, or the launcher's department head. */
export const APPROVER_TYPES = ['user', 'role', 'position', 'deptHead'] as const;
export type ApproverType = (typeof APPROVER_TYPES)[number];

/** One step of a design's linear approval chain. */
export interface FlowStep {
  nodeName: string;
  approverType: ApproverType;
  /** User, role or position ids; empty for deptHead. */
  approverIds: string[];
}

/** Limits of the chain editor and the approval comment. */
export const FLOW_LIMITS = { steps: 20, approverIds: 100, nodeNameLength: 50, opinionLength: 500, commonWordsLength: 200 } as const;
