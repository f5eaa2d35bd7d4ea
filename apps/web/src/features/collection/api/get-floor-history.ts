import type { FloorHistoryData, FloorHistoryRange } from '@floordesk/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The shortest range is drawn in one-minute buckets; refreshing faster would redraw the same picture. */
export const FLOOR_HISTORY_POLL_MS = 60_000;

export function getFloorHistory(address: string, range: FloorHistoryRange): Promise<FloorHistoryData> {
  return apiClient.call('collectionFloorHistory', { query: { address, range } });
}

export function floorHistoryQueryOptions(address: string, range: FloorHistoryRange) {
  return queryOptions({
    queryKey: ['collection', address, 'floor-history', range],
    queryFn: () => getFloorHistory(address, range),
    refetchInterval: FLOOR_HISTORY_POLL_MS,
    // Switching ranges keeps the old picture until the new one arrives, rather than blanking the chart.
    placeholderData: keepPreviousData,
  });
}

export function useFloorHistory(address: string, range: FloorHistoryRange) {
  return useQuery(floorHistoryQueryOptions(address, range));
}
