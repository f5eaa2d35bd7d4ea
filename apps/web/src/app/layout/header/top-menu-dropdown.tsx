import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MENU } from './top-menu';

/** The top menu below BREAKPOINTS.topMenuInline. */
export function TopMenuDropdown() {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="icon-button" aria-label={t('nav.menu')}>
        <Menu size={16} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={6} className="menu-content">
          {MENU.map(({ to, label }) => (
            <DropdownMenu.Item key={to} asChild className="menu-item">
              <Link to={to}>{t(label)}</Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
