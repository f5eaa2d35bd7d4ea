import type { Marketplace } from '@floordesk/protocol';
import { type SQL, sql } from 'drizzle-orm';
import { zeroAddress } from 'viem';
import { floorBefore, windowStartFloor } from '../../chain/rollup-windows';
import type { Executor, TimestampsAsText } from '../../db/pool';

export type CollectionInfo = {
  address: string;
  name: string | null;
  symbol: string | null;
  image_url: string | null;
  standard: string | null;
  verified: boolean;
  total_supply: string | null;
};

export async function findCollection(db: Executor, address: string): Promise<CollectionInfo | undefined> {
  const { rows } = await db.execute<CollectionInfo>(sql`
    select address, name, symbol, image_url, standard, verified, total_supply from collections where address = ${address}`);
  return rows[0];
}

export type WindowTotals = { minutes: number; trades: number; volume: string; start_floor: string | null };

/** Trades, volume and the floor each window's change starts from, from the per-minute rollups up to `upTo`. */
export async function windowTotals(
  db: Executor,
  collection: string,
  windows: readonly { minutes: number; start: Date }[],
  upTo: Date,
): Promise<WindowTotals[]> {
  const { rows } = await db.execute<WindowTotals>(sql`
    select w.minutes, coalesce(sum(s.trades), 0)::int as trades, coalesce(sum(s.volume_wei), 0)::text as volume,
           ${windowStartFloor(sql`${collection}::text`, sql`w.start`)}::text as start_floor
      from unnest(${sql.param(windows.map((w) => w.minutes))}::int[],
                  ${sql.param(windows.map((w) => w.start))}::timestamptz[]) as w(minutes, start)
      left join collection_stats_1m s on s.collection = ${collection} and s.minute >= w.start and s.minute <= ${upTo}
     group by w.minutes, w.start
     order by w.minutes`);
  return rows;
}

/** Tokens ranked in the collection: ranks run 1..this. */
export async function rankedCount(db: Executor, collection: string): Promise<number> {
  const { rows } = await db.execute<{ ranked: number | null }>(
    sql`select max(rarity_rank) as ranked from tokens where collection = ${collection}`,
  );
  return rows[0]?.ranked ?? 0;
}

export type TradeRecord = {
  tx_hash: string;
  log_index: number;
  item_index: number;
  block_number: string;
  block_time: Date;
  token_id: string;
  price_wei: string;
  marketplace: Marketplace | null;
  buyer: string;
  seller: string;
  image_url: string | null;
  rarity_rank: number | null;
};

export async function latestTrades(db: Executor, collection: string, limit: number): Promise<TradeRecord[]> {
  const { rows } = await db.execute<TimestampsAsText<TradeRecord, 'block_time'>>(sql`
    select s.tx_hash, s.log_index, s.item_index, s.block_number, s.block_time, s.token_id::text, s.price_wei::text,
           s.marketplace, s.buyer, s.seller, t.image_url, t.rarity_rank
      from sales s
      left join tokens t on t.collection = s.collection and t.token_id = s.token_id
     where s.collection = ${collection}
     order by s.block_number desc, s.log_index desc, s.item_index desc
     limit ${limit}`);
  return rows.map((row) => ({ ...row, block_time: new Date(row.block_time) }));
}

export type BucketRecord = { start: Date; trades: number; volume: string; last_floor: string | null };

/**
 * Rollups from `from` to `upTo` summed into buckets of `bucketMinutes` aligned to the epoch (so to UTC), with the
 * floor written last inside each bucket; buckets without rollup rows are absent.
 */
export async function rollupBuckets(
  db: Executor,
  collection: string,
  { from, upTo, bucketMinutes }: { from: Date; upTo: Date; bucketMinutes: number },
): Promise<BucketRecord[]> {
  const bucketSeconds = sql`${bucketMinutes * 60}::int`;
  const { rows } = await db.execute<TimestampsAsText<BucketRecord, 'start'>>(sql`
    select to_timestamp(floor(extract(epoch from minute) / ${bucketSeconds}) * ${bucketSeconds}) as start,
           sum(trades)::int as trades, sum(volume_wei)::text as volume,
           ((array_agg(floor_wei order by minute desc) filter (where floor_wei is not null))[1])::text as last_floor
      from collection_stats_1m
     where collection = ${collection} and minute >= ${from} and minute <= ${upTo}
     group by 1
     order by 1`);
  return rows.map((row) => ({ ...row, start: new Date(row.start) }));
}

/** The floor at the instant `before`, carried from the latest minute with a recorded floor. */
export async function floorAt(db: Executor, collection: string, before: Date): Promise<string | null> {
  const { rows } = await db.execute<{ floor: string | null }>(
    sql`select ${floorBefore(sql`${collection}::text`, sql`${before}::timestamptz`)}::text as floor`,
  );
  return rows[0]?.floor ?? null;
}

/** The floor a window starting at `start` changes from (`windowStartFloor`). */
export async function startFloor(db: Executor, collection: string, start: Date): Promise<string | null> {
  const { rows } = await db.execute<{ floor: string | null }>(
    sql`select ${windowStartFloor(sql`${collection}::text`, sql`${start}::timestamptz`)}::text as floor`,
  );
  return rows[0]?.floor ?? null;
}

export type Holdings = {
  /** Distinct holders. */
  owners: number;
  /** Items held by all of them. */
  held: string;
  /** The largest holders, most items first. */
  top: { address: string; held: string }[];
};

/**
 * Current holders: ERC-721 owners from `tokens`, ERC-1155 balances summed from `transfers`. The zero address (mints
 * come from it, burns go to it) holds nothing.
 */
export async function holdings(
  db: Executor,
  collection: string,
  standard: string | null,
  limit: number,
): Promise<Holdings> {
  const perHolder = heldPerHolder(collection, standard);
  const { rows } = await db.execute<{ address: string; held: string; owners: number; total: string }>(sql`
    with holders as (${perHolder})
    select address, held::text, count(*) over ()::int as owners, (sum(held) over ())::text as total
      from holders order by holders.held desc, holders.address limit ${limit}`);
  return {
    owners: rows[0]?.owners ?? 0,
    held: rows[0]?.total ?? '0',
    top: rows.map(({ address, held }) => ({ address, held })),
  };
}

/** Every current holder of a collection with the items held: (address, held numeric). */
export function heldPerHolder(collection: string, standard: string | null): SQL {
  return standard === 'erc1155'
    ? sql`select address, sum(amount) as held
            from (select to_address as address, amount from transfers where collection = ${collection}
                  union all
                  select from_address, -amount from transfers where collection = ${collection}) moves
           where address <> ${zeroAddress}
           group by address having sum(amount) > 0`
    : sql`select owner as address, count(*)::numeric as held from tokens
           where collection = ${collection} and owner is not null and owner <> ${zeroAddress}
           group by owner`;
}
