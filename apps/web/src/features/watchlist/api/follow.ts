import type { FollowData, WatchlistData } from '@floordesk/protocol';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { WATCHLIST_QUERY_KEY } from './get-watchlist';

/** Trending's 'collect' tab lists the watchlist too. */
const TRENDING_QUERY_KEY = ['trending'] as const;

export function follow(address: string): Promise<FollowData> {
  return apiClient.call('follow', { body: { address } });
}

export function unfollow(address: string): Promise<FollowData> {
  return apiClient.call('unfollow', { body: { address } });
}

function dropFromWatchlists(queryClient: QueryClient, address: string): void {
  const gone = address.toLowerCase();
  queryClient.setQueriesData<WatchlistData>(
    { queryKey: WATCHLIST_QUERY_KEY },
    (data) => data && { ...data, list: data.list.filter((row) => row.address.toLowerCase() !== gone) },
  );
}

/**
 * Runs after success and failure alike (a refusal such as 1302 AlreadyFollowing means our copy was stale). The
 * mutation stays pending until the watchlist is fetched again, so a star never flips back for a moment.
 */
async function refreshFollowState(queryClient: QueryClient): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: TRENDING_QUERY_KEY });
  await queryClient.invalidateQueries({ queryKey: WATCHLIST_QUERY_KEY });
}

/** Adds a collection (by address) to the signed-in user's watchlist. */
export function useFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: follow,
    onSettled: () => refreshFollowState(queryClient),
  });
}

/** Removes a collection (by address) from the signed-in user's watchlist; its rows disappear at once. */
export function useUnfollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfollow,
    onSuccess: ({ address }) => dropFromWatchlists(queryClient, address),
    onSettled: () => refreshFollowState(queryClient),
  });
}
