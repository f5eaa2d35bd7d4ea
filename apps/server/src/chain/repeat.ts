export type Repeating = {
  /** Runs the task now instead of at its next time; during a run, once more right after it. */
  wake(): void;
  stop(): Promise<void>;
};

/**
 * Runs `task` now and then `intervalMs` after each run ends, until stopped; `stop()` waits for a run in flight, so
 * nothing touches the database after the caller closes it. The task handles its own errors.
 */
export function startRepeating(task: () => Promise<void>, intervalMs: number): Repeating {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let inFlight = false;
  let again = false;
  const run = () => {
    inFlight = true;
    running = task().finally(() => {
      inFlight = false;
      if (stopped) return;
      timer = setTimeout(run, again ? 0 : intervalMs);
      again = false;
    });
  };
  timer = setTimeout(run, 0);
  return {
    wake: () => {
      if (stopped) return;
      if (inFlight) {
        again = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(run, 0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
