import { navigateTo } from '../../lib/navigation';
import { signInPath } from '../../lib/redirect';
import { sessionStore } from '../../stores/session-store';
import { logout } from './api/logout';

/** Revoke the session (a failure changes nothing), forget it here, then offer sign-in again. */
export async function signOut(redirectTo: string): Promise<void> {
  if (sessionStore.getState().token) await logout().catch(() => undefined);
  sessionStore.getState().clear();
  navigateTo(signInPath(redirectTo));
}
