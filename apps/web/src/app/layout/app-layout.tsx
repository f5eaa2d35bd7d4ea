import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '../../components/ui/toast/toaster';
import { SessionMonitor } from '../../features/auth/components/session-monitor';
import { LiveNotifications } from '../../features/live/components/live-notifications';
import { WhatsNew } from '../../features/whats-new/whats-new';
import { useLoginPromptOpen } from '../../stores/login-prompt-store';
import { MarketBar } from './market-bar/market-bar';
import { NoListingsBanner } from '../../features/network/components/no-listings-banner';
import { WrongNetworkBanner } from '../../features/network/components/wrong-network-banner';
import { lazyWhenOpen } from '../../lib/lazy-component';
import { useCurrentRoute, useRouteCollection } from '../use-current-route';
import { Header } from './header/header';
import { closePanels, usePanelOpen } from '../../stores/panels-store';
import { useSellDialog } from '../../stores/sell-dialog-store';
import { useDocumentTitle } from './use-document-title';

const TrendingPanel = lazyWhenOpen(
  () => import('../../features/trending/components/trending-panel').then((module) => module.TrendingPanel),
  () => usePanelOpen('trending'),
);
const CalendarModal = lazyWhenOpen(
  () => import('../../features/calendar/components/calendar-modal').then((module) => module.CalendarModal),
  () => usePanelOpen('calendar'),
);
const GasSettingsDialog = lazyWhenOpen(
  () => import('../../features/gas/components/gas-settings-dialog').then((module) => module.GasSettingsDialog),
  () => usePanelOpen('gas'),
);
const SweepDialog = lazyWhenOpen(
  () => import('../../features/sweep/components/sweep-dialog').then((module) => module.SweepDialog),
  () => usePanelOpen('sweep'),
);
const SellDialog = lazyWhenOpen(
  () => import('../../features/selling/components/sell-dialog').then((module) => module.SellDialog),
  () => useSellDialog().open,
);
const LoginPromptDialog = lazyWhenOpen(
  () => import('../../features/auth/components/login-prompt-dialog').then((module) => module.LoginPromptDialog),
  useLoginPromptOpen,
);

export function AppLayout() {
  const route = useCurrentRoute();
  const collection = useRouteCollection();
  useDocumentTitle(route.name);
  const { pathname } = useLocation();
  // A route change closes every panel, popover and modal.
  useEffect(closePanels, [pathname]);
  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-fg">
      <Header />
      <WrongNetworkBanner />
      <NoListingsBanner />
      {/* Room for the fixed bottom bar (h-9), so that nothing ends under it. */}
      <main className={clsx('flex min-w-0 flex-1 flex-col', route.showBar && 'pb-9')}>
        <Outlet />
      </main>
      {route.showBar && (
        <MarketBar showTrending={route.showTrending} showBreak={route.showBreak} collection={collection} />
      )}
      <TrendingPanel />
      <CalendarModal />
      <GasSettingsDialog />
      <SweepDialog />
      <SellDialog />
      <LiveNotifications />
      <Toaster />
      <LoginPromptDialog />
      <WhatsNew />
      <SessionMonitor followAccountChanges={route.onAccountChangeJump} />
    </div>
  );
}

/** The page area while the first navigation waits for the guard, so the page is never blank. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 items-center justify-center gap-2 py-24 text-faint">
      <LoaderCircle size={16} className="animate-spin" aria-hidden />
      <span>{t('app.loading')}</span>
    </div>
  );
}
