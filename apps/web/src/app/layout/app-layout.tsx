import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Toaster } from '../../components/ui/toast/toaster';
import { SessionMonitor } from '../../features/auth/components/session-monitor';
import { WrongNetworkBanner } from '../../features/network/components/wrong-network-banner';
import { useCurrentRoute } from '../use-current-route';
import { Header } from './header/header';
import { useDocumentTitle } from './use-document-title';

function AppShell({ children }: { children: ReactNode }) {
  const route = useCurrentRoute();
  useDocumentTitle(route.name);
  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-fg">
      <Header />
      <WrongNetworkBanner />
      <main className="flex min-w-0 flex-1 flex-col">{children}</main>
      <Toaster />
      <SessionMonitor followAccountChanges={route.onAccountChangeJump} />
    </div>
  );
}

export function AppLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

/** The shell while the first navigation waits for the guard, so the page is never blank. */
export function AppLayoutFallback() {
  const { t } = useTranslation();
  return (
    <AppShell>
      <div className="flex flex-1 items-center justify-center gap-2 py-24 text-faint">
        <LoaderCircle size={16} className="animate-spin" aria-hidden />
        <span>{t('app.loading')}</span>
      </div>
    </AppShell>
  );
}
