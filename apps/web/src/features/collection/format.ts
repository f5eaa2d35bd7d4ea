/** A percent as the API rounds it, to 2 decimals. */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}
