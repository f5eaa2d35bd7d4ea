import { RECENT_SEARCHES_MAX, type SearchResult } from '@floordesk/protocol';
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
    const result = searchResultOf(entry);
    return result ? [{ ...result, is_close: 1 as const }] : [];
  });
  return dedupe(entries).slice(0, RECENT_SEARCHES_MAX);
}

const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isCountOrNull = (value: unknown): value is number | null => value === null || Number.isInteger(value);

/**
 * The search result a stored entry holds, only its fields, or null. Storage is anyone's to write, so each field is
 * checked by hand against SearchResult's shape: the protocol's zod schema stays off the web app's bundle.
 */
function searchResultOf(entry: unknown): SearchResult | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { address, name, img, sr_status, count, type } = entry as Record<string, unknown>;
  if (typeof address !== 'string' || !isTextOrNull(name) || !isTextOrNull(img) || !isCountOrNull(count)) return null;
  if ((sr_status !== 0 && sr_status !== 1) || (type !== '721' && type !== '1155')) return null;
  return { address, name, img, sr_status, count, type };
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
