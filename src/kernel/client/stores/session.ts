import { proxy } from 'valtio';
import type { MenuItem, PermissionEntry } from '../../../shared/sessionInfo.js';
import { clearDictionaryCache } from './dictionaryCache.js';
import { storage } from './storage.js';
import { resetVisitedViews } from './visitedViews.js';

/** The signed-in session: token, and what CurrentUser answered (spec 000 §3, §4). */
export type { MenuItem, PermissionEntry } from '../../../shared/sessionInfo.js';

export interface UserInfo {
  userId: string;
  userAccount: string;
  userName: string;
  headIcon: string;
  organizeName: string;
  departmentName: string | null;
  positionName: string | null;
  prevLogin: number;
  prevLoginTime: string | null;
  prevLoginIPAddress: string | null;
  prevLoginIPAddressName: string | null;
  [field: string]: unknown;
}

export interface SysConfigInfo {
  sysName: string;
  sysVersion: string;
  copyright: string;
  provider?: string;
  [field: string]: unknown;
}

export interface SessionState {
  token: string | null;
  /** The screen is locked (spec 000 §4): every page but /lockScreen and /login waits behind it. */
  locked: boolean;
  userInfo: UserInfo | null;
  menuList: MenuItem[];
  permissionList: PermissionEntry[];
  routerList: MenuItem[];
  sysConfigInfo: SysConfigInfo | null;
  /** The server answered 605: the initial password must be changed before anything else (even if the policy was turned on after sign-in). */
  passwordChangeRequired: boolean;
}

const TOKEN_KEY = 'token';
const LOCK_KEY = 'lock';

export const session = proxy<SessionState>({
  token: storage.get(TOKEN_KEY),
  locked: storage.get(LOCK_KEY) === '1',
  userInfo: null,
  menuList: [],
  permissionList: [],
  routerList: [],
  sysConfigInfo: null,
  passwordChangeRequired: false,
});

export function setToken(token: string): void {
  session.token = token;
  storage.set(TOKEN_KEY, token);
}

/**
 * A page opened with another session's token (a workflow link sent from the mobile app, spec 000 §2 rule 5):
 * keep that token and forget what the old one loaded, so the guard loads the session again.
 */
export function switchToken(token: string): void {
  setToken(token);
  forgetLoaded();
}

/** What a session loaded and what the user opened with it: user, menus, permissions, tabs, dictionaries. */
function forgetLoaded(): void {
  session.userInfo = null;
  session.menuList = [];
  session.permissionList = [];
  session.routerList = [];
  session.passwordChangeRequired = false;
  resetVisitedViews();
  clearDictionaryCache();
}

/** Locking stores 1 and survives a reload; unlocking clears it. */
export function setLocked(locked: boolean): void {
  session.locked = locked;
  if (locked) storage.set(LOCK_KEY, '1');
  else storage.remove(LOCK_KEY);
}

export function setSessionInfo(info: Pick<SessionState, 'userInfo' | 'menuList' | 'permissionList' | 'routerList' | 'sysConfigInfo'>): void {
  Object.assign(session, info);
}

/** Reset (spec 000 §4): the token, everything the session loaded, the open tabs and the dictionary cache go. There is no socket yet (chat is another feature). */
export function resetSession(): void {
  storage.remove(TOKEN_KEY);
  storage.remove(LOCK_KEY);
  session.token = null;
  session.locked = false;
  forgetLoaded();
}
