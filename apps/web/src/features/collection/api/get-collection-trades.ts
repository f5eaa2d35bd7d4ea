import type { TradesData } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const TRADES_POLL_MS = 3000;

export function getCollectionTrades(address: string): Promise<TradesData> {
  return apiClient.call('collectionTrades', { query: { address } });
}

export function collectionTradesQueryOptions(address: string) {
  return queryOptions({
    queryKey: ['collection', address, 'trades'],
    queryFn: () => getCollectionTrades(address),
    refetchInterval: TRADES_POLL_MS,
  });
}

export function useCollectionTrades(address: string) {
  return useQuery(collectionTradesQueryOptions(address));
}
