import { useEffect, useState } from 'react';

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The current time in Unix seconds, re-rendering every `intervalMs` so that ages keep ticking. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(nowSeconds);
  useEffect(() => {
    const timer = setInterval(() => setNow(nowSeconds()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
