import { sql, type Kysely } from 'kysely';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/constants.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { COMPANY_KEYS, PASSWORD_POLICY_KEYS, SYS_CONFIG_INFO_KEYS } from './store.js';

/**
 * What PUT /api/system/SysConfig may change, and how each value is checked (spec 001 §3 system config and
 * password policy). JNPF clients send their whole settings model; keys outside these are ignored, keys left out
 * keep their value, and an empty secret keeps the stored one (GET never answers secrets).
 */
export const THIRD_PARTY_KEYS = ['dingSynAppKey', 'dingAgentId', 'qyhCorpId', 'qyhAgentId'] as const;
export const SECRET_KEYS = ['dingSynAppSecret', 'qyhAgentSecret', 'qyhCorpSecret'] as const;

const TEXT_LIMITS: Partial<Record<(typeof SYS_CONFIG_INFO_KEYS)[number] | (typeof COMPANY_KEYS)[number] | (typeof THIRD_PARTY_KEYS)[number] | 'contact', number>> = {
  sysName: 50,
  sysVersion: 50,
  copyright: 200,
  provider: 100,
  title: 100,
  contact: 200,
  jnpfDomain: 200,
  companyName: 100,
  companyCode: 50,
  companyAddress: 200,
  companyContacts: 50,
  companyTelePhone: 50,
  companyEmail: 100,
  sysDescription: 500,
  dingSynAppKey: 100,
  dingAgentId: 100,
  qyhCorpId: 100,
  qyhAgentId: 100,
};
const ICON_KEYS = ['logoIcon', 'navigationIcon', 'loginIcon', 'workLogoIcon', 'appIcon'] as const;
/** A site path (an uploaded image's address) or an http(s) address; nothing that could run script. */
const ICON_PATTERN = /^(\/(?!\/)|https?:\/\/)[^\s"'<>]*$/i;
const SWITCHES = PASSWORD_POLICY_KEYS.filter((key) => key !== 'passwordLengthMinNumber');

export function settingsToStore(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const text = (key: string, max: number) => {
    if (!(key in body) || body[key] === null || body[key] === undefined) return;
    const value = String(body[key]).trim();
    if ([...value].length > max) throw AppError.badRequest('sysConfig.textTooLong', { field: key, max });
    out[key] = value;
  };
  for (const [key, max] of Object.entries(TEXT_LIMITS)) text(key, max);
  if ('sysName' in body && !out.sysName) throw AppError.badRequest('sysConfig.sysNameRequired');
  for (const key of ICON_KEYS) {
    if (!(key in body) || body[key] === null || body[key] === undefined) continue;
    const value = String(body[key]).trim();
    if (value && (value.length > 1000 || !ICON_PATTERN.test(value))) throw AppError.badRequest('sysConfig.iconInvalid', { field: key });
    out[key] = value;
  }
  for (const key of SWITCHES) {
    if (!(key in body) || body[key] === null || body[key] === undefined) continue;
    const value = String(body[key]);
    if (value !== '0' && value !== '1') throw AppError.badRequest('sysConfig.switchInvalid', { field: key });
    out[key] = value;
  }
  if ('passwordLengthMinNumber' in body && body.passwordLengthMinNumber !== null && body.passwordLengthMinNumber !== undefined) {
    const n = Number(body.passwordLengthMinNumber);
    if (!Number.isInteger(n) || n < PASSWORD_MIN_LENGTH || n > PASSWORD_MAX_LENGTH) throw AppError.badRequest('sysConfig.lengthInvalid', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
    out.passwordLengthMinNumber = String(n);
  }
  for (const key of SECRET_KEYS) {
    const value = typeof body[key] === 'string' ? (body[key] as string).trim() : '';
    if ([...value].length > 200) throw AppError.badRequest('sysConfig.textTooLong', { field: key, max: 200 });
    if (value) out[key] = value;
  }
  return out;
}

/** Writes the settings in one statement: all change or none do. */
export async function writeSysConfig(db: Kysely<DB>, values: Record<string, string>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
  if (rows.length === 0) return;
  await db
    .insertInto('base_sys_config')
    .values(rows)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`excluded.value` }))
    .execute();
}
