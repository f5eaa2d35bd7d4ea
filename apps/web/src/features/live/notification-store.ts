import {
  GENERAL_NOTICE_TYPES,
  NOTIFICATION_AREA_MAX,
  NOTIFICATION_MAX_AGE_S,
  NOTIFICATION_TYPE,
  type NotificationItem,
} from '@floordesk/protocol';
import { createStore, useStore } from 'zustand';

/** The original app's feeds setting: off, the area shows only the general notices (1000, 1001). */
export const FEEDS_KEY = 'feeds-checked';

export function isShown(item: NotificationItem, feeds: boolean): boolean {
  return feeds || GENERAL_NOTICE_TYPES.includes(item.type);
}

/**
 * What the area holds after `arrived` came in at `nowSeconds`: newest first, each id once, only what the feeds
 * setting shows, nothing older than an hour, at most five. Newest by when the event happened, arrivals first among
 * equals: a mint's event comes with its block, after the listing the order book announced at once, yet the
 * listing is the newer event and stays on top.
 */
export function withArrivals(
  current: readonly NotificationItem[],
  arrived: readonly NotificationItem[],
  feeds: boolean,
  nowSeconds: number,
): NotificationItem[] {
  const fresh = arrived.filter((item) => isShown(item, feeds)).toReversed();
  const ids = new Set(fresh.map((item) => item.id));
  return fresh
    .concat(current.filter((item) => !ids.has(item.id)))
    .filter((item) => nowSeconds - item.create_time <= NOTIFICATION_MAX_AGE_S)
    .toSorted((a, b) => b.create_time - a.create_time)
    .slice(0, NOTIFICATION_AREA_MAX);
}

export type NotificationAreaState = {
  items: NotificationItem[];
  expanded: boolean;
  feeds: boolean;
  add: (arrived: readonly NotificationItem[], nowSeconds: number) => void;
  /** Notifications whose block a reorg orphaned, or that the user dismissed. */
  remove: (ids: readonly string[]) => void;
  dismissAll: () => void;
  /** Collection news belongs to the page it arrived on: a route change removes it. */
  removeNews: () => void;
  prune: (nowSeconds: number) => void;
  setExpanded: (expanded: boolean) => void;
  setFeeds: (feeds: boolean) => void;
};

export function createNotificationStore(storage: Storage) {
  return createStore<NotificationAreaState>()((set, get) => ({
    items: [],
    expanded: false,
    feeds: storage.getItem(FEEDS_KEY) !== '0',
    add: (arrived, nowSeconds) => set({ items: withArrivals(get().items, arrived, get().feeds, nowSeconds) }),
    remove: (ids) => {
      const gone = new Set(ids);
      const items = get().items.filter((item) => !gone.has(item.id));
      set({ items, expanded: get().expanded && items.length > 1 });
    },
    dismissAll: () => set({ items: [], expanded: false }),
    removeNews: () =>
      get().remove(
        get()
          .items.filter((item) => item.type === NOTIFICATION_TYPE.collectionNews)
          .map((item) => item.id),
      ),
    prune: (nowSeconds) => {
      const items = get().items.filter((item) => nowSeconds - item.create_time <= NOTIFICATION_MAX_AGE_S);
      if (items.length !== get().items.length) set({ items, expanded: get().expanded && items.length > 1 });
    },
    setExpanded: (expanded) => set({ expanded }),
    setFeeds: (feeds) => {
      storage.setItem(FEEDS_KEY, feeds ? '1' : '0');
      set({ feeds, items: get().items.filter((item) => isShown(item, feeds)) });
    },
  }));
}

export const notificationStore = createNotificationStore(window.localStorage);

export function useNotificationArea<T>(selector: (state: NotificationAreaState) => T): T {
  return useStore(notificationStore, selector);
}
