import type { Diagnostics, Marketplace, SimulatorState } from '@floordesk/protocol';
import { sql } from 'drizzle-orm';
import { connectorStates } from '../../market/connectors/read-listings';
import { startRepeating } from '../../chain/repeat';
import type { AppContext } from '../../context';
import { unixSeconds } from '../../time';
import { onlineUsers } from '../user/service';

export const SIMULATOR_OFF: SimulatorState = {
  state: 'off',
  bots: 0,
  rate_per_min: 0,
  actions: {},
  hot_collection: null,
  last_action_at: null,
};

/** Chain head against the indexer's cursor, what has been indexed, and the simulator: the devnet at a glance. */
export async function readDiagnostics(ctx: AppContext, simulator: SimulatorState): Promise<Diagnostics> {
  const { db } = ctx;
  const headBlock = ctx.chain ? await ctx.chain.client.getBlock().catch(() => undefined) : undefined;
  const head =
    headBlock && headBlock.number !== null && headBlock.hash !== null
      ? { number: Number(headBlock.number), hash: headBlock.hash, timestamp: Number(headBlock.timestamp) }
      : null;
  const [cursorRows, counts, recent, online, connectors] = await Promise.all([
    // Timestamps arrive as PostgreSQL's text (see TimestampsAsText).
    db.execute<{ number: string; hash: string; timestamp: string }>(
      sql`select number, hash, timestamp from chain_blocks order by number desc limit 1`,
    ),
    db.execute<Record<'sales' | 'transfers' | 'listings' | 'pending' | 'collections', number>>(sql`
      select (select count(*) from sales)::int as sales,
             (select count(*) from transfers)::int as transfers,
             (select count(*) from listings where status = 'active')::int as listings,
             (select count(distinct tx_hash) from pending_buys)::int as pending,
             (select count(*) from collections)::int as collections`),
    db.execute<{
      collection: string;
      name: string | null;
      token_id: string;
      price_wei: string;
      marketplace: Marketplace | null;
      block_number: string;
      tx_hash: string;
      block_time: string;
    }>(sql`
      select s.collection, c.name, s.token_id, s.price_wei, s.marketplace, s.block_number, s.tx_hash, s.block_time
        from sales s left join collections c on c.address = s.collection
       order by s.block_number desc, s.log_index desc limit 20`),
    onlineUsers(ctx),
    connectorStates(ctx),
  ]);
  const cursorRow = cursorRows.rows[0];
  const cursor = cursorRow
    ? { number: Number(cursorRow.number), hash: cursorRow.hash, timestamp: unixSeconds(new Date(cursorRow.timestamp)) }
    : null;
  const totals = counts.rows[0] ?? { sales: 0, transfers: 0, listings: 0, pending: 0, collections: 0 };
  return {
    chain_id: ctx.config.chainId,
    head,
    cursor,
    lag_blocks: head && cursor ? Math.max(0, head.number - cursor.number) : null,
    ...totals,
    online_users: online.length,
    simulator,
    recent_sales: recent.rows.map((row) => ({
      collection: row.collection,
      name: row.name,
      token_id: row.token_id,
      price_wei: row.price_wei,
      marketplace: row.marketplace,
      block_number: Number(row.block_number),
      tx_hash: row.tx_hash,
      timestamp: unixSeconds(new Date(row.block_time)),
    })),
    connectors: connectors.map((row) => ({
      name: row.name,
      ok_at: secondsOrNull(row.ok_at),
      failed_at: secondsOrNull(row.failed_at),
      failure: row.failure,
      failures: row.failures,
      backoff_until: secondsOrNull(row.backoff_until),
      listings_stored: row.listings_stored,
      listings_refused: row.listings_refused,
    })),
  };
}

function secondsOrNull(time: string | Date | null): number | null {
  return time === null ? null : unixSeconds(new Date(time));
}

/** Blocks the indexer may trail the head by while the market counts as live: one being read, one being mined. */
const LIVE_LAG_BLOCKS = 2;

/** The market a newcomer can use: the indexer has caught up with the chain, and it holds active listings and sales. */
export function isMarketLive({ lag_blocks, listings, sales }: Diagnostics): boolean {
  return lag_blocks !== null && lag_blocks <= LIVE_LAG_BLOCKS && listings > 0 && sales > 0;
}

/**
 * Reads the diagnostics every `everyMs` until the market is live (isMarketLive), hands them to `onLive` once and
 * stops looking; `stop()` ends the wait sooner, before the database closes.
 */
export function watchMarketLive(
  ctx: AppContext,
  onLive: (diagnostics: Diagnostics) => void,
  everyMs = 2_000,
): { stop(): Promise<void> } {
  const watch = startRepeating(async () => {
    const diagnostics = await readDiagnostics(ctx, SIMULATOR_OFF).catch(() => null);
    if (diagnostics === null || !isMarketLive(diagnostics)) return;
    onLive(diagnostics);
    void watch.stop();
  }, everyMs);
  return watch;
}
