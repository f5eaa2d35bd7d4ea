import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Toaster } from '../../components/ui/toast/toaster';
import { LoginPromptDialog } from '../../features/auth/components/login-prompt-dialog';
import { SessionMonitor } from '../../features/auth/components/session-monitor';
import { WrongNetworkBanner } from '../../features/network/components/wrong-network-banner';
import { useCurrentRoute } from '../use-current-route';
import { Header } from './header/header';
import { useDocumentTitle } from './use-document-title';

export function AppLayout() {
  const route = useCurrentRoute();
  useDocumentTitle(route.name);
  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-fg">
      <Header />
      <WrongNetworkBanner />
      <main className="flex min-w-0 flex-1 flex-col">
        <Outlet />
      </main>
      <Toaster />
      <LoginPromptDialog />
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
