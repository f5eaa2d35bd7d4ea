import type alertsEn from '../locales/alerts/en.json';
import type en from '../locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The alert texts join when their screens load (alert-texts.ts).
    resources: { translation: typeof en & typeof alertsEn };
  }
}
