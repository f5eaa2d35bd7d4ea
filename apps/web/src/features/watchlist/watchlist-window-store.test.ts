import { describe, expect, it } from 'vitest';
import { createWatchlistWindowStore, DEFAULT_WATCHLIST_WINDOW, WATCHLIST_WINDOW_KEY } from './watchlist-window-store';

describe('watchlist window', () => {
  it('comes back as chosen on the next visit', () => {
    createWatchlistWindowStore(localStorage).getState().set(240);
    expect(createWatchlistWindowStore(localStorage).getState().value).toBe(240);
  });

  it.each(['7', 'day', ''])('falls back to the default for a stored %j, which no window matches', (stored) => {
    localStorage.setItem(WATCHLIST_WINDOW_KEY, stored);
    expect(createWatchlistWindowStore(localStorage).getState().value).toBe(DEFAULT_WATCHLIST_WINDOW);
  });
});
