import { transportPassword } from './transportPassword.js';
import { sealPassword } from '../../../shared/passwordCipher.js';
import type { Theme } from '../../../shared/constants.js';
import { request } from './request.js';

/** The calls under /api/permission/Users/Current of spec 000 §7, used by the profile page and the shell. */
const BASE = '/permission/Users/Current';

export interface BaseInfo {
  account: string;
  realName: string;
  gender: number;
  mobilePhone: string | null;
  email: string | null;
  signature: string | null;
  headIcon: string;
  organizeName: string;
  positionName: string | null;
  roleName: string;
  theme: Theme;
  language: string;
  changePasswordDate: string | null;
  creatorTime: string;
  prevLoginTime: string | null;
}

export interface SystemLogEntry {
  id: string;
  category: number;
  ipAddress: string;
  description: string;
  /** Epoch milliseconds, as JNPF's log rows carry it. */
  creatorTime: number;
}

export const getBaseInfo = () => request<BaseInfo>({ url: `${BASE}/BaseInfo` });
export const updateBaseInfo = (data: Pick<BaseInfo, 'realName' | 'gender' | 'mobilePhone' | 'email' | 'signature'>) =>
  request<null>({ url: `${BASE}/BaseInfo`, method: 'PUT', data });
export const setAvatar = (name: string) => request<null>({ url: `${BASE}/Avatar/${encodeURIComponent(name)}`, method: 'PUT' });
export const setSystemTheme = (theme: Theme) => request<null>({ url: `${BASE}/SystemTheme`, method: 'PUT', data: { theme } });
export const setSystemLanguage = (language: string) => request<null>({ url: `${BASE}/SystemLanguage`, method: 'PUT', data: { language } });
export const getSystemLog = (params: { currentPage: number; pageSize: number; category?: number }) =>
  request<{ list: SystemLogEntry[]; pagination: { total: number } }>({ url: `${BASE}/SystemLog`, params });
export const getAuthorize = () => request<{ module: { id: string; fullName: string; children?: unknown[] }[] }>({ url: `${BASE}/Authorize` });
export const getSignImages = () => request<{ id: string; signImg: string; isDefault: number }[]>({ url: `${BASE}/SignImg` });
export const addSignImage = (signImg: string) => request<null>({ url: `${BASE}/SignImg`, method: 'POST', data: { signImg } });
export const setDefaultSignImage = (id: string) => request<null>({ url: `${BASE}/${encodeURIComponent(id)}/SignImg`, method: 'PUT' });
export const deleteSignImage = (id: string) => request<null>({ url: `${BASE}/${encodeURIComponent(id)}/SignImg`, method: 'DELETE' });
export const getPasswordKey = () => request<{ publicKey: string }>({ url: `${BASE}/PasswordKey` });

/** Changing the password: both passwords hashed, the new one also sealed for the server's policy check. */
export async function modifyPassword(input: { oldPassword: string; password: string; code: string; timestamp: string }) {
  const { data } = await getPasswordKey();
  return request<null>({
    url: `${BASE}/Actions/ModifyPassword`,
    method: 'POST',
    data: {
      oldPassword: await transportPassword(input.oldPassword),
      password: await transportPassword(input.password),
      passwordCipher: await sealPassword(data.publicKey, input.password),
      code: input.code,
      timestamp: input.timestamp,
    },
  });
}
