import { APPROVAL_LABELS, REQUISITION_MESSAGES, REQUISITION_RULES, APPROVAL_STATES } from '../../../shared/requisitionRules.js';
import type { Language } from '../../../shared/language.js';

/**
 * The requisition's words under `matApply.`: the §5 messages its validator shows and the §4 labels its cell shows,
 * from the shared rules the server uses too. The screens carry their own labels (schemas/screens/bizData).
 */
const shared = (language: Language) => ({
  rule: Object.fromEntries(REQUISITION_RULES.map((rule) => [rule, REQUISITION_MESSAGES[rule][language]])),
  state: Object.fromEntries(APPROVAL_STATES.map((state) => [state, APPROVAL_LABELS[state][language]])),
});

export const zh = shared('zh');
export const zhtw: typeof zh = shared('zhtw');
export const en: typeof zh = shared('en');
