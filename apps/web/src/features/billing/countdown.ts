import type { BillingT } from '../../lib/billing-texts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The whole days, hours and minutes in `seconds` (what is left of a sale), rounded down. */
export function splitDuration(seconds: number): { d: number; h: number; m: number } {
  const left = Math.max(0, Math.floor(seconds));
  return { d: Math.floor(left / DAY), h: Math.floor((left % DAY) / HOUR), m: Math.floor((left % HOUR) / MINUTE) };
}

/** "2d 3h 4m", "3h 4m", "4m", or "less than a minute", in the interface language. */
export function formatTimeLeft(seconds: number, t: BillingT): string {
  const { d, h, m } = splitDuration(seconds);
  if (d > 0) return t('billing.left.dhm', { d, h, m });
  if (h > 0) return t('billing.left.hm', { h, m });
  if (m > 0) return t('billing.left.m', { m });
  return t('billing.left.soon');
}
