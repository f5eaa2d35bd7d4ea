import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database';
import type { Job } from './job';
import { JOBS_SCHEMA, startWorker, type Worker } from './worker';

const database = useTestDatabase();
const context = { log: pino({ level: 'silent' }) };
type TestJob = Job<typeof context>;

const started: Worker[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((worker) => worker.stop()));
});

async function start(...jobs: TestJob[]): Promise<Worker> {
  const worker = await startWorker({ pool: database().pool, jobs, context });
  started.push(worker);
  return worker;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  for (const giveUpAt = Date.now() + timeoutMs; !condition(); await sleep(20)) {
    if (Date.now() > giveUpAt) throw new Error('timed out waiting for the worker');
  }
}

/** pg-boss's rows of a queue, oldest first. */
async function runsOf(name: string) {
  const { rows } = await database().pool.query<{ state: string; retry_count: number; output: unknown }>(
    `select state, retry_count, output from ${JOBS_SCHEMA}.job where name = $1 order by created_on`,
    [name],
  );
  return rows;
}

/** A job that counts its runs and how many overlap; each run takes `ms`. */
function countingJob(name: string, schedule: TestJob['schedule'], ms = 0) {
  const stats = { runs: 0, active: 0, mostAtOnce: 0 };
  const job: TestJob = {
    name,
    schedule,
    async run() {
      stats.runs++;
      stats.active++;
      stats.mostAtOnce = Math.max(stats.mostAtOnce, stats.active);
      await sleep(ms);
      stats.active--;
      return stats.runs;
    },
  };
  return { job, stats };
}

describe('the worker', () => {
  it('registers a job every few seconds, enqueues its runs itself and executes them', async () => {
    const { job, stats } = countingJob('every-second', { everySeconds: 1 });
    await start(job);
    await until(() => stats.runs >= 3);
    const { rows: queues } = await database().pool.query(`select policy from ${JOBS_SCHEMA}.queue where name = $1`, [
      job.name,
    ]);
    expect(queues).toEqual([{ policy: 'stately' }]);
    const runs = await runsOf(job.name);
    expect(runs.filter((run) => run.state === 'completed').length).toBeGreaterThanOrEqual(2);
    expect(runs[0]?.output).toEqual({ value: 1 });
  });

  it('registers a cron job with pg-boss and executes the run its clock enqueues', async () => {
    const { job, stats } = countingJob('cron-job', { cron: '*/10 * * * *' });
    await start(job);
    const { rows: schedules } = await database().pool.query(`select name, cron from ${JOBS_SCHEMA}.schedule`);
    expect(schedules).toEqual([{ name: 'cron-job', cron: '*/10 * * * *' }]);

    // pg-boss's clock sends a job to the queue when the cron expression comes due; here a client sends it at once.
    const clock = new PgBoss({
      db: { executeSql: (text, values) => database().pool.query(text, values) },
      schema: JOBS_SCHEMA,
    });
    await clock.send(job.name, {});
    await until(() => stats.runs === 1);
    await sleep(200);
    expect(stats.runs).toBe(1);
  }, 15_000);

  it('forgets the schedule of a cron job it no longer has', async () => {
    const worker = await start(countingJob('old-cron', { cron: '0 * * * *' }).job);
    await worker.stop();
    await start(countingJob('every-second', { everySeconds: 1 }).job);
    const { rows } = await database().pool.query(`select name from ${JOBS_SCHEMA}.schedule`);
    expect(rows).toEqual([]);
  });

  it('retries a failing run after a backoff, enqueuing no other run meanwhile', async () => {
    const attempts: number[] = [];
    const job: TestJob = {
      name: 'flaky',
      // Enqueued every 0.2 s: only the retry's backoff keeps the second attempt a second or more away.
      schedule: { everySeconds: 0.2 },
      async run() {
        attempts.push(Date.now());
        if (attempts.length === 1) throw new Error('the node is down');
        return 'recovered';
      },
    };
    const worker = await start(job);
    await until(() => attempts.length >= 2);
    await worker.stop();
    const [first, second] = attempts as [number, number];
    expect(second - first).toBeGreaterThanOrEqual(950);
    const [retried] = await runsOf(job.name);
    expect(retried).toMatchObject({ state: 'completed', retry_count: 1, output: { value: 'recovered' } });
  });

  it('never runs a job twice at once, however many workers run it', async () => {
    const { job, stats } = countingJob('singleton', { everySeconds: 1 }, 700);
    await Promise.all([start(job), start(job), start(job)]);
    await until(() => stats.runs >= 4);
    expect(stats.mostAtOnce).toBe(1);
    const runs = await runsOf(job.name);
    expect(runs.filter((run) => run.state === 'active').length).toBeLessThanOrEqual(1);
    expect(runs.filter((run) => run.state === 'created').length).toBeLessThanOrEqual(1);
  }, 15_000);

  it('stops after the run in flight has finished and been recorded, and runs nothing after', async () => {
    const { job, stats } = countingJob('slow', { everySeconds: 1 }, 1000);
    const worker = await start(job);
    await until(() => stats.active === 1);
    await worker.stop();
    expect(stats.active).toBe(0);
    const runs = stats.runs;
    expect((await runsOf(job.name)).map((run) => run.state)).toEqual(['completed']);
    await sleep(1500);
    expect(stats.runs).toBe(runs);
  }, 15_000);
});
