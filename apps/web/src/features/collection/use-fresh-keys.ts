import { useEffect, useRef, useState } from 'react';

/**
 * The keys that appeared in `keys` since the previous value, for `holdMs`. The first value counts as already seen:
 * what was there when the page opened is not news.
 */
export function useFreshKeys(keys: readonly string[] | undefined, holdMs: number): ReadonlySet<string> {
  const seen = useRef<ReadonlySet<string> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!keys) return;
    const previous = seen.current;
    seen.current = new Set(keys);
    const arrived = previous ? keys.filter((key) => !previous.has(key)) : [];
    // A poll that brings nothing new leaves the current highlight to run out on its own.
    if (arrived.length === 0) return;
    setFresh(new Set(arrived));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setFresh(new Set()), holdMs);
  }, [keys, holdMs]);

  return fresh;
}
