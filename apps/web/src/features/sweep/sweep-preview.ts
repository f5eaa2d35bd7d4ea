import { type ListingRow, type Marketplace, selectSweep, type SweepSelection } from '@floordesk/protocol';
import { DEFAULT_LISTING_SORT, sortListings } from '../collection/listings';

export type SweepPreview = SweepSelection<ListingRow>;

export type SweepPreviewOptions = {
  count: number;
  marketplaces: ReadonlySet<Marketplace>;
  skipPendingFlagged: boolean;
  /** The signed-in address: a sweep never buys the buyer's own listings. */
  buyer: string | null;
};

/** Cheapest first, the order a sweep takes listings in; sorted once per answer, not per count change. */
export function sweepCandidates(listings: readonly ListingRow[]): ListingRow[] {
  return sortListings(listings, DEFAULT_LISTING_SORT);
}

/**
 * What a sweep of `count` would buy from the listings the page has: the server's own selection (selectSweep), so
 * the bar's total is the one the quote is checked against (max_total).
 */
export function previewSweep(candidates: readonly ListingRow[], options: SweepPreviewOptions): SweepPreview {
  return selectSweep(candidates, {
    count: options.count,
    marketplaces: options.marketplaces,
    skipPendingFlagged: options.skipPendingFlagged,
    ownWallets: new Set(options.buyer ? [options.buyer] : []),
  });
}
