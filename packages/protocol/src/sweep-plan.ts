/**
 * Sweep buying: which listings a sweep of N items takes, the item statuses
 * and the break-even price. Plain functions without zod: the web app previews a sweep with the same selection the
 * server plans it with.
 */
import type { Marketplace } from './marketplaces';
import type { SweepPlanItem } from './sweep';
import type { SweepItemStatusName } from './wire-codes';

/** The sweep slider's range. */
export const SWEEP_MIN_ITEMS = 1;
export const SWEEP_MAX_ITEMS = 30;
/**
 * Ours: listings beyond the N planned ones that ride along behind `maximumFulfilled`, so a planned one a rival buys
 * first is replaced instead of lost. Each costs calldata (~20k gas), so only a few, and only within the user's total.
 */
export const SWEEP_MAX_SPARES = 5;
/** Sweep count buttons by screen: desktop 2–5 (plus 10 above 1600 px), mobile 2–6, narrow 2–10. */
export const SWEEP_BUTTONS = {
  desktop: [2, 3, 4, 5],
  wide: [2, 3, 4, 5, 10],
  mobile: [2, 3, 4, 5, 6],
  narrow: [2, 3, 4, 5, 6, 7, 8, 9, 10],
} as const;
/** Below this width the sweep popover offers the narrow set of buttons. */
export const SWEEP_NARROW_MAX_PX = 500;
/** A change of the sweep count settles this long before the preview follows it. */
export const SWEEP_SELECTION_DEBOUNCE_MS = 100;

/** The gas limit is the estimate plus 30%, or 400000 when the estimate fails. */
export const GAS_LIMIT_MARGIN_PERCENT = 30n;
export const GAS_LIMIT_FALLBACK = 400_000n;
/** The break-even price assumes a buy of this much gas. */
export const BREAK_EVEN_GAS = 250_000n;
/**
 * The fee a resale pays on each marketplace, in percent, in the order the break-even hint lists them: the spec's
 * "break prices (general, x2y2, looks, blur)". opensea, the spec's general: 2.5%, the spec's own figure. looks:
 * LooksRare v2's standard sale strategy (strategy 0) takes a 0.5% protocol fee (`standardProtocolFeeBp: 50` in its
 * StrategyManager). x2y2: X2Y2's 0.5% trading fee. blur: Blur charges no marketplace fee.
 */
export const BREAK_PRICE_FEE_PERCENT = { opensea: 2.5, looks: 0.5, x2y2: 0.5, blur: 0 } as const satisfies Partial<
  Record<Marketplace, number>
>;

/** What a sweep plan does with a listing: buy it, keep it as a spare behind the others, or pass it over. */
export type SweepRole = 'buy' | 'spare' | 'skip';

/** The listing fields a sweep plan item carries: the plan item's schema picks these, and `planItemOf` copies them. */
export const PLAN_ITEM_LISTING_FIELDS = [
  'order_id',
  'token_id',
  'price',
  'marketplace',
  'order_way',
  'img',
  'rank',
] as const;
export type PlanItemListingField = (typeof PLAN_ITEM_LISTING_FIELDS)[number];
export type PlanItemListing = Pick<SweepPlanItem, PlanItemListingField>;

/** A listing as a sweep plan's item: what the plan does with it and, for a skipped one, why. */
export function planItemOf(listing: PlanItemListing, role: SweepRole, reason: SkipReason | null = null): SweepPlanItem {
  const item = Object.fromEntries(PLAN_ITEM_LISTING_FIELDS.map((field) => [field, listing[field]])) as PlanItemListing;
  return { ...item, role, reason };
}

/** A sweep plan item with its status by name (the wire's `is_buy` code is `sweepItemStatusCode`'s). */
export type SweepItem = SweepPlanItem & { status: SweepItemStatusName };

const PENDING_STATUS: Record<SweepRole, SweepItemStatusName> = {
  buy: 'in_progress',
  spare: 'standby',
  skip: 'skipped',
};

/**
 * From the plan until the receipt, planned items are in progress, skipped ones skipped (a Blur listing with the
 * spec's own code) and spares on standby.
 */
export function pendingItems(items: readonly SweepPlanItem[]): SweepItem[] {
  return items.map((item) => ({
    ...item,
    status: item.reason === 'blur' ? 'blur_unsupported' : PENDING_STATUS[item.role],
  }));
}

/**
 * Why a listing cheaper than the last one bought is not in the sweep. 'blur': Blur's listings are shown but cannot be
 * bought through FloorDesk (its exchange fills only orders its own API co-signs).
 */
