import { NAME_MAX_LENGTH, SORT_CODE_MAX, SORT_CODE_MIN } from '../../../shared/constants.js';
import { AppError } from '../appError.js';
import type { MessageKey } from '../locales/messages.js';

/**
 * The checks every named system record passes (spec 001 §5): a name and a code, required and at most 50
 * characters, a sort code from 0 to 999999, enabledMark 0 or 1. Each screen has its own wording for the first
 * two (业务名称, 字典名称…), so the keys are passed in; the rules are these, once.
 */
export interface TextMessages {
  required: MessageKey;
  tooLong: MessageKey;
}

/** Trimmed text, required, at most `max` characters (counted as the user sees them, not UTF-16 units). */
export function requiredText(value: unknown, messages: TextMessages, max: number = NAME_MAX_LENGTH): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw AppError.badRequest(messages.required);
  if ([...text].length > max) throw AppError.badRequest(messages.tooLong);
  return text;
}

/** Empty means 0; anything else must be a whole number in range. */
export function sortCodeOf(value: unknown): number {
  if (value === undefined || value === null || value === '') return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < SORT_CODE_MIN || n > SORT_CODE_MAX) throw AppError.badRequest('record.sortOutOfRange');
  return n;
}

/** Records are enabled unless the caller says 0. */
export const enabledMarkOf = (value: unknown): number => (value === 0 || value === '0' ? 0 : 1);

export interface NamedRecordInput {
  fullName?: unknown;
  enCode?: unknown;
  sortCode?: unknown;
  enabledMark?: unknown;
  description?: unknown;
}

/** fullName, enCode, sortCode, enabledMark and description checked, as the columns store them. */
export function namedRecordColumns(input: NamedRecordInput, messages: { name: TextMessages; code: TextMessages }) {
  return {
    full_name: requiredText(input.fullName, messages.name),
    en_code: requiredText(input.enCode, messages.code),
    sort_code: sortCodeOf(input.sortCode),
    enabled_mark: enabledMarkOf(input.enabledMark),
    description: typeof input.description === 'string' ? input.description : null,
  };
}
