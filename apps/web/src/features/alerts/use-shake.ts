import { useEffect, useState } from 'react';

/**
 * Whether something shakes: from each new `trigger` while `active` (or from when `active` turns true) for
 * `durationMs`, and never while `active` is false.
 */
export function useShake(active: boolean, trigger: number, durationMs: number): boolean {
  // The trigger whose shake is over; a new trigger shakes again.
  const [over, setOver] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => setOver(trigger), durationMs);
    return () => clearTimeout(timer);
  }, [active, trigger, durationMs]);
  return active && over !== trigger;
}
