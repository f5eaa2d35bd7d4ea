import { SWEEP_MAX_ITEMS, SWEEP_MIN_ITEMS } from '@floordesk/protocol';
import { createStore, useStore } from 'zustand';

/** How many items the next sweep takes: one choice shared by the desktop bar and the mobile popover. */
export const sweepCountStore = createStore<{ count: number }>()(() => ({ count: SWEEP_MIN_ITEMS }));

export function useSweepCount(): number {
  return useStore(sweepCountStore, (state) => state.count);
}

/** 1 to 30. */
export function setSweepCount(count: number): void {
  sweepCountStore.setState({ count: Math.min(SWEEP_MAX_ITEMS, Math.max(SWEEP_MIN_ITEMS, Math.round(count))) });
}
