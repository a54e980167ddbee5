import { transportPassword } from './transportPassword.js';
import type { MenuItem, PermissionEntry, SysConfigInfo, UserInfo } from '../stores/session.js';
import { request, signingOut } from './request.js';

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

/** The fixed client identity fields every Login call carries (spec 000 §7). */
const CLIENT_IDENTITY = { client_id: 'admin', client_secret: '123456', scope: 'all' };

/** How a sign-in proves who the user is: the origin field of the Login call, with the grant type. */
export type LoginOrigin = 'password' | 'sms' | 'scan' | 'sso';

function postLogin(fields: { account?: string; password?: string; code?: string; timestamp?: string; ticket?: string; ticketSecret?: string; origin: LoginOrigin; grantType: 'password' | 'keycloak' }) {
  return request<LoginAnswer>({
    url: '/oauth/Login',
    method: 'POST',
    form: true,
    data: {
      account: fields.account ?? '',
      password: fields.password ?? '',
      code: fields.code ?? '',
      timestamp: fields.timestamp ?? '',
      ticket: fields.ticket ?? '',
      ...(fields.ticketSecret ? { ticket_secret: fields.ticketSecret } : {}),
      origin: fields.origin,
      ...CLIENT_IDENTITY,
      grant_type: fields.grantType,
    },
  });
}

export async function login(input: { account: string; password: string; code?: string; timestamp?: string }) {
  return postLogin({ ...input, password: await transportPassword(input.password), origin: 'password', grantType: 'password' });
}

/** Mobile number and the code the SMS carried. */
export const loginBySms = (mobile: string, code: string) => postLogin({ account: mobile, code, origin: 'sms', grantType: 'password' });
/** A scan ticket the mobile app confirmed, with the secret only this page was given. */
export const loginByScan = (ticket: string, ticketSecret: string) => postLogin({ ticket, ticketSecret, origin: 'scan', grantType: 'password' });
/** The one-time ticket the OpenID Connect callback issued (grant type keycloak, spec 000 §7). */
export const loginBySso = (ticket: string) => postLogin({ ticket, origin: 'sso', grantType: 'keycloak' });

export const sendSmsCode = (mobile: string) => request<{ resendAfterSeconds: number; expiresInSeconds: number }>({ url: '/oauth/SmsCode', method: 'POST', data: { mobile } });

export type ScanStatus = 'waiting' | 'scanned' | 'confirmed' | 'expired';
export const createScanTicket = () => request<{ ticket: string; secret: string; content: string; expiresInSeconds: number }>({ url: '/oauth/ScanTicket', method: 'POST' });
export const scanTicketStatus = (ticket: string) => request<{ status: ScanStatus }>({ url: `/oauth/ScanTicket/${encodeURIComponent(ticket)}`, silent: true });

export interface LoginSettings {
  sysName: string;
  company: string;
  contact: string;
  ssoEnabled: boolean;
}
export const loginSettings = () => request<LoginSettings>({ url: '/oauth/LoginSettings' });

export const currentUser = () => request<CurrentUserAnswer>({ url: '/oauth/CurrentUser' });
/** This tab's own sign-out: the socket's logout frame for it, which may arrive before the answer, is no news. */
export const logout = () => signingOut(() => request<null>({ url: '/oauth/Logout' }));
export const lockScreen = () => request<null>({ url: '/oauth/LockScreen', method: 'POST' });
export const unlockScreen = async (account: string, password: string) =>
  request<null>({ url: '/oauth/UnlockScreen', method: 'POST', data: { account, password: await transportPassword(password) } });
export const loginConfig = (account: string) =>
  request<{ enableVerificationCode: boolean; verificationCodeNumber: number }>({ url: `/oauth/getConfig/${encodeURIComponent(account)}` });

export const captchaUrl = (timestamp: string) => `/api/file/ImageCode/${timestamp}`;
