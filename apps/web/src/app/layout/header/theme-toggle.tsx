import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../stores/settings-store';

export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useSettings((state) => state.theme);
  const toggleTheme = useSettings((state) => state.toggleTheme);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={dark ? t('theme.to_light') : t('theme.to_dark')}
      onClick={toggleTheme}
    >
      {dark ? <Sun size={16} /> : <Moon size={16} />}
    </button>
  );
}
