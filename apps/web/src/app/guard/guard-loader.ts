import { ROUTE_GUARD_DELAY_MS } from '@floordesk/protocol';
import { redirect, type LoaderFunction } from 'react-router';
import { walletStore } from '../../lib/wallet/wallet-store';
import { sessionStore } from '../../stores/session-store';
import type { RouteFlags } from '../routes';
import { guardDecision } from './guard-decision';

let walletRestored: Promise<void> | undefined;

/** The first evaluation gives the wallet ROUTE_GUARD_DELAY_MS to restore its connection; later ones run at once. */
function waitForWallet(): Promise<void> {
  walletRestored ??= new Promise((resolve) => setTimeout(resolve, ROUTE_GUARD_DELAY_MS));
  return walletRestored;
}

/**
 * The guard runs as each route's loader rather than as a component: a loader decides before the page's code
 * is even fetched and its redirect replaces the history entry, so a refused page never renders or flashes.
 * The app shell renders meanwhile (the root's HydrateFallback on the first load, the previous page after).
 */
export function guardLoader({ requiresAuth }: Pick<RouteFlags, 'requiresAuth'>): LoaderFunction {
  return async ({ request }) => {
    await waitForWallet();
    const { pathname, search } = new URL(request.url);
    const { token, signNum } = sessionStore.getState();
    const { account } = walletStore.getState();
    const target = guardDecision({ pathname, search, requiresAuth, token, signNum, account });
    if (target) throw redirect(target);
    return null;
  };
}
