import type { WatchlistData, WatchlistWindow } from '@floordesk/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSession } from '../../../stores/session-store';

/** Every watchlist query starts with this, so a follow or unfollow can refresh them all. */
export const WATCHLIST_QUERY_KEY = ['watchlist'] as const;

export function getWatchlist(window: WatchlistWindow): Promise<WatchlistData> {
  return apiClient.call('watchlist', { query: { window: String(window) } });
}

export function watchlistQueryOptions(window: WatchlistWindow, signedIn: boolean) {
  return queryOptions({
    queryKey: [...WATCHLIST_QUERY_KEY, window],
    queryFn: () => getWatchlist(window),
    enabled: signedIn,
    // Another window's rows stay on screen (dimmed) until this one's arrive; the followed set is the same.
    placeholderData: keepPreviousData,
  });
}

/** The signed-in user's followed collections with trades and floor over `window`; idle for a visitor. */
export function useWatchlist(window: WatchlistWindow) {
  const signedIn = useSession((state) => state.token !== null);
  return useQuery(watchlistQueryOptions(window, signedIn));
}
