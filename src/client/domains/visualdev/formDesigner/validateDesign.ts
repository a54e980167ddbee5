import type { FormDefinition } from '../../../../shared/form/definition.js';

export type DesignProblemCode = 'keyMissing' | 'keyPattern' | 'keyDuplicate' | 'keyReserved' | 'regListPattern' | 'formula';

/** One thing wrong with a design, tied to the field that has it (the path is walkFields' path). */
export interface DesignProblem {
  code: DesignProblemCode;
  path: string;
  field?: string;
  label?: string;
  message: string;
}

export function validateDesign(_definition: FormDefinition, _language = 'zh'): DesignProblem[] {
  return [];
}
