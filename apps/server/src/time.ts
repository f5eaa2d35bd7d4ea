/** A Date as whole unix seconds (rounded down), the unit of the spec's timestamps. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export const MINUTE_MS = 60_000;
