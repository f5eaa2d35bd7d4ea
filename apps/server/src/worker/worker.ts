import PgBoss from 'pg-boss';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { startRepeating } from '../chain/repeat';
import { listen } from '../db/listen';
import { queryText, type Transaction, withAdvisoryLock } from '../db/pool';
import type { Job, Task, TaskQueue, WorkerTools } from './job';

/** pg-boss's tables live in a schema of their own in the application's database. */
export const JOBS_SCHEMA = 'pgboss';
/**
 * A run still active after this long is taken for dead (its worker crashed) and retried by pg-boss's maintenance,
 * which looks every MAINTENANCE_SECONDS: so a crash holds a job up for at most about a minute and a half.
 */
export const RUN_EXPIRES_SECONDS = 60;
const MAINTENANCE_SECONDS = 30;
/** A failed run is tried 3 more times, after about 1–2, 2–4 and 4–8 s (pg-boss's jittered backoff). */
const RETRY = { retryLimit: 3, retryDelay: 1, retryBackoff: true } as const;
/** How often a cron job's queue is looked at: its runs come from pg-boss's clock, at most one a minute. */
const CRON_POLL_SECONDS = 5;
/** How often a task's queue is looked at when nothing woke it (runs enqueued by another worker, retries due). */
const TASK_POLL_MS = 500;
/** A task run still active after this long is retried (a crash mid-run): a DM is a few requests. */
const TASK_EXPIRES_SECONDS = 60;

export type Worker = { stop(): Promise<void> };

/**
 * Starts the worker role: pg-boss on the application's database, and for each job a loop that (for jobs run
 * every few seconds) enqueues a run unless one waits, then takes the next run due and executes it.
 *
 * Why a loop of our own rather than pg-boss's `work()`: its cron is minute-granular, while metadata and expiry need
 * seconds; and its workers complete runs without awaiting them, so stopping could leave writes in flight after the
 * pool closes. Each queue is `stately`: its unique index lets one run wait and one be active per job across every
 * worker process, so several workers never run a job twice at once, and a second send while one waits is dropped.
 */
