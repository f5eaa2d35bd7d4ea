import type { HoldersData } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Holdings shift slowly; once a minute keeps the shares honest without a heavy query every few seconds. */
export const HOLDERS_POLL_MS = 60_000;

export function getCollectionHolders(address: string): Promise<HoldersData> {
  return apiClient.call('collectionHolders', { query: { address } });
}

export function collectionHoldersQueryOptions(address: string) {
  return queryOptions({
    queryKey: ['collection', address, 'holders'],
    queryFn: () => getCollectionHolders(address),
    refetchInterval: HOLDERS_POLL_MS,
  });
}

export function useCollectionHolders(address: string) {
  return useQuery(collectionHoldersQueryOptions(address));
}
