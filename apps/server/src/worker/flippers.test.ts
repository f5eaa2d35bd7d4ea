import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database';
import { flippersJob } from './flippers';
import type { JobContext, WorkerTools } from './job';

const database = useTestDatabase();
const START = new Date('2030-01-01T00:00:00Z');
const HOUR = 3_600_000;

/** The job's context with a node at `head`; only what the job reads. */
function context(now: Date, head: number) {
  return {
    db: database().db,
    chain: { client: { getBlockNumber: async () => BigInt(head) } },
    now: () => now,
  } as unknown as JobContext & WorkerTools;
}

async function indexedUpTo(block: number): Promise<void> {
  await database().pool.query(
    `insert into chain_blocks (number, hash, parent_hash, timestamp) values ($1, $2, $2, now())
     on conflict do nothing`,
    [block, `0x${block.toString(16).padStart(64, '0')}`],
  );
}

async function storedList(computedAt: Date): Promise<void> {
  await database().pool.query(
    `insert into flippers (address, trades, collections, wins, profit_wei, computed_at)
     values ('0x00000000000000000000000000000000000000f1', 101, 6, 80, 1, $1)`,
    [computedAt],
  );
}

describe('the flippers job', () => {
  beforeEach(async () => {
    await database().pool.query('truncate flippers, chain_blocks');
  });

  it('waits for the indexer to catch up with the node before the first pass', async () => {
    await indexedUpTo(100);
    expect(await flippersJob.run(context(START, 200))).toEqual({ skipped: 'indexer behind the node' });
    expect(await flippersJob.run(context(START, 105))).toEqual({ flippers: 0 });
  });

  it('after a pass that found nobody, tries again ten minutes later, not at every look', async () => {
    await indexedUpTo(100);
    // An hour after the previous test's empty pass (the job remembers it in this process).
    const first = START.getTime() + HOUR;
    expect(await flippersJob.run(context(new Date(first), 100))).toEqual({ flippers: 0 });
    expect(await flippersJob.run(context(new Date(first + 9 * 60_000), 100))).toEqual({ skipped: 'fresh' });
    expect(await flippersJob.run(context(new Date(first + 10 * 60_000), 100))).toEqual({ flippers: 0 });
  });

  it('keeps a list for 24 hours, then replaces it', async () => {
    await indexedUpTo(100);
    await storedList(START);
    expect(await flippersJob.run(context(new Date(START.getTime() + 23 * HOUR), 100))).toEqual({ skipped: 'fresh' });
    expect(await flippersJob.run(context(new Date(START.getTime() + 24 * HOUR), 100))).toEqual({ flippers: 0 });
    const { rows } = await database().pool.query('select count(*)::int as n from flippers');
    expect(rows[0].n).toBe(0);
  });
});
