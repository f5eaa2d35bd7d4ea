import { HEARTBEAT_MS, LIVE_MESSAGE } from '@floordesk/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../stores/session-store';
import { checkLive, fetchConnectionInfo, NOTIFICATIONS_QUERY_KEY, sendHeartbeat } from './api/live';
import { createLiveConnection, type LiveConnectionDeps } from './live-connection';
import { parseLiveMessage } from './live-message';
import { connectMqtt } from './mqtt-client';
import { notificationStore } from './notification-store';

/** Pages where nothing of a session shows: reaching them clears the area. */
const SESSIONLESS_PATHS = new Set(['/', '/signout']);

/**
 * While a user is signed in: the live channel (connected, checked when the page is visible again, dropped offline,
 * closed at sign-out), the heartbeat every HEARTBEAT_MS, and the area's housekeeping on navigation.
 */
export function useLiveNotifications(connect: LiveConnectionDeps['connect'] = connectMqtt): void {
  /** The signed-in address while there is a session: a new sign-in starts a new channel. */
  const user = useSession((state) => (state.signNum === null ? null : state.token));
  const queryClient = useQueryClient();
  const { pathname } = useLocation();

  useEffect(() => {
    if (SESSIONLESS_PATHS.has(pathname)) notificationStore.getState().dismissAll();
    else notificationStore.getState().removeNews();
  }, [pathname]);

  useEffect(() => {
    if (user === null) return;
    const refreshHistory = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    const connection = createLiveConnection({
      fetchInfo: fetchConnectionInfo,
      check: checkLive,
      connect,
      isOnline: () => navigator.onLine,
      onMessage: (payload) => {
        const message = parseLiveMessage(payload);
        if (!message) return;
        if (message.type === LIVE_MESSAGE.events) notificationStore.getState().add(message.data, Date.now() / 1000);
        else notificationStore.getState().remove(message.ids);
        refreshHistory();
      },
    });
    connection.start();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void connection.checkAlive();
    };
    const onOffline = () => connection.goOffline();
    const onOnline = () => connection.goOnline();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    void sendHeartbeat().catch(() => {});
    const heartbeat = setInterval(() => void sendHeartbeat().catch(() => {}), HEARTBEAT_MS);
    return () => {
      connection.stop();
      clearInterval(heartbeat);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      notificationStore.getState().dismissAll();
    };
  }, [user, connect, queryClient]);
}
