import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';

/** System settings are key/value rows; readers ask for the keys they need. */
export async function readSysConfig(db: Kysely<DB>, keys: readonly string[]): Promise<Record<string, string>> {
  if (keys.length === 0) return {};
  const rows = await db.selectFrom('base_sys_config').select(['key', 'value']).where('key', 'in', keys).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export const SYS_CONFIG_INFO_KEYS = ['sysName', 'sysVersion', 'logoIcon', 'navigationIcon', 'loginIcon', 'copyright', 'provider'] as const;

export const PASSWORD_POLICY_KEYS = [
  'passwordStrengthLimit',
  'passwordLengthMin',
  'passwordLengthMinNumber',
  'containsNumbers',
  'includeLowercaseLetters',
  'includeUppercaseLetters',
  'containsCharacters',
  'mandatoryModificationOfInitialPassword',
] as const;
