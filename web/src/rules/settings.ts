/**
 * The frame's settings drawer (theme colour, tags view, fixed header, sidebar logo) and the
 * sidebar's collapsed state, kept in localStorage across reloads.
 */
import { useSyncExternalStore } from 'react';

export const THEME_COLOURS = ['#1f5fbf', '#0d8050', '#7157d9', '#c23030', '#d9822b', '#293742'] as const;

export type RulesSettings = {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  sidebarCollapsed: boolean;
};

export const DEFAULT_SETTINGS: RulesSettings = {
  theme: THEME_COLOURS[0],
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  sidebarCollapsed: false,
};
export const SETTINGS_KEY = 'feibao.rules.settings';

/** Whatever was stored, a settings object: unknown keys dropped, bad values back to their default. */
export const parseSettings = (raw: string | null): RulesSettings => {
  let stored: Record<string, unknown> = {};
  try {
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const flag = (key: Exclude<keyof RulesSettings, 'theme'>) =>
    typeof stored[key] === 'boolean' ? (stored[key] as boolean) : DEFAULT_SETTINGS[key];
  const theme =
    typeof stored.theme === 'string' && /^#[0-9a-f]{6}$/i.test(stored.theme) ? stored.theme : DEFAULT_SETTINGS.theme;
  return {
    theme,
    tagsView: flag('tagsView'),
    fixedHeader: flag('fixedHeader'),
    sidebarLogo: flag('sidebarLogo'),
    sidebarCollapsed: flag('sidebarCollapsed'),
  };
};

const storage = () => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

let current = parseSettings(storage()?.getItem(SETTINGS_KEY) ?? null);
const listeners = new Set<() => void>();

export const settingsStore = {
  get: () => current,
  set(change: Partial<RulesSettings>) {
    current = parseSettings(JSON.stringify({ ...current, ...change }));
    storage()?.setItem(SETTINGS_KEY, JSON.stringify(current));
    for (const l of listeners) l();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export const useSettings = () => useSyncExternalStore(settingsStore.subscribe, settingsStore.get, settingsStore.get);
