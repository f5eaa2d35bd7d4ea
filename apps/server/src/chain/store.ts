import type { ClientBase } from 'pg';
import { zeroAddress } from 'viem';
import { applyIndexedBlocks, distrustListingsAbove } from '../market/listings/lifecycle';
import type { DecodedLogs } from './decode';
import { COARSE_SPANS_MINUTES, coarseBucketOf, minuteOf } from './rollups';

export type BlockHeader = {
  number: number;
  hash: string;
  parentHash: string;
  /** Unix seconds. */
  timestamp: number;
  /** Hashes of the block's transactions: mined ones stop being pending. */
  transactions: readonly string[];
};

export type StoreSummary = { sales: number; transfers: number; listingsEnded: number };

/**
 * Blocks kept in chain_blocks: the window in which a reorg finds its common ancestor, far beyond Ethereum's finality
 * (two epochs, 64 blocks). When none of them is on the node's chain any more, the node serves another chain (a
 * devnet rebuilt from scratch) and everything indexed is rolled back (`commonAncestor` answers -1): keeping what sits
 * below the oldest kept block would keep rows of a chain nobody can check any more.
 */
const KEPT_BLOCKS = 1000;

/**
 * Writes one batch of blocks and their decoded events. The caller wraps it in a transaction together with the
 * cursor (the chain_blocks rows written here), so a batch lands whole or not at all; every insert ignores rows
 * already present, so re-ingesting a batch changes nothing.
 */
export async function storeBlocks(
  client: ClientBase,
  blocks: readonly BlockHeader[],
  events: DecodedLogs,
  now: Date,
): Promise<StoreSummary> {
  const blockTime = new Map(blocks.map((block) => [block.number, new Date(block.timestamp * 1000)]));
  const timeOf = (blockNumber: number): Date => {
    const time = blockTime.get(blockNumber);
    if (!time) throw new Error(`event in block ${blockNumber}, which is not in the batch`);
    return time;
  };

  await client.query(
    `insert into chain_blocks (number, hash, parent_hash, timestamp)
     select * from unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[]) on conflict (number) do nothing`,
    [
      blocks.map((block) => block.number),
      blocks.map((block) => block.hash),
      blocks.map((block) => block.parentHash),
      blocks.map((block) => timeOf(block.number)),
    ],
  );

  const sales = await insertSales(client, events, timeOf);
  const transfers = await insertTransfers(client, events, timeOf);
  const listingsEnded = await applyIndexedBlocks(client, blocks, events, now);

  await clearMinedPending(client, blocks);

  for (const update of events.metadataUpdates) {
    await client.query(
      `update tokens set metadata_status = 'pending', metadata_attempts = 0, metadata_next_attempt_at = null
        where collection = $1 and token_id between $2 and $3`,
      [update.collection, update.fromTokenId.toString(), update.toTokenId.toString()],
    );
  }
  const last = blocks.at(-1);
  if (last) await client.query('delete from chain_blocks where number < $1', [last.number - KEPT_BLOCKS]);
  return { sales, transfers, listingsEnded };
}

/**
 * Mined transactions stop being pending. The pending set is small and a batch's transactions many, so the set is
 * read and matched here rather than shipping every hash of the batch to the database.
 */
async function clearMinedPending(client: ClientBase, blocks: readonly BlockHeader[]): Promise<void> {
  const { rows } = await client.query<{ tx_hash: string }>('select distinct tx_hash from pending_buys');
  if (rows.length === 0) return;
  const pending = new Set(rows.map((row) => row.tx_hash));
  const mined = blocks.flatMap((block) => block.transactions.map((hash) => hash.toLowerCase()));
  const minedPending = mined.filter((hash) => pending.has(hash));
  if (minedPending.length > 0) {
    await client.query('delete from pending_buys where tx_hash = any($1::text[])', [minedPending]);
  }
}

