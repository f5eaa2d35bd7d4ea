import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { lazyComponent } from '../../../lib/lazy-component';
import { DEFAULT_SIGNED_IN_PATH, SIGN_IN_PATH, signInPath } from '../../../lib/redirect';
import { useSession } from '../../../stores/session-store';
import { HeaderSearch } from './header-search';
import { ThemeToggle } from './theme-toggle';
import { TopMenu } from './top-menu';

// Radix popovers and menus: they load beside the page rather than in front of it.
const WatchlistPanel = lazyComponent(() =>
  import('../../../features/watchlist/components/watchlist-panel').then((module) => module.WatchlistPanel),
);
const AccountMenu = lazyComponent(() => import('./account-menu').then((module) => module.AccountMenu));
const LanguageMenu = lazyComponent(() => import('./language-menu').then((module) => module.LanguageMenu));

export function Header() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const token = useSession((state) => state.token);

  return (
    <header className="sticky top-0 z-30 flex h-11 shrink-0 items-center gap-2 border-b border-line bg-canvas/95 px-2 backdrop-blur sm:gap-4 sm:px-4">
      <Link
        to={DEFAULT_SIGNED_IN_PATH}
        className="flex shrink-0 items-center gap-1.5 text-[15px] font-bold tracking-tight text-fg"
      >
        <span
          className="grid size-6 place-items-center rounded bg-accent/15 font-mono text-[13px] text-accent"
          aria-hidden
        >
          F
        </span>
        {/* On the narrowest phones the mark alone, so that the account's name is not cut. */}
        <span className="max-[419px]:sr-only">FloorDesk</span>
      </Link>
      <TopMenu />
      <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
        <HeaderSearch />
        {/* A visitor's header is full at phone widths, and there the star could only ask them to sign in. */}
        <WatchlistPanel className={token ? undefined : 'max-sm:hidden'} />
        <ThemeToggle />
        {token ? (
          <AccountMenu address={token} />
        ) : (
          <>
            <LanguageMenu />
            {pathname !== SIGN_IN_PATH && (
              <Link to={signInPath(pathname + search)} className="button-primary">
                {t('menu.sign_in')}
              </Link>
            )}
          </>
        )}
      </div>
    </header>
  );
}
