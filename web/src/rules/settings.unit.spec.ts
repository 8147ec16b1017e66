import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings, SETTINGS_KEY, settingsStore } from './settings.ts';

describe('frame settings', () => {
  it('falls back to the defaults for nothing, garbage or bad values', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(JSON.stringify({ theme: 'red;background:url(x)', tagsView: 'no', extra: 1 }))).toEqual(
      DEFAULT_SETTINGS,
    );
  });

  it('keeps what was chosen', () => {
    const chosen = {
      theme: '#0d8050',
      tagsView: false,
      fixedHeader: false,
      sidebarLogo: false,
      sidebarCollapsed: true,
    };
    expect(parseSettings(JSON.stringify(chosen))).toEqual(chosen);
  });

  it('stores every change in localStorage, so it survives a reload', () => {
    settingsStore.set({ tagsView: false, theme: '#7157d9' });
    expect(parseSettings(localStorage.getItem(SETTINGS_KEY))).toMatchObject({
      tagsView: false,
      theme: '#7157d9',
      fixedHeader: true,
    });
  });
});
