import { type CollectionDetail, Status } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';

/** Stats move with every trade, but slower than the listings and trades beside them. */
export const COLLECTION_POLL_MS = 10_000;

export function getCollection(address: string): Promise<CollectionDetail> {
  // An unknown collection is a page state (not found), not a toast.
  return apiClient.call('collection', { query: { address }, hideErr: true });
}

/** Whether the server does not know the collection (status 1301), as opposed to failing to answer. */
export function isCollectionUnknown(error: unknown): boolean {
  return error instanceof ApiError && error.status === Status.CollectionUnknown;
}

export function collectionQueryOptions(address: string) {
  return queryOptions({
    queryKey: ['collection', address],
    queryFn: () => getCollection(address),
    // Asking again about a collection the server does not know would only get the same answer.
    refetchInterval: (query) => (isCollectionUnknown(query.state.error) ? false : COLLECTION_POLL_MS),
  });
}

export function useCollection(address: string) {
  return useQuery(collectionQueryOptions(address));
}
