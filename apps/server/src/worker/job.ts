import type { RoleContext } from '../context';
import type { GuardedFetch } from '../net/guarded-fetch';
import type { TokenRef } from '../modules/collection/flags';

/** What a job's run is given; its logger is tagged with the job's name. */
export type JobContext = RoleContext & {
  /** Tokens to mark flagged once indexed: the devnet's reported ones; none on other chains. */
  flagged: readonly TokenRef[];
  /** Reads token and collection metadata URIs: the guarded fetcher, allowing the devnet's own origin on the devnet. */
  fetchUri: GuardedFetch;
};

/**
 * When a job runs: every few seconds (the worker enqueues it itself, for latency of seconds), or on a cron
 * expression in UTC (pg-boss's clock, minute-granular).
 */
export type JobSchedule = { everySeconds: number } | { cron: string };

/**
 * One kind of work of the worker role. However many workers run, at most one run of a job is active at a time and
 * at most one more waits; a run that throws is retried with backoff. A run must end well within a minute (see
 * RUN_EXPIRES_SECONDS) and be safe to repeat: after a crash, the run is started again.
 */
export type Job<C = JobContext> = {
  /** The pg-boss queue's name. */
  name: string;
  schedule: JobSchedule;
  /** What it returns is kept with the job's row for a while (pg-boss `output`), e.g. how many rows it changed. */
  run(context: C): Promise<unknown>;
};
