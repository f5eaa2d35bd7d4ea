import { SWEEP_SELECTION_DEBOUNCE_MS } from '@floordesk/protocol';
import { useMemo } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useMarketplaces } from '../../stores/marketplace-store';
import { useSession } from '../../stores/session-store';
import { useCollectionListings } from '../../lib/api/collection-listings';
import { useSkipPendingFlagged } from './skip-store';
import { useSweepCount } from './sweep-count-store';
import type { SweepRequest } from './sweep-flow';
import { previewSweep, type SweepListing, type SweepPreview } from './sweep-preview';
import { useStartSweep } from './use-start-sweep';

const NO_LISTINGS: readonly SweepListing[] = [];

/** What every buy of the user's takes into account: the marketplace switches, the skip switch, their own address. */
function useBuyChoices() {
  const marketplaces = useMarketplaces((state) => state.enabled);
  const skipPendingFlagged = useSkipPendingFlagged();
  const buyer = useSession((state) => state.token);
  const startSweep = useStartSweep();
  const choices = { marketplaces, skipPendingFlagged, buyer };
  /** Starts buying what `preview` shows. */
  function buy(collection: string, preview: SweepPreview, orderId?: string) {
    const request: SweepRequest = { collection, preview, marketplaces: [...marketplaces], skipPendingFlagged };
    startSweep(orderId === undefined ? request : { ...request, orderId });
  }
  return { choices, buy };
}

export type UseSweep = {
  count: number;
  /** What the chosen count would buy from the listings the page has, following the count after a short pause. */
  preview: SweepPreview;
  /** The listings are not in yet: an empty preview says nothing. */
  loading: boolean;
  /** Sweeps the chosen count now. */
  sweep: () => void;
};

/** The bar's sweep of the cheapest listings of `collection`. */
export function useSweep(collection: string): UseSweep {
  const count = useSweepCount();
  const { data } = useCollectionListings(collection);
  const { choices, buy } = useBuyChoices();
  const { marketplaces, skipPendingFlagged, buyer } = choices;
  const candidates = data?.list ?? NO_LISTINGS;
  // Dragging the slider through 30 counts selects once, when it settles.
  const settledCount = useDebouncedValue(count, SWEEP_SELECTION_DEBOUNCE_MS);
  const preview = useMemo(
    () => previewSweep(candidates, { count: settledCount, marketplaces, skipPendingFlagged, buyer }),
    [candidates, settledCount, marketplaces, skipPendingFlagged, buyer],
  );
  return {
    count,
    preview,
    loading: data === undefined,
    // The count as chosen now, not as it was a moment ago.
    sweep: () => buy(collection, previewSweep(candidates, { ...choices, count })),
  };
}

/** The listings table's Buy: a sweep of that one listing, at its price. */
export function useBuyListing(collection: string): (listing: SweepListing) => void {
  const { choices, buy } = useBuyChoices();
  return (listing) => buy(collection, previewSweep([listing], { ...choices, count: 1 }), listing.order_id);
}
