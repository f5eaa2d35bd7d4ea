import { setDateLocale } from '../lib/format';
import { i18n } from '../lib/i18n';
import { langOf, type SettingsState } from '../stores/settings-store';

/** Makes the page follow the settings: translations, date locale, <html lang> and the theme attribute. */
export function applySettings({ lang, theme }: Pick<SettingsState, 'lang' | 'theme'>): void {
  const code = langOf(lang);
  void i18n.changeLanguage(code);
  setDateLocale(code === 'zh' ? 'zh-cn' : 'en');
  document.documentElement.lang = code === 'zh' ? 'zh-CN' : 'en';
  document.documentElement.dataset.theme = theme;
}
