import { flaggedOf, type ListingRow, type RankTierName, rankTierOf } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

export const LISTINGS_POLL_MS = 5000;

/**
 * A listing as the app reads it: the wire's `flag` is its rarity `tier` (null without a rank, or for a tier this
 * version does not know), and `risk_flag` is `flagged` (a token a marketplace reports).
 */
export type Listing = Omit<ListingRow, 'flag' | 'risk_flag'> & { tier: RankTierName | null; flagged: boolean };

export function listingOf({ flag, risk_flag, ...row }: ListingRow): Listing {
  return { ...row, tier: flag === null ? null : (rankTierOf(flag) ?? null), flagged: flaggedOf(risk_flag) };
}

export async function getCollectionListings(address: string): Promise<{ list: Listing[] }> {
  const { list } = await apiClient.call('collectionListings', { query: { address } });
  return { list: list.map(listingOf) };
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
