import Bowser from 'bowser';
import type { Selectable } from 'kysely';
import { SysLogCategory } from './sysLog.js';
import type { SysLogTable } from './tables.js';

/** What a log row needs besides the entry itself: the account's name, when the list joins it. */
export type SysLogRecord = Pick<Selectable<SysLogTable>, 'id' | 'account' | 'category' | 'ip' | 'description' | 'created_at' | 'user_agent'> & { real_name?: string | null };

/** "Chrome 120.0.0.0" and "Windows 10" from a User-Agent (bowser, a kept parser); empty when none was kept. */
function browserAndPlatform(userAgent: string | null): { browser: string; platForm: string } {
  if (!userAgent) return { browser: '', platForm: '' };
  const parsed = Bowser.parse(userAgent);
  const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
  return { browser: join(parsed.browser.name, parsed.browser.version), platForm: join(parsed.os.name, parsed.os.versionName ?? parsed.os.version) };
}

/**
 * An account-log entry as the log pages read it: LabCode's own fields (category, description, ipAddress) and the
 * fields of JNPF's log pages, under both clients' spellings (3.6: ipAddress, requestUrl; 3.4: ipaddress,
 * requestURL). JNPF's login log says loginType 0 for a sign-in and 1 for a sign-out, loginMark 1 for success and 0
 * for a refusal. LabCode keeps an account log, not a request log: the request fields are empty.
 */
export function sysLogRow(row: SysLogRecord) {
  const ip = row.ip ?? '';
  return {
    id: String(row.id),
    category: row.category,
    userName: row.real_name ? `${row.real_name}/${row.account}` : row.account,
    loginType: row.category === SysLogCategory.signOut ? 1 : 0,
    loginMark: row.category === SysLogCategory.failedSignIn ? 0 : 1,
    ipAddress: ip,
    ipaddress: ip,
    ipAddressName: '',
    ...browserAndPlatform(row.user_agent),
    description: row.description,
    abstracts: row.description,
    requestUrl: '',
    requestURL: '',
    requestMethod: '',
    requestDuration: 0,
    creatorTime: new Date(row.created_at).getTime(),
  };
}
