import { MARKET_SUMMARY_REFRESH_MS, type MintingData } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getMinting(): Promise<MintingData> {
  return apiClient.call('minting');
}

export const mintingQueryOptions = queryOptions({
  queryKey: ['minting'],
  queryFn: getMinting,
  // Mints arrive block by block: as fresh as the other live market figures.
  refetchInterval: MARKET_SUMMARY_REFRESH_MS,
});

/** Collections minting now; public. */
export function useMinting() {
  return useQuery(mintingQueryOptions);
}
