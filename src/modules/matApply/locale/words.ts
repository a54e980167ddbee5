import { APPROVAL_LABELS, APPROVAL_STATES, REQUISITION_MESSAGES, REQUISITION_RULES } from '../../../shared/requisitionRules.js';
import type { Translations } from '../../../shared/translations.js';

/**
 * The requisition's words in the web client, under `matApply.`: the §5 messages its validator shows and the §4
 * labels its cell shows. They are the shared rules' own texts (src/shared/requisitionRules.ts), which the server's
 * messages use too, so the two sides cannot say different things. The screens carry their own labels.
 */
export const matApplyWords: Translations = {
  ...Object.fromEntries(REQUISITION_RULES.map((rule) => [`matApply.rule.${rule}`, REQUISITION_MESSAGES[rule]])),
  ...Object.fromEntries(APPROVAL_STATES.map((state) => [`matApply.state.${state}`, APPROVAL_LABELS[state]])),
};
