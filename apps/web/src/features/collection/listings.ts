import type { Marketplace } from '@floordesk/protocol';
import type { Listing } from '../../lib/api/collection-listings';

export type ListingSortKey = 'price' | 'rank';
export type ListingSort = { key: ListingSortKey; descending: boolean };

/** Cheapest first, as a sweep buys them. */
export const DEFAULT_LISTING_SORT: ListingSort = { key: 'price', descending: false };

export type VisibleListings = { shown: Listing[]; hidden: number };

/** Listings of the marketplaces the user shows, and how many the marketplace switches hide. */
export function visibleListings(listings: readonly Listing[], enabled: ReadonlySet<Marketplace>): VisibleListings {
  const shown = listings.filter((listing) => enabled.has(listing.marketplace));
  return { shown, hidden: listings.length - shown.length };
}

function compareBigints(a: bigint, b: bigint): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** Sorted by price or by rank; listings without a rank stay last whichever way the rank runs. */
export function sortListings(listings: readonly Listing[], { key, descending }: ListingSort): Listing[] {
  const direction = descending ? -1 : 1;
  if (key === 'price') {
    // Parsed once: a comparison sort of thousands of rows would otherwise parse each price many times.
    return listings
      .map((listing) => ({ listing, price: BigInt(listing.price) }))
      .toSorted((a, b) => direction * compareBigints(a.price, b.price))
      .map(({ listing }) => listing);
  }
  return listings.toSorted((a, b) => {
    if (a.rank === null || b.rank === null) return (a.rank === null ? 1 : 0) - (b.rank === null ? 1 : 0);
    return direction * (a.rank - b.rank);
  });
}
