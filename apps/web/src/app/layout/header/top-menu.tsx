import { BREAKPOINTS } from '@floordesk/protocol';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useMinWidth } from '../../../lib/use-min-width';

const MENU = [
  { to: '/trending', label: 'nav.trending' },
  { to: '/discover', label: 'nav.discover' },
  { to: '/rarityHome', label: 'nav.rarity' },
  { to: '/historic', label: 'nav.historic' },
  { to: '/protfolio', label: 'nav.portfolio' },
  { to: '/plans', label: 'nav.plans' },
] as const;

/** Horizontal from BREAKPOINTS.topMenuInline up, a dropdown below (spec §2). */
export function TopMenu() {
  const { t } = useTranslation();
  const inline = useMinWidth(BREAKPOINTS.topMenuInline);

  if (inline) {
    return (
      <nav aria-label={t('nav.label')} className="flex h-full items-stretch">
        {MENU.map(({ to, label }) => (
          <NavLink
            key={to}
            to={to}
            className={({ isActive }) =>
              clsx(
                'flex items-center border-b-2 px-2.5 font-medium transition-colors',
                isActive ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg',
              )
            }
          >
            {t(label)}
          </NavLink>
        ))}
      </nav>
    );
  }

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
