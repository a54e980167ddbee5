import { AppError } from '../../../kernel/server/appError.js';

/**
 * The parts of a data interface as JNPF stores them (JSON text in the record): its parameters (parameterJson),
 * its answer's fields (fieldJson) and how it gets its rows (dataConfigJson: staticData, sqlData, apiData).
 */
export const INTERFACE_TYPES = { sql: 1, static: 2, http: 3 } as const;

export interface InterfaceParameter {
  field: string;
  fieldName?: string;
  /** JNPF's: 1 or varchar text, 2 or int whole number, 3 datetime, 4 or decimal number, 5 long, 6 text. */
  dataType?: string;
  /** 1: a value must be given (or a default be set). */
  required?: number;
  defaultValue?: string | null;
}

export interface NameValue {
  field: string;
  defaultValue?: string | null;
}

export interface DataConfig {
  staticData?: string;
  sqlData?: { sql?: string; dbLinkId?: string };
  apiData?: { method?: number | string; url?: string; header?: NameValue[]; query?: NameValue[]; body?: string };
}

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;

function parseJson(text: string | null | undefined, fallback: unknown, message: 'dataInterface.configInvalid' | 'dataInterface.paramsInvalid' | 'dataInterface.fieldsInvalid'): unknown {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.badRequest(message);
  }
}

export function parseParameters(text: string | null | undefined): InterfaceParameter[] {
  const list = parseJson(text, [], 'dataInterface.paramsInvalid');
  if (!Array.isArray(list)) throw AppError.badRequest('dataInterface.paramsInvalid');
  const seen = new Set<string>();
  return list.map((item) => {
    const field = (item as { field?: unknown })?.field;
    if (typeof field !== 'string' || !PARAM_NAME.test(field)) throw AppError.badRequest('dataInterface.paramNameInvalid', { name: String(field ?? '') });
    if (seen.has(field)) throw AppError.badRequest('dataInterface.paramNameInvalid', { name: field });
    seen.add(field);
    const { fieldName, dataType, required, defaultValue } = item as InterfaceParameter;
    return { field, fieldName: fieldName ?? '', dataType: dataType ?? 'varchar', required: Number(required) === 1 ? 1 : 0, defaultValue: defaultValue ?? '' };
  });
}

export function parseFields(text: string | null | undefined): NameValue[] {
  const list = parseJson(text, [], 'dataInterface.fieldsInvalid');
  if (!Array.isArray(list)) throw AppError.badRequest('dataInterface.fieldsInvalid');
  return list as NameValue[];
}

export function parseDataConfig(text: string | null | undefined): DataConfig {
  const config = parseJson(text, {}, 'dataInterface.configInvalid');
  if (!config || typeof config !== 'object' || Array.isArray(config)) throw AppError.badRequest('dataInterface.configInvalid');
  return config as DataConfig;
}

/** JNPF writes the method as 'GET'/'POST', or as a number (1 or 6 GET, 2 or 7 POST, by version). */
export function httpMethodOf(method: unknown): 'GET' | 'POST' {
  const text = String(method ?? 'GET').toUpperCase();
  if (text === 'GET' || text === '1' || text === '6') return 'GET';
  if (text === 'POST' || text === '2' || text === '7') return 'POST';
  throw AppError.badRequest('dataInterface.httpMethodInvalid');
}

/** What a record must hold for its type, checked when it is saved (and again when it runs). */
export function checkConfigForType(type: number, config: DataConfig): void {
  if (type === INTERFACE_TYPES.static) {
    const data = config.staticData;
    if (typeof data !== 'string' || !data.trim()) throw AppError.badRequest('dataInterface.staticRequired');
    try {
      JSON.parse(data);
    } catch {
      throw AppError.badRequest('dataInterface.staticInvalid');
    }
  } else if (type === INTERFACE_TYPES.sql) {
    if (typeof config.sqlData?.sql !== 'string' || !config.sqlData.sql.trim()) throw AppError.badRequest('dataInterface.sqlRequired');
  } else if (type === INTERFACE_TYPES.http) {
    if (typeof config.apiData?.url !== 'string' || !config.apiData.url.trim()) throw AppError.badRequest('dataInterface.httpUrlInvalid');
    httpMethodOf(config.apiData.method);
    try {
      const url = new URL(config.apiData.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    } catch {
      throw AppError.badRequest('dataInterface.httpUrlInvalid');
    }
  } else throw AppError.badRequest('dataInterface.typeInvalid');
}

const isNumberType = (dataType: unknown) => ['2', 'int', '5', 'long', '4', 'decimal', 'float', 'double'].includes(String(dataType ?? '').toLowerCase());

/**
 * The values a call runs with: each declared parameter takes the caller's value (paramList, by field), else its
 * default; a required one left empty is refused, a number parameter must be a number. Undeclared names are
 * ignored: only declared parameters reach SQL or a URL.
 */
export function resolveParameters(declared: InterfaceParameter[], given: NameValue[] | undefined, system: Record<string, string>): Record<string, unknown> {
  const byName = new Map<string, unknown>();
  for (const item of given ?? []) if (item && typeof item.field === 'string') byName.set(item.field, item.defaultValue);
  const values: Record<string, unknown> = { ...system };
  for (const param of declared) {
    const raw = byName.has(param.field) ? byName.get(param.field) : param.defaultValue;
    const empty = raw === undefined || raw === null || raw === '';
    if (empty) {
      if (param.required === 1) throw AppError.badRequest('dataInterface.paramRequired', { name: param.fieldName || param.field });
      // An empty text parameter is the empty text (JNPF's), so `like {p} || '%'` still matches everything; an
      // empty number has no value.
      values[param.field] = isNumberType(param.dataType) ? null : '';
      continue;
    }
    const type = String(param.dataType ?? '').toLowerCase();
    if (isNumberType(type)) {
      const n = Number(raw);
      const whole = ['2', 'int', '5', 'long'].includes(type);
      if (!Number.isFinite(n) || (whole && !Number.isInteger(n))) throw AppError.badRequest('dataInterface.paramNotNumber', { name: param.fieldName || param.field });
      values[param.field] = n;
    } else if (typeof raw === 'object') throw AppError.badRequest('dataInterface.paramNotText', { name: param.fieldName || param.field });
    else values[param.field] = String(raw);
  }
  return values;
}
