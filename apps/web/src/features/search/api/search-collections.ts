import { type SearchResult, verifiedOf } from '@floordesk/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** A collection a search found; the wire's `sr_status` is `verified`. */
export type SearchHit = Omit<SearchResult, 'sr_status'> & { verified: boolean };

export function searchHitOf({ sr_status, ...result }: SearchResult): SearchHit {
  return { ...result, verified: verifiedOf(sr_status) };
}

/** Collections matching a name or an address (or their beginnings); public, visitors may search. */
export async function searchCollections(keyword: string, signal?: AbortSignal): Promise<{ list: SearchHit[] }> {
  const { list } = await apiClient.call('search', { query: { q: keyword }, signal });
  return { list: list.map(searchHitOf) };
}

export function searchQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: ['search', keyword],
    // Taking the signal lets React Query abort a search that a newer keyword made stale.
    queryFn: ({ signal }) => searchCollections(keyword, signal),
    enabled: keyword !== '',
    staleTime: 30_000,
    // The previous results stay on screen while the next ones load, instead of flashing away on every keystroke.
    placeholderData: keepPreviousData,
  });
}

/** Searches for `keyword`; idle while it is empty. */
export function useSearchCollections(keyword: string) {
  return useQuery(searchQueryOptions(keyword));
}
