import type { ListingsData } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const LISTINGS_POLL_MS = 5000;

export function getCollectionListings(address: string): Promise<ListingsData> {
  return apiClient.call('collectionListings', { query: { address } });
}

export function collectionListingsQueryOptions(address: string) {
  return queryOptions({
    queryKey: ['collection', address, 'listings'],
    queryFn: () => getCollectionListings(address),
    refetchInterval: LISTINGS_POLL_MS,
  });
}

export function useCollectionListings(address: string) {
  return useQuery(collectionListingsQueryOptions(address));
}
