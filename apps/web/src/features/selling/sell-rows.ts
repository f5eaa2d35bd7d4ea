import {
  LISTING_DURATION_MAX_S,
  LISTING_FLOOR_WARNING_PERCENT,
  type SellMarketplace,
  type SellToken,
  type SellVenue,
} from '@floordesk/protocol';
import type { ReplacedListing } from '../../stores/sell-dialog-store';
import { breakEvenPrice, netProceeds, type ParsedPrice, parseEthPrice } from './price';
import { royaltyBpsOf, type ShownListing } from './sell-orders';

/**
 * The dialog's inputs read as listings: each row's price, its warnings and hints, and when the listings end. Pure,
 * so that what the dialog shows and what it signs come from the same reading.
 */

/** A listing's duration: a preset from now, or a date and time typed in the browser's local time. */
export type Duration = { kind: 'preset'; seconds: number } | { kind: 'date'; text: string };

export type DurationError = 'invalid' | 'past' | 'too_far';

/** When listings of `duration` end, unix seconds: in the future, at most LISTING_DURATION_MAX_S from `nowMs`. */
export function endTimeOf(
  duration: Duration,
  nowMs: number,
): { ok: true; endTime: bigint } | { ok: false; error: DurationError } {
  const now = Math.floor(nowMs / 1000);
  if (duration.kind === 'preset') return { ok: true, endTime: BigInt(now + duration.seconds) };
  // A datetime-local value (`2026-12-01T18:30`) without a zone is the browser's local time, as the trader typed it.
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(duration.text) ? Date.parse(duration.text) : Number.NaN;
  if (Number.isNaN(at)) return { ok: false, error: 'invalid' };
  const end = Math.floor(at / 1000);
  if (end <= now) return { ok: false, error: 'past' };
  if (end > now + LISTING_DURATION_MAX_S) return { ok: false, error: 'too_far' };
  return { ok: true, endTime: BigInt(end) };
}

/** Something worth knowing about a row's price next to the token's other listings. */
export type RowFlag = {
  /**
   * `below_listing`: cheaper than another seller's listing of it; `superseded`: cheaper than the trader's own, which
   * stays valid on chain until cancelled; `own_cheaper`: dearer than the trader's own, which a buyer takes first;
   * `replaced`: dearer than the listing a reprice replaces, which is cancelled first.
   */
  kind: 'below_listing' | 'superseded' | 'own_cheaper' | 'replaced';
  priceWei: string;
  marketplace: string;
};

/** The flags of `price` for `token`'s active listings (cheapest first, as the server lists them). */
export function rowFlags(token: SellToken, price: bigint, replacing: ReplacedListing | null): RowFlag[] {
  const flags: RowFlag[] = [];
  let belowOther = false;
  for (const listing of token.listings) {
    const old = BigInt(listing.price_wei);
    const flag = (kind: RowFlag['kind']) =>
      flags.push({ kind, priceWei: listing.price_wei, marketplace: listing.marketplace });
    if (listing.order_hash === replacing?.order_hash) {
      if (price > old) flag('replaced');
      else if (price < old) flag('superseded');
    } else if (listing.own) {
      if (price < old) flag('superseded');
      else if (price > old) flag('own_cheaper');
    } else if (price < old && !belowOther) {
      // The cheapest other listing above the price says it all.
      belowOther = true;
      flag('below_listing');
    }
  }
  return flags;
}

/** A price that asks for a second confirmation: far below the floor, or below what the token cost. */
export type Loss = {
  token: SellToken;
  priceWei: bigint;
  /** Under LISTING_FLOOR_WARNING_PERCENT of the floor: how far under in percent, and what is given up against it. */
  belowFloor: { percent: number; floorWei: bigint; lossWei: bigint } | null;
  /** Below the cost: what the sale loses against it, after the dearest chosen marketplace's fee and royalty. */
  belowCost: { costWei: bigint; lossWei: bigint } | null;
};

export function lossOf(token: SellToken, price: bigint, venues: readonly SellVenue[]): Loss | null {
  const floor = token.floor_wei === null ? null : BigInt(token.floor_wei);
  const cost = BigInt(token.cost_wei);
  const belowFloor =
    floor !== null && price * 100n < floor * BigInt(LISTING_FLOOR_WARNING_PERCENT)
      ? { percent: Number(((floor - price) * 100n) / floor), floorWei: floor, lossWei: floor - price }
      : null;
  let belowCost: Loss['belowCost'] = null;
  if (price < cost) {
    const proceeds = venues.map((venue) => netProceeds(price, venue.fee_bps, royaltyBpsOf(token)));
    const least = proceeds.reduce((low, value) => (value < low ? value : low), price);
    belowCost = { costWei: cost, lossWei: cost - least };
  }
  return belowFloor || belowCost ? { token, priceWei: price, belowFloor, belowCost } : null;
}

/** The price at which each chosen marketplace's proceeds cover the token's cost (null: fees take it all). */
export function breakEvens(
  token: SellToken,
  venues: readonly SellVenue[],
): { marketplace: SellMarketplace; priceWei: bigint | null }[] {
  return venues.map((venue) => ({
    marketplace: venue.marketplace,
    priceWei: breakEvenPrice(BigInt(token.cost_wei), venue.fee_bps, royaltyBpsOf(token)),
  }));
}

/** The dialog's row of a token: its price as typed and read, and what to say about it. */
export type SellRow = {
  key: string;
  token: SellToken;
  text: string;
  price: ParsedPrice;
  flags: RowFlag[];
  loss: Loss | null;
};

export function sellRows(
  tokens: readonly { key: string; token: SellToken }[],
  prices: Readonly<Record<string, string>>,
  venues: readonly SellVenue[],
  replacing: ReplacedListing | null,
): SellRow[] {
  return tokens.map(({ key, token }) => {
    const text = prices[key] ?? '';
    const price = parseEthPrice(text);
    return {
      key,
      token,
      text,
      price,
      flags: price.ok ? rowFlags(token, price.wei, replacing) : [],
      loss: price.ok ? lossOf(token, price.wei, venues) : null,
    };
  });
}

/** Every listing the rows make: each token on each chosen marketplace; null while a price is not one. */
export function shownListings(
  rows: readonly SellRow[],
  venues: readonly SellVenue[],
  endTime: bigint,
): ShownListing[] | null {
  const priced = rows.flatMap(({ token, price }) => (price.ok ? [{ token, priceWei: price.wei }] : []));
  if (priced.length < rows.length) return null;
  return venues.flatMap(({ marketplace }) => priced.map((row) => ({ ...row, marketplace, endTime })));
}
