import { readFormDefinition, type FormDefinition } from '../../../../shared/form/definition.js';

/** A preview input that cannot be read; key names the translated message, detail what JSON.parse said. */
export class PreviewInputError extends Error {
  constructor(readonly key: 'preview.notJson' | 'preview.noDefinition', readonly detail = '') {
    super(key);
    this.name = 'PreviewInputError';
  }
}

/**
 * What a person may paste or pick on the function-preview page: a form definition ({fields: [...]}), the JSON
 * string of one, or a stored row or API answer that holds it under formData (JNPF's F_FormData, data.formData).
 */
export function readPreviewInput(text: string): FormDefinition {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PreviewInputError('preview.notJson', error instanceof Error ? error.message : String(error));
  }
  for (let depth = 0; depth < 4; depth += 1) {
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value);
      } catch {
        break;
      }
      continue;
    }
    if (value && typeof value === 'object' && !Array.isArray((value as FormDefinition).fields)) {
      const holder = value as Record<string, unknown>;
      const inner = holder.formData ?? holder.F_FormData ?? (holder.data as Record<string, unknown> | undefined)?.formData;
      if (inner !== undefined) {
        value = inner;
        continue;
      }
    }
    break;
  }
  try {
    return readFormDefinition(value);
  } catch {
    throw new PreviewInputError('preview.noDefinition');
  }
}
