import { sql } from 'drizzle-orm';
import { zeroAddress } from 'viem';
import type { Executor, TimestampsAsText } from '../../db/pool';
import { fillableAt } from '../../market/listings/fillable';

/** The collections with the most trades from `from` on, most first (then by address, so ties stay put). */
export async function mostTraded(db: Executor, from: Date, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ collection: string }>(sql`
    select collection from collection_stats_1m
     where minute >= ${from}
     group by collection
    having sum(trades) > 0
     order by sum(trades) desc, collection
     limit ${limit}`);
  return rows.map((row) => row.collection);
}

export type MintingRecord = {
  address: string;
  name: string | null;
  image_url: string | null;
  standard: string | null;
  total_supply: string | null;
  max_supply: string | null;
  mints: string;
  minters: number;
  last_mint: Date;
  /** Wei per item over the window's mint transactions the indexer has read; null when it has read none. */
  mint_price: string | null;
};

/**
 * Collections with transfers from the zero address since `from`, most items minted first. The partial index
 * `transfers_mint_block_idx` is reached through a block number: the block before `from` among those the cursor still
 * holds (or 0, scanning every mint, when it holds none that old). A mint transaction's value is shared over all the
 * items it minted.
 */
export async function mintingSince(db: Executor, from: Date, limit: number): Promise<MintingRecord[]> {
  const { rows } = await db.execute<TimestampsAsText<MintingRecord, 'last_mint'>>(sql`
    with recent as (
      select collection, tx_hash, to_address, amount, block_time
        from transfers
       where from_address = ${zeroAddress}
         and block_number >= coalesce((select max(number) from chain_blocks where timestamp < ${from}), 0)
         and block_time >= ${from}
    ), per_tx as (
      select collection, tx_hash, sum(amount) as items from recent group by collection, tx_hash
    ), priced as (
      select p.collection, sum(t.value_wei) as paid, sum(p.items) as items
        from per_tx p join chain_transactions t on t.tx_hash = p.tx_hash
       group by p.collection
    )
    select r.collection as address, c.name, c.image_url, c.standard, c.max_supply::text,
           -- The contract's supply is read once, when the collection is first seen; an ERC-721's minted tokens are
           -- rows of tokens since, as the mint-out news counts them.
           case when c.standard = 'erc721'
                then greatest(c.total_supply, (select count(*) from tokens t where t.collection = r.collection))
                else c.total_supply end::text as total_supply,
           sum(r.amount)::text as mints, count(distinct r.to_address)::int as minters, max(r.block_time) as last_mint,
           case when pr.items > 0 then div(pr.paid, pr.items)::text end as mint_price
      from recent r
      join collections c on c.address = r.collection
      left join priced pr on pr.collection = r.collection
     group by r.collection, c.address, pr.paid, pr.items
     order by sum(r.amount) desc, max(r.block_time) desc, r.collection
     limit ${limit}`);
  return rows.map((row) => ({ ...row, last_mint: new Date(row.last_mint) }));
}

export type MarketTotals = {
  sales: number;
  volume: string;
  listings: number;
  collections: number;
  block_number: number | null;
};

/** Sales and volume since `from` (the rollups), listings fillable `now`, collections indexed and the latest block. */
export async function marketTotals(db: Executor, from: Date, now: Date): Promise<MarketTotals> {
  const { rows } = await db.execute<MarketTotals>(sql`
    select coalesce(sum(trades), 0)::int as sales, coalesce(sum(volume_wei), 0)::text as volume,
           (select count(*) from listings where ${fillableAt(sql`${now}::timestamptz`)})::int as listings,
           (select count(*) from collections)::int as collections,
           (select max(number) from chain_blocks)::int8 as block_number
      from collection_stats_1m
     where minute >= ${from}`);
  const totals = rows[0]!;
  return { ...totals, block_number: totals.block_number === null ? null : Number(totals.block_number) };
}
