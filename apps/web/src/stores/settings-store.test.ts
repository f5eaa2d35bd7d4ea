import { beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore, initialLanguage, LANG_KEY, THEME_KEY } from './settings-store';

describe('language setting', () => {
  it('prefers the stored language', () => {
    expect(initialLanguage('en_US', 'zh-CN')).toBe('en_US');
    expect(initialLanguage('zhCN', 'en-US')).toBe('zhCN');
  });

  it('falls back to an English or Chinese browser language', () => {
    expect(initialLanguage(null, 'en-GB')).toBe('en_US');
    expect(initialLanguage(null, 'zh-TW')).toBe('zhCN');
  });

  it('falls back to Chinese for any other browser language', () => {
    expect(initialLanguage(null, 'fr-FR')).toBe('zhCN');
    expect(initialLanguage(null, undefined)).toBe('zhCN');
  });

  it('ignores a stored value that is not a language setting', () => {
    expect(initialLanguage('en', 'en-US')).toBe('en_US');
    expect(initialLanguage('klingon', 'de')).toBe('zhCN');
  });
});

describe('settings store', () => {
  beforeEach(() => localStorage.clear());

  it('stores a chosen language under `lang` as en_US or zhCN', () => {
    const store = createSettingsStore(localStorage, 'zh-CN');
    store.getState().setLang('en_US');
    expect(localStorage.getItem(LANG_KEY)).toBe('en_US');
    expect(createSettingsStore(localStorage, 'zh-CN').getState().lang).toBe('en_US');
  });

  it('starts dark and stores the toggled theme under `theme`', () => {
    const store = createSettingsStore(localStorage, 'en-US');
    expect(store.getState().theme).toBe('dark');
    store.getState().toggleTheme();
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(createSettingsStore(localStorage, 'en-US').getState().theme).toBe('light');
  });
});
