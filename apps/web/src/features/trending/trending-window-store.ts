import { DEFAULT_TRENDING_WINDOW_ID, TRENDING_WINDOWS, type TrendingWindow } from '@floordesk/protocol';
import { useStore } from 'zustand';
import { createStoredChoice } from '../../lib/stored-choice';

/** The trending window is remembered under this key as its index in TRENDING_WINDOWS (the spec's id). */
export const TRENDING_WINDOW_KEY = 'smalltime';

export function parseTrendingWindowId(stored: string | null): number {
  const id = /^\d+$/.test(stored ?? '') ? Number(stored) : Number.NaN;
  return id < TRENDING_WINDOWS.length ? id : DEFAULT_TRENDING_WINDOW_ID;
}

export function createTrendingWindowStore(storage: Storage) {
  return createStoredChoice(storage, TRENDING_WINDOW_KEY, parseTrendingWindowId);
}

export const trendingWindowStore = createTrendingWindowStore(window.localStorage);

export function useTrendingWindowId(): number {
  return useStore(trendingWindowStore, (state) => state.value);
}

/** The chosen trending window, in minutes. */
export function useTrendingWindow(): TrendingWindow {
  return TRENDING_WINDOWS[useTrendingWindowId()]!;
}
