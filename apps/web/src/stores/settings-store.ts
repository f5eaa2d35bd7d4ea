import { type Lang, parseLang } from '@floordesk/protocol';
import { createStore, useStore } from 'zustand';

/** The stored language values of the original app. */
export type LanguageSetting = 'en_US' | 'zhCN';
export type Theme = 'dark' | 'light';

export const LANG_KEY = 'lang';
export const THEME_KEY = 'theme';

/** Each language named in itself, so a reader of the other language can still find theirs. */
export const LANGUAGE_NAMES: Record<LanguageSetting, string> = { zhCN: '简体中文', en_US: 'English' };
export const LANGUAGE_SETTINGS = Object.keys(LANGUAGE_NAMES) as LanguageSetting[];

export function isLanguageSetting(value: string | null): value is LanguageSetting {
  return value !== null && Object.hasOwn(LANGUAGE_NAMES, value);
}

/** The stored setting, else the browser language when it is English or Chinese, else Chinese. */
export function initialLanguage(stored: string | null, browserLanguage: string | undefined): LanguageSetting {
  if (isLanguageSetting(stored)) return stored;
  const browser = browserLanguage?.toLowerCase() ?? '';
  if (browser.startsWith('en')) return 'en_US';
  return 'zhCN';
}

export function initialTheme(stored: string | null): Theme {
  return stored === 'light' ? 'light' : 'dark';
}

/** The API's and i18n's language code for a stored setting. */
export function langOf(setting: LanguageSetting): Lang {
  return parseLang(setting);
}

export type SettingsState = {
  lang: LanguageSetting;
  theme: Theme;
  setLang: (lang: LanguageSetting) => void;
  toggleTheme: () => void;
};

// Persisted by hand to the raw keys of the original app rather than through zustand's JSON blob.
export function createSettingsStore(storage: Storage, browserLanguage: string | undefined) {
  return createStore<SettingsState>()((set, get) => ({
    lang: initialLanguage(storage.getItem(LANG_KEY), browserLanguage),
    theme: initialTheme(storage.getItem(THEME_KEY)),
    setLang: (lang) => {
      storage.setItem(LANG_KEY, lang);
      set({ lang });
    },
    toggleTheme: () => {
      const theme = get().theme === 'dark' ? 'light' : 'dark';
      storage.setItem(THEME_KEY, theme);
      set({ theme });
    },
  }));
}

export const settingsStore = createSettingsStore(window.localStorage, window.navigator.language);

export function useSettings<T>(selector: (state: SettingsState) => T): T {
  return useStore(settingsStore, selector);
}
