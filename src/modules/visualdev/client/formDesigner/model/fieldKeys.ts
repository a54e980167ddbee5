/**
 * What a field key (__vModel__) may be. Keys become column names of the design's PostgreSQL table and property
 * names of submitted records, so: an identifier (letter or _ first, then letters, digits, _), at most 63
 * characters (PostgreSQL's identifier limit), and none of the words below.
 */
export const FIELD_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * Reserved, compared without case: names every JavaScript object already has (a record keyed by them misbehaves),
 * the columns the online-development runtime keeps for itself, and SQL keywords PostgreSQL will not take as a
 * bare column name. `id` stays allowed: JNPF's own fixtures use it as an ordinary field.
 */
const RESERVED = [
  '__proto__', 'constructor', 'prototype', 'hasownproperty', 'tostring', 'valueof',
  'f_id', 'flowid', 'f_flowid', 'tenantid', 'f_tenantid', 'f_version', 'f_deletemark', 'f_foreignid',
  'all', 'analyse', 'analyze', 'and', 'any', 'array', 'as', 'asc', 'asymmetric', 'both', 'case', 'cast', 'check', 'collate', 'column',
  'constraint', 'create', 'current_catalog', 'current_date', 'current_role', 'current_time', 'current_timestamp', 'current_user',
  'default', 'deferrable', 'desc', 'distinct', 'do', 'else', 'end', 'except', 'false', 'fetch', 'for', 'foreign', 'from', 'grant',
  'group', 'having', 'in', 'initially', 'intersect', 'into', 'lateral', 'leading', 'limit', 'localtime', 'localtimestamp', 'not',
  'null', 'offset', 'on', 'only', 'or', 'order', 'placing', 'primary', 'references', 'returning', 'select', 'session_user', 'some',
  'symmetric', 'table', 'then', 'to', 'trailing', 'true', 'union', 'unique', 'user', 'using', 'variadic', 'when', 'where', 'window', 'with',
];
const RESERVED_SET = new Set(RESERVED);

export function isReservedKey(key: string): boolean {
  return RESERVED_SET.has(key.toLowerCase());
}

export type KeyFault = 'keyPattern' | 'keyReserved';

export function keyFault(key: string): KeyFault | undefined {
  if (!FIELD_KEY_PATTERN.test(key)) return 'keyPattern';
  if (isReservedKey(key)) return 'keyReserved';
  return undefined;
}
