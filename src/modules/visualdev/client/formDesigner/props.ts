import type { FormDefinition } from '../../../../shared/form/definition.js';

/** What a host screen gives the designer: the JNPF formData it edits, and where each edit goes. */
export interface FormDesignerProps {
  value: FormDefinition;
  onChange(next: FormDefinition): void;
  /** The designer's height (default 100%: the host gives it a sized box). */
  height?: number | string;
}
