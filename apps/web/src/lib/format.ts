import { LONG_ADDRESS, SHORT_ADDRESS } from '@floordesk/protocol';

// Dates live in ./dates: dayjs and its locales stay off the pages that show none.

/** What a figure shows while it is unknown. */
export const NO_VALUE = '—';

// Grouped the same way in both languages: Chinese writes 1,000 too.
const change = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, signDisplay: 'exceptZero' });

/**
 * A change in percent, signed so that a rise reads as one even without colour: "+1.25%", "-3.5%", "0%"; NO_VALUE
 * when unknown. The same everywhere a floor or price change shows.
 */
export function formatChange(value: number | null): string {
  return value === null ? NO_VALUE : `${change.format(value)}%`;
}

/** The colour class of a change: a rise in the accent, a fall in the danger colour, none faint. */
export function changeColour(percent: number | null): string {
  if (percent === null || percent === 0) return 'text-faint';
  return percent > 0 ? 'text-accent' : 'text-danger';
}

function cut(value: string, head: number, tail: number): string {
  if (value.length <= head + tail) return value;
  return `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/** Header and token addresses: `0xf39…2266`. */
export function shortAddress(address: string): string {
  return cut(address, SHORT_ADDRESS.head, SHORT_ADDRESS.tail);
}

/** Long addresses in lists: `0xf39fd…92266` once they reach LONG_ADDRESS.minLength, else unchanged. */
export function longAddress(address: string): string {
  return address.length < LONG_ADDRESS.minLength ? address : cut(address, LONG_ADDRESS.head, LONG_ADDRESS.tail);
}

// Grouped the same way in both languages: Chinese writes 1,000 too.
const counts = new Intl.NumberFormat('en-US');

/** Whole numbers with thousands separators, the same in both languages: `1,234`. */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A percent as the API rounds it, to 2 decimals: `12.50%`. */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}

const WEI_DECIMALS = 18;

/**
 * Wei as ETH with a fixed number of decimals (0 to 18), rounded half up: `formatEth('1234560000000000000')` is
 * `1.2346`. Integer math only, so no amount loses precision to floating point.
 */
export function formatEth(wei: string | bigint, decimals = 4): string {
  const value = BigInt(wei);
  const magnitude = value < 0n ? -value : value;
  const step = 10n ** BigInt(WEI_DECIMALS - decimals);
  const rounded = (magnitude + step / 2n) / step;
  const scale = 10n ** BigInt(decimals);
  const whole = (rounded / scale).toString();
  const fraction = decimals === 0 ? '' : `.${(rounded % scale).toString().padStart(decimals, '0')}`;
  return `${value < 0n && rounded > 0n ? '-' : ''}${whole}${fraction}`;
}

const gwei = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Gwei to 2 decimals; an amount that rounds to nothing is still a price, so it reads as below the smallest step. */
export function formatGwei(value: number): string {
  return value > 0 && value < 0.01 ? '<0.01' : gwei.format(value);
}

export const WEI_PER_GWEI = 1e9;

/** Wei (a fee per gas) in Gwei, as `formatGwei` shows it. */
export function formatWeiAsGwei(wei: bigint): string {
  return formatGwei(Number(wei) / WEI_PER_GWEI);
}
