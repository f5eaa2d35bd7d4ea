import { useEffect } from 'react';

/**
 * wagmi and viem are most of the wallet code and no page needs them to render: they load when the user signs
 * in, switches chains, re-grants access or buys, and the views that offer those start the download when they show.
 */
export function loadWalletActions() {
  return import('./wallet-actions');
}

/** Starts loading the wallet code while `when` holds, so the action it offers does not wait for it. */
export function usePreloadWalletActions(when = true): void {
  useEffect(() => {
    if (when) void loadWalletActions().catch(() => undefined);
  }, [when]);
}
