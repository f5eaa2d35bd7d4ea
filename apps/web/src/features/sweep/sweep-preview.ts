import {
  type Marketplace,
  type PlanItemListing,
  selectSweep,
  type SweepCandidate,
  type SweepSelection,
} from '@floordesk/protocol';

/** What a sweep reads of a listing: what the selection weighs, and what the plan's items show. */
export type SweepListing = SweepCandidate & PlanItemListing;

export type SweepPreview = SweepSelection<SweepListing>;

export type SweepPreviewOptions = {
  count: number;
  marketplaces: ReadonlySet<Marketplace>;
  skipPendingFlagged: boolean;
  /** The signed-in address: a sweep never buys the buyer's own listings. */
  buyer: string | null;
};

/**
 * What a sweep of `count` would buy from the collection's listings as the API serves them (cheapest first, in the
 * server's own order): the server's own selection (selectSweep), so the bar's total is the one the quote is checked
 * against (max_total).
 */
export function previewSweep(candidates: readonly SweepListing[], options: SweepPreviewOptions): SweepPreview {
  return selectSweep(candidates, {
    count: options.count,
    marketplaces: options.marketplaces,
    skipPendingFlagged: options.skipPendingFlagged,
    ownWallets: new Set(options.buyer ? [options.buyer] : []),
  });
}
