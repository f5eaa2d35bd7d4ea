import { type MyListingsData, NOTIFICATION_TYPE, type NotificationType } from '@floordesk/protocol';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiClient } from '../../lib/api-client';
import { useSession } from '../../stores/session-store';
import { isLive } from './my-listings-format';

/** Every My listings query starts with this, so a cancel can refresh them all. */
export const MY_LISTINGS_QUERY_KEY = ['my-listings'] as const;

/** Asked again this often while the page is visible, so that an undercut shows without a reload. */
export const MY_LISTINGS_REFRESH_MS = 10_000;
/** After a cancellation is mined: asked this often until the order book has ended its listings… */
export const CANCEL_INDEX_POLL_MS = 2000;
/** …for at most this long (a reverted or dropped transaction never ends them). */
export const CANCEL_INDEX_WAIT_MS = 60_000;

/** A change of premium (a payment, a trial) asks again, as the portfolio does. */
export function getMyListingsQueryKey(token: string | null, premium: boolean, wallet: string | null) {
  return [...MY_LISTINGS_QUERY_KEY, token, premium, wallet] as const;
}

/** Whether any of `awaited` still shows as live in `data`. */
export function anyStillLive(data: MyListingsData | undefined, awaited: ReadonlySet<string>): boolean {
  return awaited.size > 0 && (data?.list.some((item) => awaited.has(item.order_hash) && isLive(item)) ?? false);
}

/**
 * The trader's listings over all their wallets, or over `wallet`, every MY_LISTINGS_REFRESH_MS while the page is
 * visible (TanStack pauses intervals in a hidden tab), faster while `awaited` cancellations are not indexed yet. A
 * refusal (not premium) is shown on the page instead of a toast.
 */
export function useMyListings(wallet: string | null, awaited: ReadonlySet<string>) {
  const token = useSession((state) => state.token);
  const premium = useSession((state) => state.premium);
  return useQuery({
    queryKey: getMyListingsQueryKey(token, premium, wallet),
    queryFn: () => apiClient.call('myListings', { query: wallet ? { wallet } : {}, hideErr: true }),
    enabled: token !== null,
    refetchInterval: (query) =>
      anyStillLive(query.state.data, awaited) ? CANCEL_INDEX_POLL_MS : MY_LISTINGS_REFRESH_MS,
    // Switching the wallet filter keeps the table (and the filter) up while the other wallet's listings load.
    placeholderData: keepPreviousData,
  });
}

/** The live notices that change what My listings shows: a listing made, ended by the wallet, or sold. */
const LISTING_NOTICES: ReadonlySet<NotificationType> = new Set([
  NOTIFICATION_TYPE.listed,
  NOTIFICATION_TYPE.cancel,
  NOTIFICATION_TYPE.sold,
]);

/**
 * Refreshes My listings when a live notice of the trader's wallets lists, cancels or sells. The live feature
 * refreshes every query under ['notifications'] when a message arrives (that is how its history stays current), so
 * the latest page of notices kept here under that key is fetched again then, and its new items say what happened.
 */
export function useRefreshOnListingNotices(): void {
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const notices = useQuery({
    queryKey: ['notifications', 'my-listings', token],
    queryFn: () => apiClient.call('notifications', { query: { page: 1, size: 20 }, hideErr: true }),
    enabled: token !== null,
  });
  const seen = useRef<ReadonlySet<string> | null>(null);
  const list = notices.data?.list;
  useEffect(() => {
    if (!list) return;
    const before = seen.current;
    seen.current = new Set(list.map((item) => item.id));
    // The first page read is what had happened before the page opened: the listings already show it.
    if (before && list.some((item) => !before.has(item.id) && LISTING_NOTICES.has(item.type))) {
      void queryClient.invalidateQueries({ queryKey: MY_LISTINGS_QUERY_KEY });
    }
  }, [list, queryClient]);
}
