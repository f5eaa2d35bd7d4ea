import en from '../locales/alerts/en.json';
import zh from '../locales/alerts/zh.json';
import { i18n } from './i18n';

/**
 * Adds the alert dialog's and the devnet chat page's words to i18n; each calls it as it loads. They are a fifth of
 * both languages' texts, and no first page shows them, so they come with those screens' code.
 */
export function loadAlertTexts(): void {
  if (i18n.exists('alerts.menu.label')) return;
  i18n.addResourceBundle('en', 'translation', en, true, false);
  i18n.addResourceBundle('zh', 'translation', zh, true, false);
}
