import type { LiveCheckData, LiveConnectionData, NotificationsData, NotificationsQuery } from '@floordesk/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSession } from '../../../stores/session-store';

/** Connection info with a fresh credential; failures are retried by the caller, quietly. */
export function fetchConnectionInfo(): Promise<LiveConnectionData> {
  return apiClient.call('liveConnection', { hideErr: true, background: true });
}

export async function checkLive(clientId: string): Promise<LiveCheckData['flag']> {
  const { flag } = await apiClient.call('liveCheck', {
    query: { clientid: clientId },
    hideErr: true,
    background: true,
  });
  return flag;
}

export async function sendHeartbeat(): Promise<void> {
  await apiClient.call('heartbeat', { hideErr: true, background: true });
}

/** Every history query starts with this, so a dropped notification can refresh them all. */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

export function getNotifications(query: Partial<NotificationsQuery>): Promise<NotificationsData> {
  return apiClient.call('notifications', { query: query as NotificationsQuery });
}

/** The signed-in user's history, one page of one type (or all). */
export function useNotificationHistory(page: number, type: number | undefined) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, token, page, type ?? 'all'],
    queryFn: () => getNotifications({ page, ...(type !== undefined && { type }) }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}
