/**
 * Runs `task` now and then `intervalMs` after each run ends, until stopped; `stop()` waits for a run in flight, so
 * nothing touches the database after the caller closes it. The task handles its own errors.
 */
export function startRepeating(task: () => Promise<void>, intervalMs: number): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = task().finally(() => {
      if (!stopped) timer = setTimeout(run, intervalMs);
    });
  };
  timer = setTimeout(run, 0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
