/** The q-quantile (0..1) of samples, by nearest rank. */
export function quantile(samples: readonly number[], q: number): number {
  const sorted = samples.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** Milliseconds an async call takes. */
export async function timed(call: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await call();
  return performance.now() - start;
}
