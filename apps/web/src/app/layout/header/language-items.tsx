import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { isLanguageSetting, LANGUAGE_NAMES, LANGUAGE_SETTINGS, useSettings } from '../../../stores/settings-store';

/** The language choices of both header menus; the active one is checked. */
export function LanguageItems() {
  const lang = useSettings((state) => state.lang);
  const setLang = useSettings((state) => state.setLang);
  return (
    <DropdownMenu.RadioGroup value={lang} onValueChange={(value) => isLanguageSetting(value) && setLang(value)}>
      {LANGUAGE_SETTINGS.map((setting) => (
        <DropdownMenu.RadioItem key={setting} value={setting} className="menu-item">
          <span className="flex-1">{LANGUAGE_NAMES[setting]}</span>
          <DropdownMenu.ItemIndicator>
            <Check size={14} className="text-accent" />
          </DropdownMenu.ItemIndicator>
        </DropdownMenu.RadioItem>
      ))}
    </DropdownMenu.RadioGroup>
  );
}
