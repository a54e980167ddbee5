import { proxy, subscribe } from 'valtio';
import { THEMES, type Theme } from '../../../shared/constants.js';
import { storage } from './storage.js';

/**
 * The workspace settings of spec 000 §3 ("Settings persisted locally"), kept in local storage under the product
 * prefix so layout, colours and switches survive a reload. What is stored is checked on the way in: a value
 * edited by hand or left by an older version falls back to its default instead of breaking the shell.
 */
export const THEME_CLASSES = ['blue', 'purple', 'azure', 'ocean', 'green', 'yellow', 'orange', 'red'] as const;
export type ThemeClass = (typeof THEME_CLASSES)[number];
export const SLIDE_CLASSES = ['dark', 'lightWhite'] as const;
export type SlideClass = (typeof SLIDE_CLASSES)[number];

export interface WorkspaceSettings {
  layoutType: Theme;
  slideClass: SlideClass;
  themeClass: ThemeClass;
  tagsView: boolean;
  tagsIcon: boolean;
  showLanguage: boolean;
  showSearch: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  useCache: boolean;
  /** The sidebar's open state (spec 000 §2: "The sidebar open state is saved"). */
  sidebarOpened: boolean;
}

export const DEFAULT_SETTINGS: WorkspaceSettings = {
  layoutType: 'classic',
  slideClass: 'dark',
  themeClass: 'blue',
  tagsView: true,
  tagsIcon: true,
  showLanguage: true,
  showSearch: true,
  fixedHeader: true,
  sidebarLogo: true,
  useCache: true,
  sidebarOpened: true,
};

const SETTINGS_KEY = 'settings';

const allowed: { [K in keyof WorkspaceSettings]: (value: unknown) => boolean } = {
  layoutType: (v) => (THEMES as readonly unknown[]).includes(v),
  slideClass: (v) => (SLIDE_CLASSES as readonly unknown[]).includes(v),
  themeClass: (v) => (THEME_CLASSES as readonly unknown[]).includes(v),
  tagsView: (v) => typeof v === 'boolean',
  tagsIcon: (v) => typeof v === 'boolean',
  showLanguage: (v) => typeof v === 'boolean',
  showSearch: (v) => typeof v === 'boolean',
  fixedHeader: (v) => typeof v === 'boolean',
  sidebarLogo: (v) => typeof v === 'boolean',
  useCache: (v) => typeof v === 'boolean',
  sidebarOpened: (v) => typeof v === 'boolean',
};

/** Reads stored settings, keeping only known keys with valid values. */
export function readSettings(raw: string | null): WorkspaceSettings {
  const settings = { ...DEFAULT_SETTINGS };
  if (!raw) return settings;
  try {
    const stored = JSON.parse(raw) as Record<string, unknown>;
    for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof WorkspaceSettings)[]) {
      if (key in stored && allowed[key](stored[key])) (settings as Record<string, unknown>)[key] = stored[key];
    }
  } catch {
    // Unreadable JSON: the defaults.
  }
  return settings;
}

export const settings = proxy<WorkspaceSettings>(readSettings(storage.get(SETTINGS_KEY)));

subscribe(settings, () => storage.set(SETTINGS_KEY, JSON.stringify(settings)));

export function changeSetting<K extends keyof WorkspaceSettings>(key: K, value: WorkspaceSettings[K]): void {
  if (allowed[key](value)) settings[key] = value;
}
