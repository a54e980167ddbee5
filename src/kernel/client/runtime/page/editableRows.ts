import type { FieldDefinition } from '../../../../shared/form/definition.js';
import { validateFieldValue, validityMessage } from '../../../../shared/validation/fieldValidation.js';

/**
 * Editable lists (columnData type 4): a row is edited in place and saved alone. Its cells are checked with the
 * rules of the screen's form fields of the same key (required, requiredMessage, regList) before the save.
 */
export function rowProblem(row: Record<string, unknown>, fields: readonly FieldDefinition[] | undefined, labels: Record<string, string>): string | undefined {
  for (const field of fields ?? []) {
    const key = field.__vModel__;
    if (!key) continue;
    const config = field.__config__ ?? {};
    const validity = validateFieldValue(row[key], { required: config.required, regList: config.regList });
    if (validity.valid && validity.regValid) continue;
    const message = !validity.valid && config.requiredMessage ? config.requiredMessage : validityMessage(validity);
    return `${labels[key] ?? config.label ?? key}：${message}`;
  }
  return undefined;
}

export const NEW_ROW_KEY = '__new__';
