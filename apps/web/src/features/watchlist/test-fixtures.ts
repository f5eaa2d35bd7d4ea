import type { CollectionRow } from '@floordesk/protocol';

/** Fixtures for the watchlist's tests. */

/** A watchlist row for `address`: a small collection with a 1 ETH floor and no floor change, unless `overrides` say otherwise. */
export function watchlistRow(address: string, overrides: Partial<CollectionRow> = {}): CollectionRow {
  return {
    address,
    name: 'Devnet Apes',
    img: null,
    type: '721',
    count: 100,
    listed: 3,
    listing_rate: 3,
    all_count: 12,
    volume: '0',
    floor_value: '1000000000000000000',
    floor_change: null,
    ...overrides,
  };
}
