import { useState } from 'react';

/**
 * The save and test buttons' debounce: `pass()` says whether an action may run now, which it may only after
 * `quietMs` without an attempt; every attempt restarts that time. The caller asks only once its form is valid, so
 * fixing what a refused click pointed out is never swallowed, while a double click sends one request.
 */
export function useActionGate(quietMs: number, now: () => number = Date.now): { pass: () => boolean } {
  const [gate] = useState(() => {
    let last: number | null = null;
    return {
      pass: () => {
        const time = now();
        const quiet = last === null || time - last >= quietMs;
        last = time;
        return quiet;
      },
    };
  });
  return gate;
}
