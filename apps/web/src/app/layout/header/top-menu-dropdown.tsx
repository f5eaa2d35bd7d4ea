import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MENU } from './top-menu';

/** The top menu below BREAKPOINTS.topMenuInline; `more`: only the pages the inline menu leaves under More. */
export function TopMenuDropdown({ more }: { more: boolean }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root>
      {more ? (
        <DropdownMenu.Trigger className="flex items-center gap-1 border-b-2 border-transparent px-2.5 font-medium text-muted transition-colors hover:text-fg">
          {t('nav.more')}
          <ChevronDown size={12} className="text-faint" aria-hidden />
        </DropdownMenu.Trigger>
      ) : (
        <DropdownMenu.Trigger className="icon-button" aria-label={t('nav.menu')}>
          <Menu size={16} />
        </DropdownMenu.Trigger>
      )}
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={6} className="menu-content">
          {MENU.filter((entry) => !more || entry.more).map(({ to, label }) => (
            <DropdownMenu.Item key={to} asChild className="menu-item">
              <Link to={to}>{t(label)}</Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
