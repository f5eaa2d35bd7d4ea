import type { MyListing, MyListingState } from '@floordesk/protocol';
import { formatChange } from '../../lib/format';
import type { myListingsText } from './my-listings-texts';

type Text = typeof myListingsText;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Listings that can still sell: a superseded one too, at its own price. Only these are cancelled or repriced. */
export const LIVE_STATES: ReadonlySet<MyListingState> = new Set(['active', 'superseded']);

export function isLive(listing: Pick<MyListing, 'state'>): boolean {
  return LIVE_STATES.has(listing.state);
}

/**
 * How far a price is from the floor, in percent of the floor to 2 decimals, rounded away from 0 so that a price a
 * wei above the floor never reads as at it; null without a floor.
 */
export function floorPercent(priceWei: string, floorWei: string | null): number | null {
  if (floorWei === null) return null;
  const floor = BigInt(floorWei);
  if (floor === 0n) return null;
  const diff = BigInt(priceWei) - floor;
  const magnitude = diff < 0n ? -diff : diff;
  const basisPoints = (magnitude * 10_000n + floor - 1n) / floor;
  return (diff < 0n ? -1 : 1) * (Number(basisPoints) / 100);
}

/** "at floor", "+12%", "-3.5%", or "no floor". */
export function formatFloorPosition(priceWei: string, floorWei: string | null, t: Text): string {
  const percent = floorPercent(priceWei, floorWei);
  if (percent === null) return t('my_listings.position.no_floor');
  return percent === 0 ? t('my_listings.position.at_floor') : formatChange(percent);
}

/**
 * What is left of a listing at `nowSeconds`, in its two largest units: "2d 3h", "3h 12m", "12m 5s", "5s"; "never"
 * without an end; "ending" once the time is up and the order book has not ended it yet.
 */
export function formatTimeLeft(expiresAt: number | null, nowSeconds: number, t: Text): string {
  if (expiresAt === null) return t('my_listings.left.never');
  const left = expiresAt - nowSeconds;
  if (left <= 0) return t('my_listings.left.ending');
  const d = Math.floor(left / DAY);
  const h = Math.floor((left % DAY) / HOUR);
  const m = Math.floor((left % HOUR) / MINUTE);
  const s = left % MINUTE;
  if (d > 0) return t('my_listings.left.d', { d, h });
  if (h > 0) return t('my_listings.left.h', { h, m });
  if (m > 0) return t('my_listings.left.m', { m, s });
  return t('my_listings.left.s', { s });
}
