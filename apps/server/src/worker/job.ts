import type { ChatBot } from '../chat/chat-bot';
import type { RoleContext } from '../context';
import type { Transaction } from '../db/pool';
import type { ListingConnector } from '../market/connectors/marketplace-api';
import type { GuardedFetch } from '../net/guarded-fetch';
import type { TokenRef } from '../modules/collection/flags';

/** What a job's run is given; its logger is tagged with the job's name. */
export type JobContext = RoleContext & {
  /** Tokens to mark flagged once indexed: the devnet's reported ones; none on other chains. */
  flagged: readonly TokenRef[];
  /** Reads token and collection metadata URIs: the guarded fetcher, allowing the devnet's own origin on the devnet. */
  fetchUri: GuardedFetch;
  /** Alerts: where DMs link to (FloorDesk's origin) and the bot that sends them (none: alerts are not evaluated). */
  alerts: { origin: string; bot: ChatBot | undefined };
  /** The marketplace APIs whose listings are read into the order book: those with a key configured. */
  listingConnectors: readonly ListingConnector[];
};

/** What every job and task run is also given: the worker's task queue. */
export type WorkerTools = { tasks: TaskQueue };

/** Hands work items to a task (see Task). */
export type TaskQueue = {
  /** Enqueues one run of `task` per id, inside `tx`: they exist exactly when what the transaction wrote does. */
  enqueue(tx: Transaction, task: string, ids: readonly number[]): Promise<void>;
  /** Takes the task's due runs now rather than at its next poll (this process only). */
  wake(task: string): void;
};

/**
 * Work items a job hands on, each run on its own with pg-boss's retries and backoff (a DM to send): unlike a job,
 * many runs of a task can be due and active at once, across every worker. Each run gets the id it was enqueued with;
 * like a job's run, it must be safe to repeat.
 */
export type Task<C = JobContext> = {
  name: string;
  /** How many of its runs one worker runs at once. */
  concurrency: number;
  /** Retries of a failed run, after about 1, 2, 4, 8… s. */
  retryLimit: number;
  run(context: C & WorkerTools, id: number): Promise<unknown>;
};

/**
 * When a job runs: every few seconds (the worker enqueues it itself, for latency of seconds), or on a cron
 * expression in UTC (pg-boss's clock, minute-granular).
 */
export type JobSchedule = { everySeconds: number; wakeOn?: string } | { cron: string };

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
  run(context: C & WorkerTools): Promise<unknown>;
};
