import { DATA_CONDITION_OPS, type DataCondition, type DataConditionOp } from '../../../kernel/server/crud/dataScope.js';

/**
 * The conditions of a custom data scheme (condition_json): `[{field, op, value}]`. A field is an API field name of
 * the list (mapped to a column by the list's ListSpec, never used as SQL), the operator one of a fixed set, the
 * value a string or number (a list of them for `in`). `@userId` and `@organizeId` stand for the caller and the
 * caller's main organisation.
 */
export type SchemeCondition = DataCondition;

const FIELD = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
const MAX_CONDITIONS = 20;
const MAX_VALUE_LENGTH = 200;

const isScalar = (v: unknown): v is string | number => (typeof v === 'string' && [...v].length <= MAX_VALUE_LENGTH) || (typeof v === 'number' && Number.isFinite(v));

/** Reads conditions from a JSON string or an array; undefined when anything about them is wrong. */
export function parseConditions(input: unknown): SchemeCondition[] | undefined {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_CONDITIONS) return undefined;
  const conditions: SchemeCondition[] = [];
  for (const item of value) {
    if (item === null || typeof item !== 'object') return undefined;
    const { field, op, value: operand } = item as Record<string, unknown>;
    if (typeof field !== 'string' || !FIELD.test(field)) return undefined;
    if (typeof op !== 'string' || !(DATA_CONDITION_OPS as readonly string[]).includes(op)) return undefined;
    if (op === 'in') {
      const list = Array.isArray(operand) ? operand : typeof operand === 'string' ? operand.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
      if (!list || list.length === 0 || list.length > 100 || !list.every(isScalar)) return undefined;
      conditions.push({ field, op, value: list });
    } else {
      if (!isScalar(operand)) return undefined;
      conditions.push({ field, op: op as DataConditionOp, value: operand });
    }
  }
  return conditions;
}
