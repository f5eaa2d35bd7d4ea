import { RECENT_SEARCHES_MAX, type SearchResult } from '@floordesk/protocol';
import { describe, expect, it } from 'vitest';
import { type SearchHit, searchHitOf } from './api/search-collections';
import {
  createRecentSearchesStore,
  parseRecentSearches,
  RECENT_SEARCHES_KEY,
  withoutRecentSearch,
  withRecentSearch,
} from './recent-searches-store';

/** A search result in the API's words, as storage holds it too. */
function result(n: number, overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    address: `0x${n.toString(16).padStart(40, '0')}`,
    name: `Collection ${n}`,
    img: null,
    sr_status: 0,
    count: 100,
    type: '721',
    ...overrides,
  };
}

const hit = (n: number, overrides: Partial<SearchResult> = {}): SearchHit => searchHitOf(result(n, overrides));

function saved(...hits: SearchHit[]): SearchHit[] {
  return hits.reduceRight<SearchHit[]>((entries, next) => withRecentSearch(entries, next), []);
}

const names = (entries: readonly SearchHit[]) => entries.map((entry) => entry.name);

describe('recent searches', () => {
  it('puts the newest first', () => {
    const entries = withRecentSearch(saved(hit(1)), hit(2));
    expect(names(entries)).toEqual(['Collection 2', 'Collection 1']);
  });

  it(`keeps at most ${RECENT_SEARCHES_MAX}, dropping the oldest`, () => {
    let entries: SearchHit[] = [];
    for (let n = 1; n <= RECENT_SEARCHES_MAX + 2; n++) entries = withRecentSearch(entries, hit(n));
    expect(entries).toHaveLength(RECENT_SEARCHES_MAX);
    expect(entries[0]!.name).toBe(`Collection ${RECENT_SEARCHES_MAX + 2}`);
    expect(entries.at(-1)!.name).toBe('Collection 3');
  });

  it('moves a collection searched again to the top instead of listing it twice, whatever the address case', () => {
    const entries = withRecentSearch(saved(hit(1), hit(2), hit(3)), {
      ...hit(2),
      address: hit(2).address.toUpperCase().replace('0X', '0x'),
    });
    expect(names(entries)).toEqual(['Collection 2', 'Collection 1', 'Collection 3']);
  });

  it('removes one entry by address', () => {
    expect(names(withoutRecentSearch(saved(hit(1), hit(2)), hit(1).address))).toEqual(['Collection 2']);
  });
});

describe('stored recent searches', () => {
  it.each([
    ['missing', null],
    ['not JSON', '{oops'],
    ['not a list', '{"address":"0x1"}'],
  ])('reads a %s value as no recent searches', (_case, stored) => {
    expect(parseRecentSearches(stored)).toEqual([]);
  });

  it('skips unreadable entries and keeps the rest', () => {
    const stored = JSON.stringify([result(1), { address: 42 }, 'junk', null, result(2)]);
    expect(names(parseRecentSearches(stored))).toEqual(['Collection 1', 'Collection 2']);
  });

  it('skips an entry with any field of the wrong kind', () => {
    const broken: unknown[] = [
      { ...result(3), name: 7 },
      { ...result(4), img: false },
      { ...result(5), sr_status: 2 },
      { ...result(6), count: 1.5 },
      { ...result(7), type: '20' },
      { name: 'No address', img: null, sr_status: 0, count: 1, type: '721' },
    ];
    expect(names(parseRecentSearches(JSON.stringify([result(1), ...broken, result(2)])))).toEqual([
      'Collection 1',
      'Collection 2',
    ]);
  });

  it("reads what every version stored (the API's sr_status), keeping only a search result's fields", () => {
    const stored = JSON.stringify([
      { ...result(1, { name: null, sr_status: 1, count: null }), is_close: 0, extra: 'x' },
      { ...result(2), is_close: 1 },
    ]);
    expect(parseRecentSearches(stored)).toEqual([
      { address: result(1).address, name: null, img: null, verified: true, count: null, type: '721' },
      { address: result(2).address, name: 'Collection 2', img: null, verified: false, count: 100, type: '721' },
    ]);
  });

  it('keeps the storage rules for values written elsewhere: no duplicates, at most the cap', () => {
    const many = Array.from({ length: RECENT_SEARCHES_MAX + 3 }, (_, index) => result(index + 1));
    const stored = JSON.stringify([result(1), ...many]);
    const entries = parseRecentSearches(stored);
    expect(entries).toHaveLength(RECENT_SEARCHES_MAX);
    expect(new Set(entries.map((entry) => entry.address)).size).toBe(RECENT_SEARCHES_MAX);
  });

  it(`persists under the spec's key in the format every version reads (marked saved), and reads it back in a new page`, () => {
    const store = createRecentSearchesStore(localStorage);
    store.getState().add(hit(1));
    store.getState().add(hit(2, { sr_status: 1 }));
    store.getState().add(hit(3));
    store.getState().remove(hit(1).address);
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual([
      { ...result(3), is_close: 1 },
      { ...result(2, { sr_status: 1 }), is_close: 1 },
    ]);
    expect(createRecentSearchesStore(localStorage).getState().entries).toEqual([hit(3), hit(2, { sr_status: 1 })]);
  });
});
