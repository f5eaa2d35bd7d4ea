import { sql } from 'drizzle-orm';
import { currentMinute } from '../../chain/rollup-windows';
import type { Database } from '../../db/pool';
import { MINUTE_MS } from '../../time';

/** Minutes behind the current one that are read again every pass: what a short reorg or a late block can still change. */
const UNSETTLED_MINUTES = 5;

type MinuteCounts = Map<string, { trades: number; listings: number }>;

/**
 * The per-minute rollups' trades and new listings over the last day, kept in memory between passes: a trending
 * alert's window can be a day long, and summing a day of rollups for every collection on every block costs hundreds
 * of milliseconds, while only the latest minutes change. A minute is settled, read once and kept, when it ended
 * UNSETTLED_MINUTES ago and the indexer has stored a block after it (so a lagging indexer's late sales are not
 * missed); newer minutes are read again each pass. One per worker process; a fresh one reads everything once.
 */
export class TrendWindows {
  private readonly settled = new Map<number, MinuteCounts>();
  /** Each window's totals over its settled minutes, with the minutes they cover: the same for a minute's passes. */
  private readonly settledSums = new Map<number, { from: number; to: number; totals: MinuteCounts }>();

  /**
   * Each collection's trades and new listings over each window (the N latest minutes, the current one included),
   * for the windows asked: `totals.get(minutes)` maps a collection to its totals. `head` is the latest stored block's
   * time in ms (0 without one). "Now" is the latest block's time
   * while blocks keep coming (within a minute): a block stamped 12:00:59 and evaluated at 12:01:00.5 still counts
   * for a one-minute window. New listings stamped in a newer minute wait for the next block.
   */
  async totals(db: Database, now: Date, head: number, windows: readonly number[]): Promise<Map<number, MinuteCounts>> {
    const result = new Map<number, MinuteCounts>();
    if (windows.length === 0) return result;
    const anchor = head <= now.getTime() && now.getTime() - head < MINUTE_MS ? head : now.getTime();
    const current = currentMinute(new Date(anchor)).getTime();
    const longest = Math.max(...windows);
    const first = current - (longest - 1) * MINUTE_MS;
    for (const minute of this.settled.keys()) if (minute < first) this.settled.delete(minute);

    // Settled: ended a while ago, and before the last stored block's minute (later sales may still be on their way).
    const settledBefore = Math.min(current - UNSETTLED_MINUTES * MINUTE_MS, currentMinute(new Date(head)).getTime());
    let readFrom = first;
    while (readFrom < settledBefore && this.settled.has(readFrom)) readFrom += MINUTE_MS;
    const fresh = await readMinutes(db, new Date(readFrom), new Date(current));
    // A quiet minute is settled too (with nothing in it), or the next pass would read from it again.
    for (let minute = readFrom; minute < settledBefore; minute += MINUTE_MS) {
      this.settled.set(minute, fresh.get(minute) ?? new Map());
    }

    for (const window of new Set(windows)) {
      const from = current - (window - 1) * MINUTE_MS;
      const to = Math.max(from, settledBefore);
      let sum = this.settledSums.get(window);
      if (sum?.from !== from || sum.to !== to) {
        sum = { from, to, totals: new Map() };
        for (let minute = from; minute < to; minute += MINUTE_MS) addInto(sum.totals, this.settled.get(minute));
        this.settledSums.set(window, sum);
      }
      const totals = new Map([...sum.totals].map(([collection, total]) => [collection, { ...total }]));
      for (let minute = to; minute <= current; minute += MINUTE_MS) addInto(totals, fresh.get(minute));
      result.set(window, totals);
    }
    return result;
  }
}

function addInto(totals: MinuteCounts, counts: MinuteCounts | undefined): void {
  for (const [collection, { trades, listings }] of counts ?? []) {
    const total = totals.get(collection);
    if (total) {
      total.trades += trades;
      total.listings += listings;
    } else totals.set(collection, { trades, listings });
  }
}

async function readMinutes(db: Database, from: Date, to: Date): Promise<Map<number, MinuteCounts>> {
  const minutes = new Map<number, MinuteCounts>();
  const { rows } = await db.execute<{
    minute: string | Date;
    collection: string;
    trades: number;
    listings: number;
  }>(sql`
    select minute, collection, trades, new_listings as listings from collection_stats_1m
     where minute >= ${from} and minute <= ${to} and (trades > 0 or new_listings > 0)`);
  for (const row of rows) {
    const minute = new Date(row.minute).getTime();
    const counts = minutes.get(minute) ?? new Map();
    counts.set(row.collection, { trades: row.trades, listings: row.listings });
    minutes.set(minute, counts);
  }
  return minutes;
}
