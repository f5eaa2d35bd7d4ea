import { beforeEach, describe, expect, it } from 'vitest';
import { createMarketplaceStore, HIDDEN_MARKETPLACES_KEY } from './marketplace-store';

beforeEach(() => localStorage.clear());

describe('marketplace switches', () => {
  it('shows every marketplace by default', () => {
    expect([...createMarketplaceStore(localStorage).getState().enabled]).toEqual([
      'opensea',
      'x2y2',
      'looks',
      'blur',
      'soduswap',
    ]);
  });

  it('remembers a hidden marketplace for the next visit, and shows it again when switched back', () => {
    createMarketplaceStore(localStorage).getState().toggle('blur');
    const nextVisit = createMarketplaceStore(localStorage);
    expect(nextVisit.getState().enabled.has('blur')).toBe(false);
    expect(nextVisit.getState().enabled.has('opensea')).toBe(true);

    nextVisit.getState().toggle('blur');
    expect(createMarketplaceStore(localStorage).getState().enabled.has('blur')).toBe(true);
  });

  it('ignores a stored value it cannot read', () => {
    localStorage.setItem(HIDDEN_MARKETPLACES_KEY, '{not json');
    expect(createMarketplaceStore(localStorage).getState().enabled.size).toBe(5);
  });
});
