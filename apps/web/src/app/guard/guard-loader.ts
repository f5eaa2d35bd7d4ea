import { redirect, type LoaderFunction } from 'react-router';
import { restoreSettled, walletStore } from '../../lib/wallet/wallet-store';
import { sessionStore } from '../../stores/session-store';
import type { RouteFlags } from '../routes';
import { guardDecision } from './guard-decision';

/**
 * How long a signed-in page waits at most for the wallet to say whether it is still connected. The original app
 * waited a fixed second, which signs a trader out whenever their wallet answers later than that (a busy machine);
 * waiting for the answer is as fast when the wallet is quick and right when it is slow.
 */
const WALLET_RESTORE_LIMIT_MS = 10_000;

/**
 * The guard runs as each route's loader rather than as a component: a loader decides before the page's code
 * is even fetched and its redirect replaces the history entry, so a refused page never renders or flashes.
 * The app shell renders meanwhile (the root's HydrateFallback on the first load, the previous page after).
 */
export function guardLoader({ requiresAuth }: Pick<RouteFlags, 'requiresAuth'>): LoaderFunction {
  return async ({ request }) => {
    const { pathname, search } = new URL(request.url);
    const { token, signNum } = sessionStore.getState();
    // Only a signed-in page's decision depends on the wallet's account; every other one is made at once.
    if (requiresAuth && token) await restoreSettled(walletStore, WALLET_RESTORE_LIMIT_MS);
    const { account } = walletStore.getState();
    const target = guardDecision({ pathname, search, requiresAuth, token, signNum, account });
    if (target) throw redirect(target);
    return null;
  };
}
