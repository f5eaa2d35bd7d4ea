import type { FlippersData } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The list changes once a day; a look every ten minutes picks up a new pass soon enough. */
const FLIPPERS_POLL_MS = 10 * 60_000;

export function getFlippers(): Promise<FlippersData> {
  return apiClient.call('flippers');
}

export function flippersQueryOptions() {
  return queryOptions({ queryKey: ['flippers'], queryFn: getFlippers, refetchInterval: FLIPPERS_POLL_MS });
}

export function useFlippers() {
  return useQuery(flippersQueryOptions());
}
