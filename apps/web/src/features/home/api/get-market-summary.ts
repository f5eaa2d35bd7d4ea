import { MARKET_SUMMARY_REFRESH_MS, type MarketSummaryData } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getMarketSummary(): Promise<MarketSummaryData> {
  return apiClient.call('marketSummary');
}

export const marketSummaryQueryOptions = queryOptions({
  queryKey: ['marketSummary'],
  queryFn: getMarketSummary,
  refetchInterval: MARKET_SUMMARY_REFRESH_MS,
});

/** The market at a glance; public. */
export function useMarketSummary() {
  return useQuery(marketSummaryQueryOptions);
}
