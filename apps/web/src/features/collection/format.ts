const counts = new Intl.NumberFormat('en-US');

/** Whole numbers with thousands separators, the same in both languages. */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A percent as the API rounds it, to 2 decimals. */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}

/** A change in percent with its sign, so a rise reads as one even without colour. */
export function formatChange(value: number): string {
  return `${value > 0 ? '+' : ''}${formatPercent(value)}`;
}
