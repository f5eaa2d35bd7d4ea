import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { currentPath } from '../../../lib/navigation';
import { redirectTarget, signInPath } from '../../../lib/redirect';
import { sessionChangeFromStorage, sessionStore } from '../../../stores/session-store';

/** Signing out in one tab signs out all; signing in in one tab signs in the others. */
export function useCrossTabSession(): void {
  const navigate = useNavigate();
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.storageArea !== window.localStorage) return;
      const change = sessionChangeFromStorage(event.key, window.localStorage);
      if (!change) return;
      const before = sessionStore.getState().token;
      sessionStore.getState().loadFromStorage();
      if (change === 'signedOut') navigate(signInPath(currentPath()));
      else if (sessionStore.getState().token !== before) navigate(redirectTarget(window.location.search));
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate]);
}
