import type { HoldingData } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Holdings shift slowly: once a minute, as the collection page's holders. */
const HOLDING_POLL_MS = 60_000;

export function getHolding(address: string): Promise<HoldingData> {
  return apiClient.call('holding', { query: { address } });
}

export function holdingQueryOptions(address: string) {
  return queryOptions({
    queryKey: ['holding', address],
    queryFn: () => getHolding(address),
    refetchInterval: HOLDING_POLL_MS,
  });
}

export function useHolding(address: string | null) {
  return useQuery({ ...holdingQueryOptions(address ?? ''), enabled: address !== null });
}
