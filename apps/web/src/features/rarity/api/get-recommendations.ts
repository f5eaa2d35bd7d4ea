import type { RecommendationsData } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Listings come and go; a minute keeps the list fresh without a heavy query every few seconds. */
const RECOMMENDATIONS_POLL_MS = 60_000;

/** Every collection's recommendations, or one collection's (`address`). */
export function getRecommendations(address?: string): Promise<RecommendationsData> {
  return apiClient.call('rarityRecommendations', { query: { address } });
}

export function recommendationsQueryOptions(address?: string) {
  return queryOptions({
    queryKey: ['rarity', 'recommendations', address ?? null],
    queryFn: () => getRecommendations(address),
    refetchInterval: RECOMMENDATIONS_POLL_MS,
  });
}

export function useRecommendations(address?: string) {
  return useQuery(recommendationsQueryOptions(address));
}
