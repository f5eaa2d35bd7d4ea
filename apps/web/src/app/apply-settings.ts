import { i18n } from '../lib/i18n';
import { langOf, type SettingsState } from '../stores/settings-store';

/** Makes the page follow the settings: translations (dates follow them), <html lang> and the theme attribute. */
export function applySettings({ lang, theme }: Pick<SettingsState, 'lang' | 'theme'>): void {
  const code = langOf(lang);
  void i18n.changeLanguage(code);
  document.documentElement.lang = code === 'zh' ? 'zh-CN' : 'en';
  document.documentElement.dataset.theme = theme;
}