export const SKIP_REASONS = ['duplicate', 'pending', 'flagged', 'own', 'unfillable', 'blur'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** What the selection reads of a listing. */
export type SweepCandidate = {
  order_id: string;
  token_id: string;
  /** Wei, decimal string. */
  price: string;
  marketplace: Marketplace;
  from_address: string;
  pending_count: number;
  /** Reported by a marketplace (stolen or suspicious). */
  flagged: boolean;
};

export type SweepSelectionOptions = {
  count: number;
  marketplaces: ReadonlySet<Marketplace>;
  /** The 'SKIP PENDING AND FLAGGED' box: leave out listings with a pending buy and flagged tokens. */
  skipPendingFlagged: boolean;
  /** The buyer's own wallets, lowercased: never bought from. */
  ownWallets: ReadonlySet<string>;
  /** Listings already known to revert or be skipped by Seaport. */
  unfillable?: ReadonlySet<string>;
  /** The most the buyer will pay; spares join only while even the worst case stays within it. */
  maxTotal?: bigint;
  /**
   * Whether a listing can stand by as a spare: only on an exchange that stops once the planned count is filled
   * (Seaport); one that fills every valid listing it is sent (LooksRare) would buy the spare too. All when absent.
   */
  canStandBy?: (listing: SweepCandidate) => boolean;
};

export type SweepSelection<C extends SweepCandidate> = {
  /** The listings to buy, cheapest first. */
  buy: C[];
  /** Listings behind them that Seaport fills only in place of a planned one it has to skip. */
  spares: C[];
  /** Listings cheaper than the last one bought that are passed over, and why. */
  skipped: { listing: C; reason: SkipReason }[];
  /** Wei: what the planned listings cost together. */
  total: bigint;
  /** Wei: the most the sweep can spend, were the spares to replace the cheapest planned listings. */
  worstCase: bigint;
};

function skipReason(
  listing: SweepCandidate,
  taken: ReadonlySet<string>,
  options: SweepSelectionOptions,
): SkipReason | null {
  if (listing.marketplace === 'blur') return 'blur';
  if (options.unfillable?.has(listing.order_id)) return 'unfillable';
  if (options.ownWallets.has(listing.from_address.toLowerCase())) return 'own';
  if (taken.has(listing.token_id)) return 'duplicate';
  if (options.skipPendingFlagged && listing.pending_count > 0) return 'pending';
  if (options.skipPendingFlagged && listing.flagged) return 'flagged';
  return null;
}

/** Sum of the `count` dearest prices: what a sweep spends if its exchange skips the cheapest listings. */
export function dearest(prices: readonly bigint[], count: number): bigint {
  return prices
    .toSorted((a, b) => (a < b ? 1 : a > b ? -1 : 0))
    .slice(0, count)
    .reduce((sum, price) => sum + price, 0n);
}

/**
 * The sweep of `count` items from `candidates` (cheapest first): listings of the enabled marketplaces, one per
 * token (the cheapest), never the buyer's own, without pending and flagged ones when asked; then spares within
 * `maxTotal`.
 */
export function selectSweep<C extends SweepCandidate>(
  candidates: readonly C[],
  options: SweepSelectionOptions,
): SweepSelection<C> {
  const buy: C[] = [];
  const spares: C[] = [];
  const skipped: { listing: C; reason: SkipReason }[] = [];
  const taken = new Set<string>();
  for (const listing of candidates) {
    if (!options.marketplaces.has(listing.marketplace)) continue;
    const reason = skipReason(listing, taken, options);
    if (buy.length < options.count) {
      if (reason) skipped.push({ listing, reason });
      else buy.push(listing);
    } else {
      if (options.maxTotal === undefined || spares.length >= SWEEP_MAX_SPARES) break;
      if (reason || options.canStandBy?.(listing) === false) continue;
      const prices = [...buy, ...spares, listing].map((candidate) => BigInt(candidate.price));
      const withSpare = dearest(prices, options.count);
      // Cheapest first: a dearer spare would not fit either.
      if (withSpare > options.maxTotal) break;
      spares.push(listing);
    }
    if (!reason) taken.add(listing.token_id);
  }
  const total = buy.reduce((sum, listing) => sum + BigInt(listing.price), 0n);
  const worstCase = dearest(
    [...buy, ...spares].map((listing) => BigInt(listing.price)),
    options.count,
  );
  return { buy, spares, skipped, total, worstCase };
}

/** Break-even: floor + gas cost of BREAK_EVEN_GAS + floor × fee %, in wei (the display rounds to 4 decimals). */
export function breakEvenWei(
  floorWei: bigint,
  gasPriceWei: bigint,
  feePercent: number = BREAK_PRICE_FEE_PERCENT.opensea,
): bigint {
  return floorWei + BREAK_EVEN_GAS * gasPriceWei + (floorWei * BigInt(Math.round(feePercent * 100))) / 10_000n;
}

/** The gas limit sent is the estimate plus 30%, or the fallback when there is none. */
export function gasLimit(estimate: bigint | null): bigint {
  return estimate === null ? GAS_LIMIT_FALLBACK : estimate + (estimate * GAS_LIMIT_MARGIN_PERCENT) / 100n;
}
