import { RECENT_SEARCHES_MAX, type SearchResult, srStatusCode } from '@floordesk/protocol';
import { createStore, useStore } from 'zustand';
import { type SearchHit, searchHitOf } from './api/search-collections';

/** The storage key for recent searches. */
export const RECENT_SEARCHES_KEY = 'addressBox';

/**
 * An entry as storage holds it, in the API's words as every version has stored it (`sr_status`), marked with
 * `is_close` as the original app marks saved entries; read and written only here.
 */
type StoredSearch = SearchResult & { is_close: 1 };

function storedSearch({ verified, ...hit }: SearchHit): StoredSearch {
  return { ...hit, sr_status: srStatusCode(verified), is_close: 1 };
}

/** What storage holds, keeping every readable entry: a corrupt value or entry is skipped, never fatal. */
export function parseRecentSearches(stored: string | null): SearchHit[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const entries = parsed.flatMap((entry) => {
    const result = searchResultOf(entry);
    return result ? [searchHitOf(result)] : [];
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

function dedupe(entries: SearchHit[]): SearchHit[] {
  return entries.filter(
    (entry, index) => entries.findIndex((other) => sameCollection(other.address, entry.address)) === index,
  );
}

/** Newest first, at most RECENT_SEARCHES_MAX, one entry per collection. */
export function withRecentSearch(entries: readonly SearchHit[], result: SearchHit): SearchHit[] {
  return [result, ...entries.filter((entry) => !sameCollection(entry.address, result.address))].slice(
    0,
    RECENT_SEARCHES_MAX,
  );
}

export function withoutRecentSearch(entries: readonly SearchHit[], address: string): SearchHit[] {
  return entries.filter((entry) => !sameCollection(entry.address, address));
}

type RecentSearchesState = {
  entries: SearchHit[];
  add: (result: SearchHit) => void;
  remove: (address: string) => void;
};

export function createRecentSearchesStore(storage: Storage) {
  return createStore<RecentSearchesState>()((set, get) => {
    const save = (entries: SearchHit[]) => {
      storage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(entries.map(storedSearch)));
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
