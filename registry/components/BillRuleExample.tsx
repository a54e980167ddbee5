import { memo } from 'react';
import { Input } from 'antd';
import { billRuleExample } from '../../src/shared/billNumber.js';
import type { WidgetProps } from '../types.js';

/** The bill-rule form's example: prefix + today in the date format + the padded start number, live as you type. */
export const BillRuleExample = memo(function BillRuleExample({ formValues }: WidgetProps) {
  const values = (formValues ?? {}) as Record<string, unknown>;
  const digit = Number(values.digit);
  const example =
    Number.isInteger(digit) && digit >= 1 && digit <= 9
      ? billRuleExample({ prefix: String(values.prefix ?? ''), dateFormat: String(values.dateFormat ?? 'no'), digit, startNumber: String(values.startNumber ?? '') })
      : '';
  return <Input readOnly value={example} data-testid="bill-rule-example" />;
});
