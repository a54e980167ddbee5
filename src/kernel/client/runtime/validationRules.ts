import { registerValidateRules } from '@formily/core';
import { validateFieldValue, validityMessage } from '../../../shared/validation/fieldValidation.js';
import { validateRows, type SubTableColumnRule } from '../../../shared/form/subTable.js';
import type { RegRule } from '../../../shared/form/definition.js';
import { widgetText } from '../../../../registry/widgetText.js';

/**
 * The compiler's validators are data ({jnpfField: true, required, regList}); these rules give them meaning,
 * through the shared validation module, so the form checks exactly what the server will.
 */
let registered = false;

export function registerJnpfValidators(): void {
  if (registered) return;
  registered = true;
  registerValidateRules({
    jnpfField(value: unknown, rule) {
      const { mustFill, regList, requiredMessage } = rule as { mustFill?: boolean; regList?: RegRule[]; requiredMessage?: string };
      const validity = validateFieldValue(value, { required: mustFill, regList });
      // A definition may word its own required message (the spec's 请输入名称); 不能为空 otherwise.
      if (!validity.valid && requiredMessage) return requiredMessage;
      return validityMessage(validity) ?? '';
    },
    jnpfTable(value: unknown, rule) {
      const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
      const result = validateRows(rows, (rule as { columns?: SubTableColumnRule[] }).columns ?? []);
      if (result.valid) return '';
      const first = result.invalid[0];
      return widgetText('rowInvalid', { row: first.row + 1, key: first.key, reason: validityMessage(first.validity) ?? '' }).trim();
    },
  });
}
