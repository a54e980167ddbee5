import { hashPasswordForTransport } from '../../shared/passwordHash.js';
import type { MenuItem, PermissionEntry, SysConfigInfo, UserInfo } from '../stores/session.js';
import { request } from './request.js';

/** The session calls of spec 000 §7. */
export interface LoginAnswer {
  token: string;
  theme: string;
}

export interface CurrentUserAnswer {
  menuList: MenuItem[];
  userInfo: UserInfo;
  permissionList: PermissionEntry[];
  routerList: MenuItem[];
  sysConfigInfo: SysConfigInfo;
}

export function login(input: { account: string; password: string; code?: string; timestamp?: string }) {
  return request<LoginAnswer>({
    url: '/oauth/Login',
    method: 'POST',
    form: true,
    data: {
      account: input.account,
      password: hashPasswordForTransport(input.password),
      code: input.code ?? '',
      timestamp: input.timestamp ?? '',
      origin: 'password',
      client_id: 'admin',
      client_secret: '123456',
      scope: 'all',
      grant_type: 'password',
    },
  });
}

export const currentUser = () => request<CurrentUserAnswer>({ url: '/oauth/CurrentUser' });
export const logout = () => request<null>({ url: '/oauth/Logout' });
export const lockScreen = () => request<null>({ url: '/oauth/LockScreen', method: 'POST' });
export const unlockScreen = (account: string, password: string) =>
  request<null>({ url: '/oauth/UnlockScreen', method: 'POST', data: { account, password: hashPasswordForTransport(password) } });
export const loginConfig = (account: string) =>
  request<{ enableVerificationCode: boolean; verificationCodeNumber: number }>({ url: `/oauth/getConfig/${encodeURIComponent(account)}` });

export const captchaUrl = (timestamp: string) => `/api/file/ImageCode/${timestamp}`;
