import { WATCHLIST_WINDOWS, type WatchlistWindow } from '@floordesk/protocol';
import { useStore } from 'zustand';
import { createStoredChoice, type StoredChoice } from '../../lib/stored-choice';

/**
 * Not among the original app's storage keys (the spec keeps only the trending window, under `smalltime`); a trader who picks
 * a watchlist window expects it on the next visit, so it is stored under this key, in minutes.
 */
export const WATCHLIST_WINDOW_KEY = 'watchlist_window';
/** An hour shows activity on quieter collections too. */
export const DEFAULT_WATCHLIST_WINDOW: WatchlistWindow = 60;

export function parseWatchlistWindow(stored: string | null): WatchlistWindow {
  return WATCHLIST_WINDOWS.find((window) => String(window) === stored) ?? DEFAULT_WATCHLIST_WINDOW;
}

export function createWatchlistWindowStore(storage: Storage) {
  return createStoredChoice(storage, WATCHLIST_WINDOW_KEY, parseWatchlistWindow);
}

export const watchlistWindowStore = createWatchlistWindowStore(window.localStorage);

export function useWatchlistWindow<T>(selector: (state: StoredChoice<WatchlistWindow>) => T): T {
  return useStore(watchlistWindowStore, selector);
}
