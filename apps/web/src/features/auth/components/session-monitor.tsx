import { useAccountChangeRedirect } from '../hooks/use-account-change-redirect';
import { useCrossTabSession } from '../hooks/use-cross-tab-session';
import { useVerifySession } from '../hooks/use-verify-session';
import { OopsDialog } from './oops-dialog';

/** Keeps the session true to the wallet, the server and the other tabs while the app is open. */
export function SessionMonitor({ followAccountChanges }: { followAccountChanges: boolean }) {
  useCrossTabSession();
  useAccountChangeRedirect(followAccountChanges);
  const oops = useVerifySession();
  return <OopsDialog message={oops} />;
}
