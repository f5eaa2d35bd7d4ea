import { TRENDING_REFRESH_MS, type TrendingData, type TrendingWindow } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** All collections, or only the signed-in user's watchlist (the spec's 'collect' tab). */
export type TrendingTab = 'all' | 'watchlist';

export function getTrending(window: TrendingWindow, tab: TrendingTab): Promise<TrendingData> {
  return apiClient.call('trending', { query: { window: String(window), tab } });
}

export function trendingQueryOptions(window: TrendingWindow, tab: TrendingTab) {
  return queryOptions({
    queryKey: ['trending', window, tab],
    queryFn: () => getTrending(window, tab),
    // Polls only while a list is mounted (the page, or the open panel) and the page is visible.
    refetchInterval: TRENDING_REFRESH_MS,
    refetchIntervalInBackground: false,
    // Switching windows keeps the tab's old rows on screen until the new ones arrive; switching tabs does not, as
    // the other tab's rows would pass for this one's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === tab ? previous : undefined),
  });
}

export function useTrending(window: TrendingWindow, tab: TrendingTab) {
  return useQuery(trendingQueryOptions(window, tab));
}
