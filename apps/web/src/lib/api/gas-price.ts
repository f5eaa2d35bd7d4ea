import type { GasPriceData } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

/** The server refreshes the figures every block (~12 s on mainnet); polling faster shows a new block soon after. */
export const GAS_PRICE_POLL_MS = 4000;

export function getGasPrice(): Promise<GasPriceData> {
  return apiClient.call('gasPrice');
}

export const gasPriceQueryOptions = queryOptions({
  queryKey: ['gas-price'],
  queryFn: getGasPrice,
  refetchInterval: GAS_PRICE_POLL_MS,
  refetchIntervalInBackground: false,
});

/** Base gas in Gwei and the ETH price in USD, polled while the bottom bar shows and the page is visible. */
export function useGasPrice() {
  return useQuery(gasPriceQueryOptions);
}
