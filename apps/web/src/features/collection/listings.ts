import type { Marketplace } from '@floordesk/protocol';
import type { Listing } from '../../lib/api/collection-listings';

export type ListingSortKey = 'price' | 'rank';
export type ListingSort = { key: ListingSortKey; descending: boolean };

/** Cheapest first, as a sweep buys them. */
export const DEFAULT_LISTING_SORT: ListingSort = { key: 'price', descending: false };

/**
 * A token on sale: its cheapest listing, which its row shows and Buy buys, and its other listings, cheapest first (a
 * lower relist can leave the higher listing valid, and a token can be listed on several marketplaces).
 */
export type ListedToken = { listing: Listing; others: Listing[] };

export type VisibleListings = { shown: Listing[]; hidden: number };

function compareBigints(a: bigint, b: bigint): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

const tokenCount = (listings: readonly Listing[]) => new Set(listings.map((listing) => listing.token_id)).size;

/**
 * Listings of the marketplaces the user shows, and how many tokens the marketplace switches hide (those whose every
 * listing they hide).
 */
export function visibleListings(listings: readonly Listing[], enabled: ReadonlySet<Marketplace>): VisibleListings {
  const shown = listings.filter((listing) => enabled.has(listing.marketplace));
  return { shown, hidden: tokenCount(listings) - tokenCount(shown) };
}

/** One row per token: its cheapest listing and the others, tokens in the order they first appear. */
export function listedTokens(listings: readonly Listing[]): ListedToken[] {
  const byToken = new Map<string, { listing: Listing; price: bigint }[]>();
  for (const listing of listings) {
    const entries = byToken.get(listing.token_id) ?? [];
    entries.push({ listing, price: BigInt(listing.price) });
    byToken.set(listing.token_id, entries);
  }
  return [...byToken.values()].map((entries) => {
    const [cheapest, ...others] = entries
      .toSorted((a, b) => compareBigints(a.price, b.price))
      .map((entry) => entry.listing);
    return { listing: cheapest!, others };
  });
}

/** Sorted by price or by rank; tokens without a rank stay last whichever way the rank runs. */
export function sortTokens(tokens: readonly ListedToken[], { key, descending }: ListingSort): ListedToken[] {
  const direction = descending ? -1 : 1;
  if (key === 'price') {
    // Parsed once: a comparison sort of thousands of rows would otherwise parse each price many times.
    return tokens
      .map((token) => ({ token, price: BigInt(token.listing.price) }))
      .toSorted((a, b) => direction * compareBigints(a.price, b.price))
      .map(({ token }) => token);
  }
  return tokens.toSorted(({ listing: a }, { listing: b }) => {
    if (a.rank === null || b.rank === null) return (a.rank === null ? 1 : 0) - (b.rank === null ? 1 : 0);
    return direction * (a.rank - b.rank);
  });
}
