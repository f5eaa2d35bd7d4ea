import type { AppConfigData } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

export function getAppConfig(): Promise<AppConfigData> {
  return apiClient.call('appConfig');
}

export const appConfigQueryOptions = queryOptions({
  queryKey: ['app-config'],
  queryFn: getAppConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAppConfig() {
  return useQuery(appConfigQueryOptions);
}
