import { NOTIFICATION_TYPE, type NotificationItem } from '@floordesk/protocol';
import { notificationItem } from './test-fixtures';
import { describe, expect, it } from 'vitest';
import { createNotificationStore, FEEDS_KEY, withArrivals } from './notification-store';

const NOW = 2_000_000_000;

const item = (id: number, overrides: Partial<NotificationItem> = {}) =>
  notificationItem(id, { create_time: NOW - 5, ...overrides });
const ids = (items: readonly NotificationItem[]) => items.map((entry) => entry.id);

describe('the notification area', () => {
  it('puts arrivals first, newest of a message first, each id once, at most five', () => {
    const first = withArrivals([], [item(1), item(2)], true, NOW);
    expect(ids(first)).toEqual(['2', '1']);
    const next = withArrivals(first, [item(3), item(2), item(4), item(5), item(6)], true, NOW);
    expect(ids(next)).toEqual(['6', '5', '4', '2', '3']);
  });

  it('keeps the newest event on top when an older one arrives after it', () => {
    const listed = item(7, { type: NOTIFICATION_TYPE.listed, create_time: NOW - 1 });
    const minted = item(8, { type: NOTIFICATION_TYPE.minted, create_time: NOW - 2 });
    expect(ids(withArrivals(withArrivals([], [listed], true, NOW), [minted], true, NOW))).toEqual(['7', '8']);
  });

  it('drops what is over an hour old, on arrival and on every tick', () => {
    const store = createNotificationStore(window.localStorage);
    store.getState().add([item(1, { create_time: NOW - 3601 }), item(2, { create_time: NOW - 3000 })], NOW);
    expect(ids(store.getState().items)).toEqual(['2']);
    store.getState().prune(NOW + 601);
    expect(store.getState().items).toEqual([]);
  });

  it('with the feeds setting off shows only announcements and collection news, and remembers the setting', () => {
    const storage = window.localStorage;
    storage.removeItem(FEEDS_KEY);
    const store = createNotificationStore(storage);
    expect(store.getState().feeds).toBe(true);
    store.getState().add([item(1), item(2, { type: NOTIFICATION_TYPE.announcement })], NOW);
    store.getState().setFeeds(false);
    expect(ids(store.getState().items)).toEqual(['2']);
    store.getState().add([item(3, { type: NOTIFICATION_TYPE.listed }), item(4, { type: 1001 })], NOW);
    expect(ids(store.getState().items)).toEqual(['4', '2']);
    expect(createNotificationStore(storage).getState().feeds).toBe(false);
  });

  it('removes collection news on a route change, dismissed and dropped items, and collapses when one is left', () => {
    const store = createNotificationStore(window.localStorage);
    store.getState().setFeeds(true);
    store.getState().add([item(1), item(2, { type: NOTIFICATION_TYPE.collectionNews }), item(3)], NOW);
    store.getState().setExpanded(true);
    store.getState().removeNews();
    expect(ids(store.getState().items)).toEqual(['3', '1']);
    expect(store.getState().expanded).toBe(true);
    store.getState().remove(['3']);
    expect(ids(store.getState().items)).toEqual(['1']);
    expect(store.getState().expanded).toBe(false);
    store.getState().dismissAll();
    expect(store.getState().items).toEqual([]);
  });
});
