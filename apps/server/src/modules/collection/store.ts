import type { Marketplace } from '@floordesk/protocol';
import type { Pool } from 'pg';
import { zeroAddress } from 'viem';
import { floorBefore } from '../../chain/rollup-windows';

export type CollectionInfo = {
  address: string;
  name: string | null;
  symbol: string | null;
  image_url: string | null;
  standard: string | null;
  verified: boolean;
  total_supply: string | null;
};

export async function findCollection(pool: Pool, address: string): Promise<CollectionInfo | undefined> {
  const { rows } = await pool.query<CollectionInfo>(
    `select address, name, symbol, image_url, standard, verified, total_supply from collections where address = $1`,
    [address],
  );
  return rows[0];
}

export type WindowTotals = { minutes: number; trades: number; volume: string; start_floor: string | null };

/** Trades, volume and the floor at the start of each window, from the per-minute rollups up to `upTo`. */
export async function windowTotals(
  pool: Pool,
  collection: string,
  windows: readonly { minutes: number; start: Date }[],
  upTo: Date,
): Promise<WindowTotals[]> {
  const { rows } = await pool.query<WindowTotals>(
    `select w.minutes, coalesce(sum(s.trades), 0)::int as trades, coalesce(sum(s.volume_wei), 0)::text as volume,
            ${floorBefore('$1', 'w.start')}::text as start_floor
       from unnest($2::int[], $3::timestamptz[]) as w(minutes, start)
       left join collection_stats_1m s on s.collection = $1 and s.minute >= w.start and s.minute <= $4
      group by w.minutes, w.start
      order by w.minutes`,
    [collection, windows.map((w) => w.minutes), windows.map((w) => w.start), upTo],
  );
  return rows;
}

/** Tokens ranked in the collection: ranks run 1..this. */
export async function rankedCount(pool: Pool, collection: string): Promise<number> {
  const { rows } = await pool.query<{ ranked: number | null }>(
    'select max(rarity_rank) as ranked from tokens where collection = $1',
    [collection],
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

export async function latestTrades(pool: Pool, collection: string, limit: number): Promise<TradeRecord[]> {
  const { rows } = await pool.query<TradeRecord>(
    `select s.tx_hash, s.log_index, s.item_index, s.block_number, s.block_time, s.token_id::text, s.price_wei::text,
            s.marketplace, s.buyer, s.seller, t.image_url, t.rarity_rank
       from sales s
       left join tokens t on t.collection = s.collection and t.token_id = s.token_id
      where s.collection = $1
      order by s.block_number desc, s.log_index desc, s.item_index desc
      limit $2`,
    [collection, limit],
  );
  return rows;
}

export type BucketRecord = { start: Date; trades: number; volume: string; last_floor: string | null };

/**
 * Rollups from `from` to `upTo` summed into buckets of `bucketMinutes` aligned to the epoch (so to UTC), with the
 * floor written last inside each bucket; buckets without rollup rows are absent.
 */
export async function rollupBuckets(
  pool: Pool,
  collection: string,
  { from, upTo, bucketMinutes }: { from: Date; upTo: Date; bucketMinutes: number },
): Promise<BucketRecord[]> {
  const { rows } = await pool.query<BucketRecord>(
    `select to_timestamp(floor(extract(epoch from minute) / $4) * $4) as start,
            sum(trades)::int as trades, sum(volume_wei)::text as volume,
            ((array_agg(floor_wei order by minute desc) filter (where floor_wei is not null))[1])::text as last_floor
       from collection_stats_1m
      where collection = $1 and minute >= $2 and minute <= $3
      group by 1
      order by 1`,
    [collection, from, upTo, bucketMinutes * 60],
  );
  return rows;
}

/** The floor at the instant `before`, carried from the latest minute with a recorded floor. */
export async function floorAt(pool: Pool, collection: string, before: Date): Promise<string | null> {
  const { rows } = await pool.query<{ floor: string | null }>(`select ${floorBefore('$1', '$2')}::text as floor`, [
    collection,
    before,
  ]);
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
export async function holdings(pool: Pool, collection: string, standard: string | null, limit: number): Promise<Holdings> {
  const perHolder =
    standard === 'erc1155'
      ? `select address, sum(amount) as held
           from (select to_address as address, amount from transfers where collection = $1
                 union all
                 select from_address, -amount from transfers where collection = $1) moves
          where address <> $2
          group by address having sum(amount) > 0`
      : `select owner as address, count(*)::numeric as held from tokens
          where collection = $1 and owner is not null and owner <> $2
          group by owner`;
  const { rows } = await pool.query<{ address: string; held: string; owners: number; total: string }>(
    `with holders as (${perHolder})
     select address, held::text, count(*) over ()::int as owners, (sum(held) over ())::text as total
       from holders order by holders.held desc, holders.address limit $3`,
    [collection, zeroAddress, limit],
  );
  return {
    owners: rows[0]?.owners ?? 0,
    held: rows[0]?.total ?? '0',
    top: rows.map(({ address, held }) => ({ address, held })),
  };
}
