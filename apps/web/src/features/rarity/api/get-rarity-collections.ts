import type { RarityCollectionsData } from '@floordesk/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getRarityCollections(q: string): Promise<RarityCollectionsData> {
  return apiClient.call('rarityCollections', { query: { q: q || undefined } });
}

export function rarityCollectionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['rarity', 'collections', q],
    queryFn: () => getRarityCollections(q),
    // The list stays while a new search text is asked about, instead of flashing a spinner per keystroke.
    placeholderData: keepPreviousData,
  });
}

export function useRarityCollections(q: string) {
  return useQuery(rarityCollectionsQueryOptions(q));
}
