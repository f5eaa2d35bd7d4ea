import { RECENT_SEARCHES_MAX, SearchResult } from '@floordesk/protocol';
import { createStore, useStore } from 'zustand';

/** Spec §3's storage key for recent searches. */
export const RECENT_SEARCHES_KEY = 'addressBox';

/** A saved search result; spec §3 marks saved entries with `is_close`. */
export type RecentSearch = SearchResult & { is_close: 1 };

/** What storage holds, keeping every readable entry: a corrupt value or entry is skipped, never fatal. */
export function parseRecentSearches(stored: string | null): RecentSearch[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const entries = parsed.flatMap((entry) => {
    const result = SearchResult.safeParse(entry);
    return result.success ? [{ ...result.data, is_close: 1 as const }] : [];
  });
  return dedupe(entries).slice(0, RECENT_SEARCHES_MAX);
}

function sameCollection(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function dedupe(entries: RecentSearch[]): RecentSearch[] {
  return entries.filter((entry, index) => entries.findIndex((other) => sameCollection(other.address, entry.address)) === index);
}

/** Spec §5: newest first, at most RECENT_SEARCHES_MAX, one entry per collection. */
export function withRecentSearch(entries: readonly RecentSearch[], result: SearchResult): RecentSearch[] {
  const saved: RecentSearch = { ...result, is_close: 1 };
  return [saved, ...entries.filter((entry) => !sameCollection(entry.address, result.address))].slice(0, RECENT_SEARCHES_MAX);
}

export function withoutRecentSearch(entries: readonly RecentSearch[], address: string): RecentSearch[] {
  return entries.filter((entry) => !sameCollection(entry.address, address));
}

type RecentSearchesState = {
  entries: RecentSearch[];
  add: (result: SearchResult) => void;
  remove: (address: string) => void;
};

export function createRecentSearchesStore(storage: Storage) {
  return createStore<RecentSearchesState>()((set, get) => {
    const save = (entries: RecentSearch[]) => {
      storage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(entries));
      set({ entries });
    };
    return {
      entries: parseRecentSearches(storage.getItem(RECENT_SEARCHES_KEY)),
      add: (result) => save(withRecentSearch(get().entries, result)),
      remove: (address) => save(withoutRecentSearch(get().entries, address)),
    };
  });
}

export const recentSearchesStore = createRecentSearchesStore(window.localStorage);

export function useRecentSearches<T>(selector: (state: RecentSearchesState) => T): T {
  return useStore(recentSearchesStore, selector);
}
