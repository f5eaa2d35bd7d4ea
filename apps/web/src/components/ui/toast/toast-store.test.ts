import { TOAST_DURATION_MS } from '@floordesk/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides a toast after its duration', () => {
    const store = createToastStore();
    store.getState().show('Network error, please try again later.');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(store.getState().toast?.message).toBe('Network error, please try again later.');
    vi.advanceTimersByTime(1);
    expect(store.getState().toast).toBeNull();
  });

  it('shows one toast at a time, the newest replacing the old with a fresh duration', () => {
    const store = createToastStore();
    store.getState().show('first');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 500);
    store.getState().show('second');
    expect(store.getState().toast?.message).toBe('second');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(store.getState().toast?.message).toBe('second');
  });
});
