import { DEFAULT_TRENDING_WINDOW_ID, TRENDING_WINDOWS } from '@floordesk/protocol';
import { describe, expect, it } from 'vitest';
import { createTrendingWindowStore, TRENDING_WINDOW_KEY } from './trending-window-store';

describe('trending window (smalltime)', () => {
  it('starts on 15 minutes, id 2, for a first visit', () => {
    const id = createTrendingWindowStore(localStorage).getState().value;
    expect(id).toBe(DEFAULT_TRENDING_WINDOW_ID);
    expect(TRENDING_WINDOWS[id]).toBe(15);
  });

  it('remembers the chosen window as its id under smalltime for the next visit', () => {
    createTrendingWindowStore(localStorage).getState().set(5);
    expect(localStorage.getItem(TRENDING_WINDOW_KEY)).toBe('5');
    expect(createTrendingWindowStore(localStorage).getState().value).toBe(5);
  });

  it('keeps the first and last windows', () => {
    for (const id of [0, TRENDING_WINDOWS.length - 1]) {
      localStorage.setItem(TRENDING_WINDOW_KEY, String(id));
      expect(createTrendingWindowStore(localStorage).getState().value).toBe(id);
    }
  });

  it.each(['8', '-1', '1.5', 'abc', '', ' 3', '15'])('falls back to the default for a stored %j', (stored) => {
    localStorage.setItem(TRENDING_WINDOW_KEY, stored);
    expect(createTrendingWindowStore(localStorage).getState().value).toBe(DEFAULT_TRENDING_WINDOW_ID);
  });
});
