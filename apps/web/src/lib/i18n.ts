import type { Lang } from '@floordesk/protocol';
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import zh from '../locales/zh.json';

const i18n = createInstance();

export const resources = { en: { translation: en }, zh: { translation: zh } } as const;

export function initI18n(lang: Lang): typeof i18n {
  // Resources are bundled, so initialisation is synchronous and the first render is already translated.
  void i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

export { i18n };
