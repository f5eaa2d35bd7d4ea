import type { SearchData } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function searchCollections(q: string, signal?: AbortSignal): Promise<SearchData> {
  return apiClient.call('search', { query: { q }, signal, hideErr: true });
}

/** The collection picker's matches: the header search's endpoint, under a key of this page's own. */
export function collectionSearchQueryOptions(q: string) {
  return queryOptions({ queryKey: ['holding', 'search', q], queryFn: ({ signal }) => searchCollections(q, signal) });
}

export function useCollectionSearch(q: string) {
  return useQuery({ ...collectionSearchQueryOptions(q), enabled: q.length > 0 });
}