async function insertSales(
  client: ClientBase,
  { sales }: DecodedLogs,
  timeOf: (block: number) => Date,
): Promise<number> {
  if (sales.length === 0) return 0;
  // Only rows actually inserted feed the rollup, which keeps the counts exact when a batch is ingested twice.
  const result = await client.query(
    `with inserted as (
       insert into sales (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                          price_wei, payment_token, buyer, seller, marketplace, order_hash)
       select * from unnest($1::text[], $2::int[], $3::int[], $4::bigint[], $5::timestamptz[], $6::text[],
                            $7::numeric[], $8::numeric[], $9::numeric[], $10::text[], $11::text[], $12::text[],
                            $13::text[], $14::text[])
       on conflict do nothing
       returning collection, block_time, price_wei, payment_token
     ), rolled as (
       insert into collection_stats_1m (collection, minute, trades, volume_wei)
       select collection, ${minuteOf('block_time')}, count(*),
              coalesce(sum(price_wei) filter (where payment_token = $15), 0)
         from inserted group by 1, 2
       on conflict (collection, minute) do update
         set trades = collection_stats_1m.trades + excluded.trades,
             volume_wei = collection_stats_1m.volume_wei + excluded.volume_wei
       returning 1
     ), rolled_buckets as (
       insert into collection_stats_buckets (span_minutes, bucket, collection, trades, volume_wei)
       select span.minutes, ${coarseBucketOf('block_time', 'span.minutes')}, collection, count(*),
              coalesce(sum(price_wei) filter (where payment_token = $15), 0)
         from inserted cross join unnest($16::int[]) as span(minutes) group by 1, 2, 3
       on conflict (span_minutes, bucket, collection) do update
         set trades = collection_stats_buckets.trades + excluded.trades,
             volume_wei = collection_stats_buckets.volume_wei + excluded.volume_wei
       returning 1
     )
     select (select count(*) from inserted)::int as count`,
    [
      sales.map((s) => s.txHash),
      sales.map((s) => s.logIndex),
      sales.map((s) => s.itemIndex),
      sales.map((s) => s.blockNumber),
      sales.map((s) => timeOf(s.blockNumber)),
      sales.map((s) => s.collection),
      sales.map((s) => s.tokenId.toString()),
      sales.map((s) => s.amount.toString()),
      sales.map((s) => s.priceWei.toString()),
      sales.map((s) => s.paymentToken),
      sales.map((s) => s.buyer),
      sales.map((s) => s.seller),
      sales.map((s) => s.marketplace),
      sales.map((s) => s.orderHash),
      zeroAddress,
      COARSE_SPANS_MINUTES,
    ],
  );
  return (result.rows[0] as { count: number }).count;
}

async function insertTransfers(
  client: ClientBase,
  { transfers }: DecodedLogs,
  timeOf: (block: number) => Date,
): Promise<number> {
  if (transfers.length === 0) return 0;
  const result = await client.query(
    `insert into transfers (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                            from_address, to_address)
     select * from unnest($1::text[], $2::int[], $3::int[], $4::bigint[], $5::timestamptz[], $6::text[],
                          $7::numeric[], $8::numeric[], $9::text[], $10::text[])
     on conflict do nothing`,
    [
      transfers.map((t) => t.txHash),
      transfers.map((t) => t.logIndex),
      transfers.map((t) => t.itemIndex),
      transfers.map((t) => t.blockNumber),
      transfers.map((t) => timeOf(t.blockNumber)),
      transfers.map((t) => t.collection),
      transfers.map((t) => t.tokenId.toString()),
      transfers.map((t) => t.amount.toString()),
      transfers.map((t) => t.from),
      transfers.map((t) => t.to),
    ],
  );

  // The last transfer of an ERC-721 token in the batch names its owner; ERC-1155 tokens have balances instead.
  const latest = new Map<string, (typeof transfers)[number]>();
  for (const transfer of transfers) latest.set(`${transfer.collection}:${transfer.tokenId}`, transfer);
  const tokens = [...latest.values()];
  await client.query(
    `insert into tokens (collection, token_id, owner, minted_block)
     select * from unnest($1::text[], $2::numeric[], $3::text[], $4::bigint[])
     on conflict (collection, token_id) do update
       set owner = excluded.owner, minted_block = coalesce(tokens.minted_block, excluded.minted_block)`,
    [
      tokens.map((t) => t.collection),
      tokens.map((t) => t.tokenId.toString()),
      tokens.map((t) => (t.standard === 'erc721' ? t.to : null)),
      tokens.map((t) => (t.from === zeroAddress ? t.blockNumber : null)),
    ],
  );
  const firstSeen = new Map<string, number>();
  for (const transfer of transfers) {
    if (!firstSeen.has(transfer.collection)) firstSeen.set(transfer.collection, transfer.blockNumber);
  }
  await client.query(
    `insert into collections (address, first_seen_block)
     select * from unnest($1::text[], $2::bigint[]) on conflict (address) do nothing`,
    [[...firstSeen.keys()], [...firstSeen.values()]],
  );
  return result.rowCount ?? 0;
}

