import { BREAKPOINTS } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { lazyComponent } from '../../../lib/lazy-component';
import { useMinWidth } from '../../../lib/use-min-width';

/** The top menu's pages, inline and in the dropdown alike; `more`: under More when inline, to keep the header's width. */
export const MENU = [
  { to: '/home', label: 'nav.home', more: true },
  { to: '/trending', label: 'nav.trending', more: false },
  { to: '/wallet', label: 'nav.wallet', more: true },
  { to: '/discover', label: 'nav.discover', more: false },
  { to: '/rarityHome', label: 'nav.rarity', more: false },
  { to: '/holding', label: 'nav.holding', more: true },
  { to: '/historic', label: 'nav.historic', more: false },
  { to: '/protfolio', label: 'nav.portfolio', more: false },
  // Under More when inline: the header is full at its narrowest inline width (BREAKPOINTS.topMenuInline).
  { to: '/listings', label: 'nav.listings', more: true },
  { to: '/plans', label: 'nav.plans', more: false },
] as const;

const TopMenuDropdown = lazyComponent(() => import('./top-menu-dropdown').then((module) => module.TopMenuDropdown));

/** Horizontal from BREAKPOINTS.topMenuInline up, a dropdown below. */
export function TopMenu() {
  const { t } = useTranslation();
  const inline = useMinWidth(BREAKPOINTS.topMenuInline);

  if (inline) {
    return (
      <nav aria-label={t('nav.label')} className="flex h-full items-stretch">
        {MENU.filter(({ more }) => !more).map(({ to, label }) => (
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
        <TopMenuDropdown more />
      </nav>
    );
  }

  return <TopMenuDropdown more={false} />;
}
