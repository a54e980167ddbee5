import type { Language } from '../language.js';
import type { RegRule } from '../form/definition.js';

/**
 * Field validation of generated forms and sub-table cells (spec 001 §5): required treats null, undefined, ''
 * and [] as empty (不能为空); a non-empty value must match every regList pattern, failing with that rule's
 * message. Patterns come from definitions as JavaScript regex source, optionally written /source/flags.
 */
export const REQUIRED_MESSAGE: Record<Language, string> = { zh: '不能为空', zhtw: '不能為空', en: 'is required' };
const DEFAULT_PATTERN_MESSAGE: Record<Language, string> = { zh: '格式不正确', zhtw: '格式不正確', en: 'has the wrong format' };

export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

const regexCache = new Map<string, RegExp | null>();

/** Compiles a definition's pattern; a pattern that does not compile is reported by the caller, never thrown. */
export function compilePattern(source: string): RegExp | null {
  if (regexCache.has(source)) return regexCache.get(source)!;
  let regex: RegExp | null = null;
  try {
    const literal = /^\/(.*)\/([dgimsuy]*)$/s.exec(source);
    regex = literal ? new RegExp(literal[1], literal[2].replace('g', '')) : new RegExp(source);
  } catch {
    regex = null;
  }
  regexCache.set(source, regex);
  return regex;
}

export interface CellValidity {
  /** false when a required value is empty */
  valid: boolean;
  /** false when a pattern fails */
  regValid: boolean;
  regErrorText?: string;
}

export function validateFieldValue(
  value: unknown,
  rule: { required?: boolean; regList?: RegRule[] },
  language: Language = 'zh',
): CellValidity {
  if (isEmptyValue(value)) return { valid: !rule.required, regValid: true };
  for (const reg of rule.regList ?? []) {
    if (!reg?.pattern) continue;
    const regex = compilePattern(reg.pattern);
    // A broken pattern in a definition must not lock users out of saving: it is skipped (and reported by the
    // preview's "could not render" list).
    if (!regex) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (!regex.test(text)) return { valid: true, regValid: false, regErrorText: reg.message || DEFAULT_PATTERN_MESSAGE[language] };
  }
  return { valid: true, regValid: true };
}

export function validityMessage(validity: CellValidity, language: Language = 'zh'): string | undefined {
  if (!validity.valid) return REQUIRED_MESSAGE[language];
  if (!validity.regValid) return validity.regErrorText;
  return undefined;
}
