import type { FloorHistoriesData, HistoricRange } from '@floordesk/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** New buckets close every 15 minutes at the finest range: a minute's refresh keeps the last one current. */
const HISTORIC_REFRESH_MS = 60_000;

/** The floor history of `addresses` over `range`; without addresses, the server's most traded collections. */
export function getFloorHistories(addresses: readonly string[] | undefined, range: HistoricRange) {
  return apiClient.call('floorHistories', {
    query: { range, ...(addresses && { addresses: addresses.join(',') }) },
  });
}

export function floorHistoriesQueryOptions(addresses: readonly string[] | undefined, range: HistoricRange) {
  return queryOptions<FloorHistoriesData>({
    queryKey: ['floorHistories', range, addresses ?? null],
    queryFn: () => getFloorHistories(addresses, range),
    refetchInterval: HISTORIC_REFRESH_MS,
    // The lines on screen stay (dimmed) while another range or choice loads.
    placeholderData: keepPreviousData,
  });
}

/** Public: visitors see the most traded collections, or the ones they add. */
export function useFloorHistories(addresses: readonly string[] | undefined, range: HistoricRange, enabled = true) {
  return useQuery({ ...floorHistoriesQueryOptions(addresses, range), enabled });
}
