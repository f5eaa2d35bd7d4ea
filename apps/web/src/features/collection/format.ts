/** A percent as the API rounds it, to 2 decimals. */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}

/** A change in percent with its sign, so a rise reads as one even without colour. */
export function formatChange(value: number): string {
  return `${value > 0 ? '+' : ''}${formatPercent(value)}`;
}
