import { type ListingRow, type Marketplace, selectSweep, type SweepSelection } from '@floordesk/protocol';

export type SweepPreview = SweepSelection<ListingRow>;

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
export function previewSweep(candidates: readonly ListingRow[], options: SweepPreviewOptions): SweepPreview {
  return selectSweep(candidates, {
    count: options.count,
    marketplaces: options.marketplaces,
    skipPendingFlagged: options.skipPendingFlagged,
    ownWallets: new Set(options.buyer ? [options.buyer] : []),
  });
}
