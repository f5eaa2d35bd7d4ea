import { type CollectionDetail, Status, verifiedOf } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../api-client';

/** Stats move with every trade, but slower than the listings and trades beside them. */
export const COLLECTION_POLL_MS = 10_000;

/** A collection's page header and stats; the wire's `sr_status` is `verified`. */
export type Collection = Omit<CollectionDetail, 'sr_status'> & { verified: boolean };

export function collectionOf({ sr_status, ...detail }: CollectionDetail): Collection {
  return { ...detail, verified: verifiedOf(sr_status) };
}

export async function getCollection(address: string): Promise<Collection> {
  // An unknown collection is a page state (not found), not a toast.
  return collectionOf(await apiClient.call('collection', { query: { address }, hideErr: true }));
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