/**
 * Undoes everything ingested above `ancestor` (a reorg, or a devnet chain replaced by a fresh one): sales leave
 * their rollups, transfers leave token ownership, and the listings whose state came from above it wait to be
 * checked again on the new chain (`distrustListingsAbove`).
 */
export async function rollBackTo(client: ClientBase, ancestor: number, now: Date): Promise<void> {
  await client.query(
    `with removed as (
       delete from sales where block_number > $1 returning collection, block_time, price_wei, payment_token
     ), totals as (
       select collection, ${minuteOf('block_time')} as minute,
              count(*)::int as trades, coalesce(sum(price_wei) filter (where payment_token = $2), 0) as volume
         from removed group by 1, 2
     ), buckets as (
       update collection_stats_buckets s set trades = s.trades - b.trades, volume_wei = s.volume_wei - b.volume
         from (select span.minutes, ${coarseBucketOf('t.minute', 'span.minutes')} as bucket, t.collection,
                      sum(t.trades)::int as trades, sum(t.volume) as volume
                 from totals t cross join unnest($3::int[]) as span(minutes) group by 1, 2, 3) as b
        where s.span_minutes = b.minutes and s.bucket = b.bucket and s.collection = b.collection
       returning 1
     )
     update collection_stats_1m s set trades = s.trades - t.trades, volume_wei = s.volume_wei - t.volume
       from totals t where s.collection = t.collection and s.minute = t.minute`,
    [ancestor, zeroAddress, COARSE_SPANS_MINUTES],
  );
  const touched = await client.query<{ collection: string; token_id: string }>(
    'delete from transfers where block_number > $1 returning collection, token_id',
    [ancestor],
  );
  if (touched.rows.length > 0) {
    const collections = touched.rows.map((row) => row.collection);
    const tokenIds = touched.rows.map((row) => row.token_id);
    // Tokens whose every transfer was orphaned never existed on this chain.
    await client.query(
      `delete from tokens t using unnest($1::text[], $2::numeric[]) as e(collection, token_id)
        where t.collection = e.collection and t.token_id = e.token_id
          and not exists (select 1 from transfers x where x.collection = t.collection and x.token_id = t.token_id)`,
      [collections, tokenIds],
    );
    await client.query(
      `update tokens t set owner = (select x.to_address from transfers x
                                      where x.collection = t.collection and x.token_id = t.token_id
                                      order by x.block_number desc, x.log_index desc, x.item_index desc limit 1)
         from unnest($1::text[], $2::numeric[]) as e(collection, token_id)
        where t.collection = e.collection and t.token_id = e.token_id and t.owner is not null`,
      [collections, tokenIds],
    );
  }
  await client.query('delete from collections where first_seen_block > $1', [ancestor]);
  await distrustListingsAbove(client, ancestor, now);
  await client.query('delete from chain_blocks where number > $1', [ancestor]);
}
