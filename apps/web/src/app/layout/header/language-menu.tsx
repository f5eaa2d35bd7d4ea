import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, useSettings } from '../../../stores/settings-store';
import { LanguageItems } from './language-items';

/** A visitor's menu: only the language choices. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const lang = useSettings((state) => state.lang);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="menu-trigger" aria-label={t('menu.language')}>
        <Globe size={14} aria-hidden />
        <span className="hidden sm:inline">{LANGUAGE_NAMES[lang]}</span>
        <ChevronDown size={12} className="text-faint" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="menu-content">
          <LanguageItems />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