export async function startWorker<C extends { log: Logger }>({
  pool,
  jobs,
  tasks = [],
  context,
  crashTimings = { maintenanceSeconds: MAINTENANCE_SECONDS, taskExpiresSeconds: TASK_EXPIRES_SECONDS },
}: {
  pool: Pool;
  jobs: readonly Job<C>[];
  tasks?: readonly Task<C>[];
  /** Its logger is the role's; each job's run gets a child tagged with the job's name. */
  context: C;
  /** How soon a task run of a dead worker is retried: a crash test shortens the wait from minutes to seconds. */
  crashTimings?: { maintenanceSeconds: number; taskExpiresSeconds: number };
}): Promise<Worker> {
  const { log } = context;
  const executor = trackedExecutor(pool);
  const boss = new PgBoss({
    db: executor,
    schema: JOBS_SCHEMA,
    maintenanceIntervalSeconds: crashTimings.maintenanceSeconds,
    // The devnet's passes enqueue a run every second or two: keep an hour of rows for a look, not pg-boss's week.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterHours: 1,
  });
  let stopping = false;
  // Without a listener an 'error' event would end the process; pg-boss emits its maintenance and clock failures here.
  boss.on('error', (error) => {
    if (!stopping) log.warn({ err: error }, 'job queue failed');
  });
  // Workers starting together would deadlock creating the same queue (each one a partition of pg-boss's job table).
  await withAdvisoryLock(pool, SETUP_LOCK_KEY, async () => {
    await boss.start();
    const queue = { policy: 'stately', expireInSeconds: RUN_EXPIRES_SECONDS, ...RETRY } as const;
    for (const job of jobs) {
      await boss.createQueue(job.name, { name: job.name, ...queue });
      // createQueue keeps an existing queue as it was: bring its settings in line with this code.
      await boss.updateQueue(job.name, { name: job.name, ...queue });
      if ('cron' in job.schedule) await boss.schedule(job.name, job.schedule.cron);
    }
    const cronJobs = new Set(jobs.filter((job) => 'cron' in job.schedule).map((job) => job.name));
    for (const { name } of await boss.getSchedules()) if (!cronJobs.has(name)) await boss.unschedule(name);
    for (const task of tasks) {
      const options = {
        name: task.name,
        policy: 'standard',
        expireInSeconds: crashTimings.taskExpiresSeconds,
        retryLimit: task.retryLimit,
        retryDelay: 1,
        retryBackoff: true,
      } as const;
      await boss.createQueue(task.name, options);
      await boss.updateQueue(task.name, options);
    }
  });

  const taskLoops = new Map<string, { wake(): void; stop(): Promise<void> }>();
  const queue: TaskQueue = {
    async enqueue(tx: Transaction, task: string, ids: readonly number[]) {
      // pg-boss writes the runs through the caller's transaction: they commit, or vanish, with its rows.
      const db = { executeSql: (text: string, values?: unknown[]) => queryText(tx, text, values ?? []) };
      await boss.insert(
        ids.map((id) => ({ name: task, data: { id } })),
        { db },
      );
    },
    wake: (task: string) => taskLoops.get(task)?.wake(),
  };
  const tools: WorkerTools = { tasks: queue };

  for (const task of tasks) {
    const taskContext = { ...context, ...tools, log: log.child({ task: task.name }) };
    taskLoops.set(
      task.name,
      startRepeating(async () => {
        try {
          // Everything due, a batch at a time: a burst of firings goes out together rather than one per poll.
          for (;;) {
            const due = await boss.fetch<{ id: number }>(task.name, { batchSize: task.concurrency });
            if (due.length === 0) break;
            await Promise.all(due.map((run) => executeTask(boss, task, run.id, run.data.id, taskContext)));
          }
        } catch (error) {
          taskContext.log.warn({ err: error }, 'could not reach the job queue');
        }
      }, TASK_POLL_MS),
    );
  }

  const loops = jobs.map((job) => {
    const jobContext = { ...context, ...tools, log: log.child({ job: job.name }) };
    const everySeconds = 'everySeconds' in job.schedule ? job.schedule.everySeconds : undefined;
    return startRepeating(
      async () => {
        try {
          // A run already waiting (queued, or a failure backing off) will do; another would skip the backoff.
          if (everySeconds !== undefined && (await boss.getQueueSize(job.name)) === 0) await boss.send(job.name, {});
          const [due] = await boss.fetch(job.name);
          if (due) await execute(boss, job, due.id, jobContext);
        } catch (error) {
          jobContext.log.warn({ err: error }, 'could not reach the job queue');
        }
      },
      (everySeconds ?? CRON_POLL_SECONDS) * 1000,
    );
  });

  // A job that follows an event (a block stored) is woken by its NOTIFY instead of waiting for its next poll.
  const listeners = await Promise.all(
    jobs.flatMap((job, index) => {
      const channel = 'wakeOn' in job.schedule ? job.schedule.wakeOn : undefined;
      if (channel === undefined) return [];
      return [
        listen(
          pool,
          channel,
          () => loops[index]?.wake(),
          (error) => log.warn({ err: error, channel }, 'wake-up listener failed'),
        ),
      ];
    }),
  );

  return {
    async stop() {
      await Promise.all(listeners.map((listener) => listener.stop()));
      await Promise.all([...loops, ...taskLoops.values()].map((loop) => loop.stop()));
      stopping = true;
      await boss.stop({ graceful: true, wait: true, close: false });
      await executor.settled();
    },
  };
}

async function executeTask<C extends { log: Logger }>(
  boss: PgBoss,
  task: Task<C>,
  runId: string,
  id: number,
  context: C & WorkerTools,
): Promise<void> {
  let output: unknown;
  try {
    output = await task.run(context, id);
  } catch (error) {
    context.log.warn({ err: error, id }, 'task failed; it is retried with backoff');
    await boss.fail(task.name, runId, error instanceof Error ? error : { value: String(error) });
    return;
  }
  await boss.complete(task.name, runId, { value: output ?? null });
}

async function execute<C extends { log: Logger }>(
  boss: PgBoss,
  job: Job<C>,
  id: string,
  context: C & WorkerTools,
): Promise<void> {
  let output: unknown;
  try {
    output = await job.run(context);
  } catch (error) {
    context.log.warn({ err: error }, 'job failed; it is retried with backoff');
    await boss.fail(job.name, id, error instanceof Error ? error : { value: String(error) });
    return;
  }
  await boss.complete(job.name, id, { value: output ?? null });
}

/** Any fixed 64-bit key; every worker that sets up the queues of this database takes the same one. */
const SETUP_LOCK_KEY = 4_661_726_465_733_002n;

/**
 * pg-boss runs its SQL through the application's pool. Its own loops (maintenance, the cron clock) can finish a
 * query or two after `stop()` resolves; counting them lets the worker's stop wait for the last one, so nothing of
 * pg-boss's reaches the pool after the worker has stopped.
 */
function trackedExecutor(pool: Pool) {
  const inFlight = new Set<Promise<unknown>>();
  return {
    executeSql(text: string, values?: unknown[]) {
      const query = pool.query(text, values);
      inFlight.add(query);
      const done = () => inFlight.delete(query);
      query.then(done, done);
      return query;
    },
    async settled(): Promise<void> {
      while (inFlight.size > 0) {
        await Promise.allSettled(inFlight);
        // A query's continuation may issue the next one: look again after it has had its turn.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
