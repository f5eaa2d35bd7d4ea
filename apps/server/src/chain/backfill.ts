import { sql } from 'drizzle-orm';
import type { RoleContext } from '../context';
import type { DecodedLogs } from './decode';
import { StoredPools } from './pool-registry';
import { blockTimes, type RangeRead, type RangeReader, readRange, withLateCollections } from './read-range';
import { storeEvents } from './store';
import { TrackedCollections } from './tracked-collections';
import type { ChainTransaction } from './transactions';

/** Where a backfill stands: the range asked, the next block to read, and what it found so far. */
export type BackfillProgress = {
  from: number;
  to: number;
  next: number;
  logs: number;
  sales: number;
  /** Blocks read in this session, for the ETA. */
  blocksThisRun: number;
  etaSeconds: number | null;
};

export type BackfillOptions = {
  /** Blocks per `eth_getLogs` batch (halved further when the provider refuses). */
  batchSize?: number;
  /** Batches read from the node at once; they are written one after the other, in order. */
  concurrency?: number;
  /** Stops after the batches already being written. */
  signal?: AbortSignal;
  onProgress?: (progress: BackfillProgress) => void;
};

type ReadBatch = {
  to: number;
  logs: number;
  events: DecodedLogs;
  transactions: ChainTransaction[];
  times: Map<number, Date>;
};

/**
 * Indexes blocks `from`..`to` of the past: their sales, transfers, payments and the transactions behind them, as the
 * indexer would have, without its cursor (chain_blocks) or what it derives for the live market (listing endings,
 * notifications, pending buys). Rows already indexed are left as they are, and token owners are read back from every
 * stored transfer, so a range overlapping the live index changes nothing there. Progress is kept in `backfills` after
 * each batch: a run asked again with the same first block resumes where it stopped.
 */
export async function runBackfill(
  ctx: RoleContext,
  range: { from: number; to: number },
  options: BackfillOptions = {},
): Promise<BackfillProgress> {
  const { db } = ctx;
  const batchSize = options.batchSize ?? 50;
  const concurrency = options.concurrency ?? 4;
  const { rows } = await db.execute<{ to_block: string; next_block: string; logs: string; sales: string }>(sql`
    insert into backfills (from_block, to_block, next_block) values (${range.from}, ${range.to}, ${range.from})
    on conflict (from_block) do update set to_block = greatest(backfills.to_block, excluded.to_block)
    returning to_block, next_block, logs, sales`);
  const row = rows[0]!;
  const progress: BackfillProgress = {
    from: range.from,
    to: Number(row.to_block),
    next: Number(row.next_block),
    logs: Number(row.logs),
    sales: Number(row.sales),
    blocksThisRun: 0,
    etaSeconds: null,
  };
  const started = Date.now();
  const reader: RangeReader = {
    chain: ctx.chain,
    collections: await TrackedCollections.load(db, ctx.chain.contracts),
    pools: new StoredPools(db, ctx.chain),
  };
  const readAt = async (from: number): Promise<Timed> => {
    const read = await readRange(reader, from, Math.min(progress.to, from + batchSize - 1));
    return { range: read, times: (await blockTimes(ctx.chain, read.logs)).times };
  };
  const inFlight: Array<Promise<Timed>> = [];
  let nextRead = progress.next;
  const fill = () => {
    while (inFlight.length < concurrency && nextRead <= progress.to && !options.signal?.aborted) {
      inFlight.push(readAt(nextRead));
      nextRead += batchSize;
    }
  };
  try {
    fill();
    while (inFlight.length > 0) {
      // A batch read beside an earlier one missed the collections that one found in its sales: read them now.
      const batch = await completed(ctx, reader, await inFlight.shift()!);
      const stored = await db.transaction(async (tx) => {
        const summary = await storeEvents(tx, batch.events, timeIn(batch.times), batch.transactions, 'past');
        await tx.execute(sql`
          update backfills set next_block = ${batch.to + 1}, logs = logs + ${batch.logs},
                 sales = sales + ${summary.sales}, updated_at = now()
           where from_block = ${range.from}`);
        return summary;
      });
      progress.blocksThisRun += batch.to + 1 - progress.next;
      progress.next = batch.to + 1;
      progress.logs += batch.logs;
      progress.sales += stored.sales;
      const perBlockMs = (Date.now() - started) / progress.blocksThisRun;
      progress.etaSeconds = Math.round(((progress.to + 1 - progress.next) * perBlockMs) / 1000);
      options.onProgress?.({ ...progress });
      fill();
    }
  } finally {
    // Reads left in flight by a failed write are dropped; the next run reads them again.
    for (const pending of inFlight) pending.catch(() => {});
  }
  return progress;
}

/** A range read, with the times of its blocks that have a log (unix seconds). */
type Timed = { range: RangeRead; times: ReadonlyMap<number, number> };

/**
 * One batch of past blocks as stored: its events, the transactions behind them, and its blocks' times, from the logs
 * where the node gives them (`blockTimes`). Completed first with the collections tracked since it was read.
 */
async function completed({ chain }: RoleContext, reader: RangeReader, { range, times }: Timed): Promise<ReadBatch> {
  const read = await withLateCollections(reader, range);
  const all = read === range ? times : (await blockTimes(chain, read.logs, times)).times;
  const dates = new Map([...all].map(([block, time]) => [block, new Date(time * 1000)]));
  return { to: read.to, logs: read.logs.length, events: read.events, transactions: read.transactions, times: dates };
}

function timeIn(times: ReadonlyMap<number, Date>): (block: number) => Date {
  return (block) => {
    const time = times.get(block);
    if (!time) throw new Error(`event in block ${block}, whose time was not read`);
    return time;
  };
}

/** An unfinished backfill, the one `npm run backfill` resumes before starting another. */
export async function unfinishedBackfill(ctx: Pick<RoleContext, 'db'>): Promise<{ from: number; to: number } | null> {
  const { rows } = await ctx.db.execute<{ from_block: string; to_block: string }>(
    sql`select from_block, to_block from backfills where next_block <= to_block order by from_block limit 1`,
  );
  const row = rows[0];
  return row ? { from: Number(row.from_block), to: Number(row.to_block) } : null;
}
