import type { EndpointQuery, endpoints, RarityTokensData } from '@floordesk/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type RarityTokensQuery = EndpointQuery<typeof endpoints.rarityTokens>;

export function getRarityTokens(query: RarityTokensQuery): Promise<RarityTokensData> {
  return apiClient.call('rarityTokens', { query });
}

export function rarityTokensQueryOptions(query: RarityTokensQuery) {
  return queryOptions({
    queryKey: ['rarity', 'tokens', query],
    queryFn: () => getRarityTokens(query),
    // A new filter keeps the table in place until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useRarityTokens(query: RarityTokensQuery) {
  return useQuery(rarityTokensQueryOptions(query));
}
