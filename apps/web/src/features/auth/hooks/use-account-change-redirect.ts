import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useWallet } from '../../../lib/wallet/wallet-store';
import { sessionStore } from '../../../stores/session-store';
import { accountChangeTarget } from '../account-change';

const NOT_OBSERVED = Symbol('not observed');

/**
 * Follows the wallet's account while signed in. The first settled account is left to the navigation
 * guard; only later changes redirect, and not on pages that opt out (`follow` false).
 */
export function useAccountChangeRedirect(follow: boolean): void {
  const address = useWallet((state) => state.account);
  const status = useWallet((state) => state.status);
  const navigate = useNavigate();
  const previous = useRef<string | undefined | typeof NOT_OBSERVED>(NOT_OBSERVED);

  useEffect(() => {
    if (status === 'connecting') return;
    const seen = previous.current;
    previous.current = address;
    if (seen === NOT_OBSERVED || seen === address || !follow) return;
    const target = accountChangeTarget({
      account: address,
      token: sessionStore.getState().token,
      pathname: window.location.pathname,
      search: window.location.search,
    });
    if (target) navigate(target);
  }, [address, status, follow, navigate]);
}
