import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';

/** System settings are key/value rows; readers ask for the keys they need. */
export async function readSysConfig(db: Kysely<DB>, keys: readonly string[]): Promise<Record<string, string>> {
  if (keys.length === 0) return {};
  const rows = await db.selectFrom('base_sys_config').select(['key', 'value']).where('key', 'in', keys).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** What CurrentUser's sysConfigInfo carries; title, workLogoIcon and jnpfDomain are what JNPF 3.6 clients read. */
export const SYS_CONFIG_INFO_KEYS = ['sysName', 'sysVersion', 'logoIcon', 'navigationIcon', 'loginIcon', 'copyright', 'provider', 'title', 'workLogoIcon', 'jnpfDomain'] as const;

/** The organisation's particulars and the system's description: JNPF's settings page edits them, nothing else reads them. */
export const COMPANY_KEYS = ['companyName', 'companyCode', 'companyAddress', 'companyContacts', 'companyTelePhone', 'companyEmail', 'sysDescription', 'appIcon'] as const;

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

/** The policy as numbers, as JNPF's settings model holds them (stored rows are strings). */
export const passwordPolicyOf = (config: Record<string, string>) =>
  Object.fromEntries(PASSWORD_POLICY_KEYS.map((key) => [key, Number(config[key] ?? 0)])) as Record<(typeof PASSWORD_POLICY_KEYS)[number], number>;
