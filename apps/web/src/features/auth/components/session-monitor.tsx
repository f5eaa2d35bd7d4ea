import { lazyWhenOpen } from '../../../lib/lazy-component';
import { useAccountChangeRedirect } from '../hooks/use-account-change-redirect';
import { useCrossTabSession } from '../hooks/use-cross-tab-session';
import { useVerifySession } from '../hooks/use-verify-session';

const OopsDialog = lazyWhenOpen(
  () => import('./oops-dialog').then((module) => module.OopsDialog),
  ({ message }) => message !== null,
);

/** Keeps the session true to the wallet, the server and the other tabs while the app is open. */
export function SessionMonitor({ followAccountChanges }: { followAccountChanges: boolean }) {
  useCrossTabSession();
  useAccountChangeRedirect(followAccountChanges);
  const oops = useVerifySession();
  return <OopsDialog message={oops} />;
}
