import { LISTING_PRICE_DECIMALS, LISTING_PRICE_MAX_WEI } from '@floordesk/protocol';
import { formatEth } from '../../lib/format';

/** Why a typed price cannot be listed; each has its message in both languages (sell.price_error.*). */
export type PriceError = 'empty' | 'not_number' | 'not_positive' | 'too_many_decimals' | 'too_high';

export type ParsedPrice = { ok: true; wei: bigint } | { ok: false; error: PriceError };

const WEI_PER_ETH = 10n ** BigInt(LISTING_PRICE_DECIMALS);
/** Digits and at most one point, a sign in front: `-1` is a number, only not a price. */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * A price typed in ETH, as wei: a plain decimal (no exponent, no grouping), above zero, with at most 18 decimals
 * (1 wei) and at most LISTING_PRICE_MAX_WEI (10^9 ETH, beyond which a price is a typo). Integer math only.
 */
export function parseEthPrice(text: string): ParsedPrice {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'empty' };
  const match = DECIMAL.exec(trimmed);
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || whole + fraction === '') return { ok: false, error: 'not_number' };
  if (fraction.length > LISTING_PRICE_DECIMALS) return { ok: false, error: 'too_many_decimals' };
  const wei = BigInt(whole || '0') * WEI_PER_ETH + BigInt(fraction.padEnd(LISTING_PRICE_DECIMALS, '0'));
  if (sign === '-' || wei === 0n) return { ok: false, error: 'not_positive' };
  if (wei > LISTING_PRICE_MAX_WEI) return { ok: false, error: 'too_high' };
  return { ok: true, wei };
}

/** Wei as the price input shows it: every decimal that counts and none that does not (`1.5`, `0.000001`). */
export function priceText(wei: bigint): string {
  return formatEth(wei, LISTING_PRICE_DECIMALS).replace(/\.?0+$/, '');
}

const BPS = 10_000n;

/** A share of `wei` in basis points, rounded down: how both exchanges take a fee or a royalty out of a price. */
export function shareOf(wei: bigint, bps: number): bigint {
  return (wei * BigInt(bps)) / BPS;
}

/** What the seller receives of `price` on a marketplace taking `feeBps` with a royalty of `royaltyBps`. */
export function netProceeds(price: bigint, feeBps: number, royaltyBps: number): bigint {
  return price - shareOf(price, feeBps) - shareOf(price, royaltyBps);
}

/**
 * The lowest price whose proceeds after `feeBps` and `royaltyBps` cover `cost`; null when fee and royalty take the
 * whole price. The fee and royalty round down, so the exact answer can sit a wei or two under cost ÷ (1 − rates).
 */
export function breakEvenPrice(cost: bigint, feeBps: number, royaltyBps: number): bigint | null {
  const kept = BPS - BigInt(feeBps + royaltyBps);
  if (kept <= 0n) return null;
  let price = (cost * BPS + kept - 1n) / kept;
  while (price > 0n && netProceeds(price - 1n, feeBps, royaltyBps) >= cost) price -= 1n;
  return price;
}

/** How the dialog prices several tokens at once; `manual` leaves each row as typed. */
export const PRICING_RULES = ['floor', 'below_floor', 'above_floor', 'above_cost', 'manual'] as const;
export type PricingRule = (typeof PRICING_RULES)[number];

/** Whether a rule takes a percent. */
export const rulePercent = (rule: PricingRule) => rule !== 'floor' && rule !== 'manual';

/** A rule's percent: a plain decimal with at most 2 decimals, in basis points; null when it is not one. */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,4})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Rule prices keep this many significant digits: `floor − 7 %` of 1.2345 ETH is 1.148, not 1.148085. */
const RULE_SIGNIFICANT_DIGITS = 4;

/** `wei` to RULE_SIGNIFICANT_DIGITS significant digits, rounded up or to the nearest. */
function roundPrice(wei: bigint, up: boolean): bigint {
  const digits = wei.toString().length;
  if (digits <= RULE_SIGNIFICANT_DIGITS) return wei;
  const step = 10n ** BigInt(digits - RULE_SIGNIFICANT_DIGITS);
  return ((wei + (up ? step - 1n : step / 2n)) / step) * step;
}

/**
 * A token's price under `rule` with `percentBps`: the floor itself, the floor less or plus the percent (to the
 * nearest of 4 significant digits), or the cost plus the percent (rounded up, so it covers what the trader asked).
 * Null where the rule has nothing to go on: no floor, or `manual`.
 */
export function rulePrice(
  rule: PricingRule,
  percentBps: number,
  token: { floor_wei: string | null; cost_wei: string },
): bigint | null {
  if (rule === 'manual') return null;
  if (rule === 'above_cost') {
    const cost = BigInt(token.cost_wei);
    return roundPrice(cost + shareOf(cost, percentBps), true);
  }
  if (token.floor_wei === null) return null;
  const floor = BigInt(token.floor_wei);
  if (rule === 'floor') return floor;
  const change = shareOf(floor, percentBps);
  return roundPrice(rule === 'below_floor' ? floor - change : floor + change, false);
}
