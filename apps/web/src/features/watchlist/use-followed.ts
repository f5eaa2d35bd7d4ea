import type { WatchlistData } from '@floordesk/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../stores/session-store';
import { useWatchlist, WATCHLIST_QUERY_KEY } from './api/get-watchlist';
import { useWatchlistWindow } from './watchlist-window-store';

/**
 * Whether the signed-in user follows `address`, read from the watchlist of the panel's window (every window lists
 * every followed collection), or from any other window already cached while that one loads. Always false for a
 * visitor.
 */
export function useFollowed(address: string): boolean {
  const queryClient = useQueryClient();
  const signedIn = useSession((state) => state.token !== null);
  const panelWindow = useWatchlistWindow((state) => state.value);
  const { data } = useWatchlist(panelWindow);
  if (!signedIn) return false;
  const list =
    data?.list ??
    queryClient.getQueriesData<WatchlistData>({ queryKey: WATCHLIST_QUERY_KEY }).find(([, cached]) => cached)?.[1]
      ?.list;
  const wanted = address.toLowerCase();
  return list?.some((row) => row.address.toLowerCase() === wanted) ?? false;
}
