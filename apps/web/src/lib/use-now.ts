import { useEffect, useState } from 'react';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const nowMs = () => Date.now();

/** The time as `read` gives it, read again every `intervalMs` so that what shows it keeps ticking. */
function useClock(read: () => number, intervalMs: number): number {
  const [now, setNow] = useState(read);
  useEffect(() => {
    const timer = setInterval(() => setNow(read()), intervalMs);
    return () => clearInterval(timer);
  }, [read, intervalMs]);
  return now;
}

/** The current time in Unix seconds, re-rendering every `intervalMs`: ages, countdowns. */
export function useNow(intervalMs: number): number {
  return useClock(nowSeconds, intervalMs);
}

/** The current time in milliseconds, re-rendering every `intervalMs`. */
export function useNowMs(intervalMs: number): number {
  return useClock(nowMs, intervalMs);
}
