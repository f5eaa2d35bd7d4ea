import { type SQL, sql } from 'drizzle-orm';
import { zeroAddress } from 'viem';
import type { Executor } from '../db/pool';
import type { SkippedLogReason } from '../db/schema';
import type { ChainConsumer } from './consumers';
import { requeueTokenMetadata } from './metadata';
import type { DecodedLogs, PaymentEvent, SaleEvent, TransferEvent } from './decode';
import { COARSE_SPANS_MINUTES, coarseBucketOf, minuteOf } from './rollups';
import type { ChainTransaction } from './transactions';

export type BlockHeader = {
  number: number;
  hash: string;
  parentHash: string;
  /** Unix seconds. */
  timestamp: number;
  /** Hashes of the block's transactions: mined ones stop being pending. */
  transactions: readonly string[];
};

export type StoreSummary = { sales: number; transfers: number };

/**
 * Blocks kept in chain_blocks: the window in which a reorg finds its common ancestor, far beyond Ethereum's finality
 * (two epochs, 64 blocks). When none of them is on the node's chain any more, the node serves another chain (a
 * devnet rebuilt from scratch) and everything indexed is rolled back (`commonAncestor` answers -1): keeping what sits
 * below the oldest kept block would keep rows of a chain nobody can check any more.
 */
const KEPT_BLOCKS = 1000;

/**
 * The highest block stored, -1 before the first: confirmations and the indexer's lag count from it, so a lagging
 * indexer never credits early or passes for caught up.
 */
export async function indexedHead(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ head: string | null }>(sql`select max(number) as head from chain_blocks`);
  return Number(rows[0]?.head ?? -1);
}

/**
 * Writes one batch of blocks and their decoded events, then hands it to the consumers. The caller wraps it in a
 * transaction together with the cursor (the chain_blocks rows written here), so a batch lands whole or not at all;
 * every insert ignores rows already present, so re-ingesting a batch changes nothing.
 */
export async function storeBlocks(
  db: Executor,
  blocks: readonly BlockHeader[],
  events: DecodedLogs,
  now: Date,
  consumers: readonly ChainConsumer[],
  transactions: readonly ChainTransaction[] = [],
): Promise<StoreSummary> {
  const blockTime = new Map(blocks.map((block) => [block.number, new Date(block.timestamp * 1000)]));
  const timeOf = (blockNumber: number): Date => {
    const time = blockTime.get(blockNumber);
    if (!time) throw new Error(`event in block ${blockNumber}, which is not in the batch`);
    return time;
  };

  await db.execute(sql`
    insert into chain_blocks (number, hash, parent_hash, timestamp)
    select * from unnest(${sql.param(blocks.map((block) => block.number))}::bigint[],
                         ${sql.param(blocks.map((block) => block.hash))}::text[],
                         ${sql.param(blocks.map((block) => block.parentHash))}::text[],
                         ${sql.param(blocks.map((block) => timeOf(block.number)))}::timestamptz[])
    on conflict (number) do nothing`);

  const summary = await storeEvents(db, events, timeOf, transactions, 'head');
  await clearMinedPending(db, blocks);
  for (const update of events.metadataUpdates) {
    await requeueTokenMetadata(db, update.collection, {
      from: update.fromTokenId.toString(),
      to: update.toTokenId.toString(),
    });
  }
  for (const consumer of consumers) await consumer.stored?.(db, { blocks, events, timeOf, now });

  const last = blocks.at(-1);
  if (last) await db.execute(sql`delete from chain_blocks where number < ${last.number - KEPT_BLOCKS}`);
  return summary;
}

/**
 * Where a batch lies: at the `head` of what is indexed (the indexer's next blocks), or in the `past`, below blocks
 * already indexed (a backfill), where a token's last transfer in the batch may be older than its owner on record.
 */
export type BatchPlace = 'head' | 'past';

/**
 * A batch's sales (with their rollups), payments, transactions and transfers (with token owners and collections),
 * each insert ignoring rows already present. Nothing here reads or moves the cursor.
 */
export async function storeEvents(
  db: Executor,
  events: DecodedLogs,
  timeOf: (block: number) => Date,
  transactions: readonly ChainTransaction[],
  place: BatchPlace,
): Promise<StoreSummary> {
  const tokens = lastTransfers(events.transfers);
  const [sales, , , transfers] = await inTurn(db, [
    () => salesInsert(events.sales, timeOf),
    () => paymentsInsert(events.payments, timeOf),
    () => transactionsInsert(transactions),
    () => transfersInsert(events.transfers, timeOf),
    () => tokensUpsert(tokens, place),
    () => (place === 'past' ? ownersUpdate(tokens) : undefined),
    () => collectionsUpsert(events.transfers),
    () => skippedCount(events),
  ]);
  return { sales: Number(sales?.rows[0]?.count ?? 0), transfers: transfers?.rowCount ?? 0 };
}

/** What a statement answers: its rows and row count. */
type QueryResult = Awaited<ReturnType<Executor['execute']>>;

/** A statement built only when its turn comes; undefined when it has nothing to write. */
type Statement = () => SQL | undefined;

/**
 * Runs statements one after the other, building each while the database executes the one before: a batch's
 * parameters are tens of thousands of values, and on two cores Node builds them while PostgreSQL writes. One
 * statement is in flight at a time, so they run in order and the first failure stops the rest. Answers each
 * statement's result, undefined for those that wrote nothing.
 */
async function inTurn(db: Executor, statements: readonly Statement[]): Promise<Array<QueryResult | undefined>> {
  const results: Array<Promise<QueryResult> | undefined> = [];
  for (const statement of statements) {
    const running = results.at(-1);
    let query: SQL | undefined;
    try {
      query = statement();
    } finally {
      // Settled before the next is sent (or the transaction rolls back), even when building this one failed.
      await running;
    }
    // drizzle's query runs on `then`: called here, it is sent now rather than when awaited after the next build.
    results.push(query && db.execute(query).then((result) => result));
  }
  return Promise.all(results);
}

/** Adds the batch's skipped logs to their reasons' counts (`chain_skipped_logs`, served in /metrics). */
function skippedCount({ malformed, foreign, unpriced }: DecodedLogs): SQL | undefined {
  const counts = Object.entries({ malformed, foreign, unpriced } satisfies Record<SkippedLogReason, number>).filter(
    ([, logs]) => logs > 0,
  );
  if (counts.length === 0) return undefined;
  return sql`
    insert into chain_skipped_logs (reason, logs)
    select * from unnest(${sql.param(counts.map(([reason]) => reason))}::text[],
                         ${sql.param(counts.map(([, logs]) => logs))}::bigint[])
    on conflict (reason) do update set logs = chain_skipped_logs.logs + excluded.logs`;
}

/** What every batch stored so far skipped, by reason. */
export async function skippedLogs(db: Executor): Promise<Record<SkippedLogReason, number>> {
  const { rows } = await db.execute<{ reason: SkippedLogReason; logs: string }>(
    sql`select reason, logs from chain_skipped_logs`,
  );
  const counts: Record<SkippedLogReason, number> = { malformed: 0, foreign: 0, unpriced: 0 };
  for (const row of rows) counts[row.reason] = Number(row.logs);
  return counts;
}

/**
 * Mined transactions stop being pending. The pending set is small and a batch's transactions many, so the set is
 * read and matched here rather than shipping every hash of the batch to the database.
 */
async function clearMinedPending(db: Executor, blocks: readonly BlockHeader[]): Promise<void> {
  const { rows } = await db.execute<{ tx_hash: string }>(sql`select distinct tx_hash from pending_buys`);
  if (rows.length === 0) return;
  const pending = new Set(rows.map((row) => row.tx_hash));
  const mined = blocks.flatMap((block) => block.transactions.map((hash) => hash.toLowerCase()));
  const minedPending = mined.filter((hash) => pending.has(hash));
  if (minedPending.length > 0) {
    await db.execute(sql`delete from pending_buys where tx_hash = any(${sql.param(minedPending)}::text[])`);
  }
}

function salesInsert(sales: readonly SaleEvent[], timeOf: (block: number) => Date): SQL | undefined {
  if (sales.length === 0) return undefined;
  // Only rows actually inserted feed the rollup, which keeps the counts exact when a batch is ingested twice.
  const texts = (value: (sale: SaleEvent) => string) => plainTexts(sales.map(value));
  const numbers = (value: (sale: SaleEvent) => number | bigint) => numberArray(sales.map(value));
  return sql`
    with inserted as (
      insert into sales (tx_hash, log_index, item_index, block_number, block_time, protocol, collection, token_id,
                         amount, price_wei, payment_token, buyer, seller, marketplace, order_hash, proceeds_wei)
      select tx_hash, log_index, item_index, block_number, to_timestamp(block_seconds), protocol, collection, token_id,
             amount, price_wei, payment_token, buyer, seller, marketplace, order_hash, proceeds_wei
        from unnest(${texts((s) => s.txHash)}, ${numbers((s) => s.logIndex)}::int[],
                    ${numbers((s) => s.itemIndex)}::int[], ${numbers((s) => s.blockNumber)}::bigint[],
                    ${numbers((s) => secondsOf(timeOf(s.blockNumber)))}::float8[], ${texts((s) => s.protocol)},
                    ${texts((s) => s.collection)}, ${numbers((s) => s.tokenId)}::numeric[],
                    ${numbers((s) => s.amount)}::numeric[], ${numbers((s) => s.priceWei)}::numeric[],
                    ${texts((s) => s.paymentToken)}, ${texts((s) => s.buyer)}, ${texts((s) => s.seller)},
                    ${sql.param(sales.map((s) => s.marketplace))}::text[], ${texts((s) => s.orderHash)},
                    ${numbers((s) => s.proceedsWei)}::numeric[])
          as row(tx_hash, log_index, item_index, block_number, block_seconds, protocol, collection, token_id, amount,
                 price_wei, payment_token, buyer, seller, marketplace, order_hash, proceeds_wei)
      on conflict do nothing
      returning collection, block_time, price_wei, payment_token
    ), minutes as (
      select collection, ${minuteOf(sql`block_time`)} as minute, count(*) as trades,
             coalesce(sum(price_wei) filter (where payment_token = ${zeroAddress}), 0) as volume
        from inserted group by 1, 2
    ), rolled as (
      insert into collection_stats_1m (collection, minute, trades, volume_wei)
      select collection, minute, trades, volume from minutes
      on conflict (collection, minute) do update
        set trades = collection_stats_1m.trades + excluded.trades,
            volume_wei = collection_stats_1m.volume_wei + excluded.volume_wei
      returning 1
    ), rolled_buckets as (
      -- From the minutes rather than the sales: a bucket is whole minutes, and there are fewer minutes than sales.
      insert into collection_stats_buckets (span_minutes, bucket, collection, trades, volume_wei)
      select span.minutes, ${coarseBucketOf(sql`minute`, sql`span.minutes`)}, collection, sum(trades), sum(volume)
        from minutes cross join unnest(${sql.param(COARSE_SPANS_MINUTES)}::int[]) as span(minutes) group by 1, 2, 3
      on conflict (span_minutes, bucket, collection) do update
        set trades = collection_stats_buckets.trades + excluded.trades,
            volume_wei = collection_stats_buckets.volume_wei + excluded.volume_wei
      returning 1
    )
    select (select count(*) from inserted)::int as count`;
}

/**
 * Subscription payments, idempotent on (tx hash, log index): a batch read again, or an event seen three times,
 * writes one row. The billing module credits them once they have enough confirmations.
 */
function paymentsInsert(payments: readonly PaymentEvent[], timeOf: (block: number) => Date): SQL | undefined {
  if (payments.length === 0) return undefined;
  const column = <T>(value: (payment: PaymentEvent) => T) => sql.param(payments.map(value));
  return sql`
    insert into subscription_payments (tx_hash, log_index, block_number, block_time, payer, plan, price_wei, quote_id)
    select * from unnest(${column((p) => p.txHash)}::text[], ${column((p) => p.logIndex)}::int[],
                         ${column((p) => p.blockNumber)}::bigint[], ${column((p) => timeOf(p.blockNumber))}::timestamptz[],
                         ${column((p) => p.payer)}::text[], ${column((p) => p.plan)}::int[],
                         ${column((p) => p.priceWei.toString())}::numeric[], ${column((p) => p.quoteId)}::text[])
    on conflict do nothing`;
}

/** The transactions behind sales and mints (`transactionsBehind`), idempotent on their hash. */
export async function insertTransactions(db: Executor, transactions: readonly ChainTransaction[]): Promise<void> {
  const query = transactionsInsert(transactions);
  if (query) await db.execute(query);
}

function transactionsInsert(transactions: readonly ChainTransaction[]): SQL | undefined {
  if (transactions.length === 0) return undefined;
  const column = <T>(value: (transaction: ChainTransaction) => T) => sql.param(transactions.map(value));
  return sql`
    insert into chain_transactions (tx_hash, block_number, from_address, to_address, value_wei, gas_used,
                                    effective_gas_price_wei)
    select * from unnest(${column((t) => t.txHash)}::text[], ${column((t) => t.blockNumber)}::bigint[],
                         ${column((t) => t.from)}::text[], ${column((t) => t.to)}::text[],
                         ${column((t) => t.valueWei.toString())}::numeric[],
                         ${column((t) => t.gasUsed.toString())}::numeric[],
                         ${column((t) => t.effectiveGasPriceWei.toString())}::numeric[])
    on conflict do nothing`;
}

function transfersInsert(transfers: readonly TransferEvent[], timeOf: (block: number) => Date): SQL | undefined {
  if (transfers.length === 0) return undefined;
  const texts = (value: (transfer: TransferEvent) => string) => plainTexts(transfers.map(value));
  const numbers = (value: (transfer: TransferEvent) => number | bigint) => numberArray(transfers.map(value));
  return sql`
    insert into transfers (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                           from_address, to_address)
    select tx_hash, log_index, item_index, block_number, to_timestamp(block_seconds), collection, token_id, amount,
           from_address, to_address
      from unnest(${texts((t) => t.txHash)}, ${numbers((t) => t.logIndex)}::int[], ${numbers((t) => t.itemIndex)}::int[],
                  ${numbers((t) => t.blockNumber)}::bigint[],
                  ${numbers((t) => secondsOf(timeOf(t.blockNumber)))}::float8[], ${texts((t) => t.collection)},
                  ${numbers((t) => t.tokenId)}::numeric[], ${numbers((t) => t.amount)}::numeric[],
                  ${texts((t) => t.from)}, ${texts((t) => t.to)})
        as row(tx_hash, log_index, item_index, block_number, block_seconds, collection, token_id, amount, from_address,
               to_address)
    on conflict do nothing`;
}

/** Each token's last transfer in the batch. */
function lastTransfers(transfers: readonly TransferEvent[]): TransferEvent[] {
  const latest = new Map<string, TransferEvent>();
  for (const transfer of transfers) latest.set(`${transfer.collection}:${transfer.tokenId}`, transfer);
  return [...latest.values()];
}

/**
 * The batch's tokens, from their last transfer: at the head, that transfer names an ERC-721 token's owner (ERC-1155
 * tokens have balances instead); in the past, `ownersUpdate` settles it against the transfers stored.
 */
function tokensUpsert(tokens: readonly TransferEvent[], place: BatchPlace): SQL | undefined {
  if (tokens.length === 0) return undefined;
  const head = place === 'head';
  return sql`
    insert into tokens (collection, token_id, owner, minted_block)
    select * from unnest(${plainTexts(tokens.map((t) => t.collection))},
                         ${numberArray(tokens.map((t) => t.tokenId))}::numeric[],
                         ${sql.param(tokens.map((t) => (t.standard === 'erc721' ? t.to : null)))}::text[],
                         ${sql.param(tokens.map((t) => (t.from === zeroAddress ? t.blockNumber : null)))}::bigint[])
    on conflict (collection, token_id) do update
      set owner = ${head ? sql`excluded.owner` : sql`tokens.owner`},
          minted_block = coalesce(tokens.minted_block, excluded.minted_block)
      -- A row left as it was is not rewritten (with its three index entries): a backfill's tokens, mostly, and at
      -- the head ERC-1155 tokens and tokens that came back to their owner.
      where ${head ? sql`tokens.owner is distinct from excluded.owner or ` : sql``}
            (tokens.minted_block is null and excluded.minted_block is not null)`;
}

/** The collections the batch's transfers name, each with the first block it was seen in. */
function collectionsUpsert(transfers: readonly TransferEvent[]): SQL | undefined {
  if (transfers.length === 0) return undefined;
  const firstSeen = new Map<string, number>();
  for (const transfer of transfers) {
    if (!firstSeen.has(transfer.collection)) firstSeen.set(transfer.collection, transfer.blockNumber);
  }
  return sql`
    insert into collections (address, first_seen_block)
    select * from unnest(${sql.param([...firstSeen.keys()])}::text[], ${sql.param([...firstSeen.values()])}::bigint[])
    on conflict (address) do update set first_seen_block = excluded.first_seen_block
      where excluded.first_seen_block < collections.first_seen_block`;
}

/**
 * A column of text that needs no quoting (addresses, hashes, protocol names) as one comma-joined parameter, split
 * again by `string_to_array`. A batch sends tens of thousands of such values: as a text[] parameter, node-postgres
 * quotes and escapes each element and PostgreSQL unquotes it, which the ingest bench measured at twice the cost.
 */
function plainTexts(values: readonly string[]): SQL {
  for (const value of values) {
    if (value === '' || value.includes(',')) throw new Error(`${JSON.stringify(value)} cannot travel comma-joined`);
  }
  return sql`string_to_array(${values.join(',')}, ',')`;
}

/** Numbers as an array literal ('{1,2,3}'), built in one join rather than element by element by node-postgres. */
function numberArray(values: readonly (number | bigint)[]): string {
  return `{${values.join(',')}}`;
}

/**
 * A time as Unix seconds, read back with `to_timestamp` (exact to the microsecond): cheaper to format here and to
 * parse there than a timestamp's text, once per row.
 */
function secondsOf(time: Date): number {
  return time.getTime() / 1000;
}

/**
 * Sets each ERC-721 token's owner to the receiver of its last stored transfer: after a rollback took its later
 * transfers away, or a backfill brought older ones in.
 */
async function ownersFromTransfers(
  db: Executor,
  tokens: ReadonlyArray<{ collection: string; tokenId: bigint | string }>,
): Promise<void> {
  const query = ownersUpdate(tokens);
  if (query) await db.execute(query);
}

function ownersUpdate(tokens: ReadonlyArray<{ collection: string; tokenId: bigint | string }>): SQL | undefined {
  if (tokens.length === 0) return undefined;
  const collections = sql.param(tokens.map((token) => token.collection));
  const tokenIds = sql.param(tokens.map((token) => token.tokenId.toString()));
  return sql`
    update tokens t set owner = (select x.to_address from transfers x
                                   where x.collection = t.collection and x.token_id = t.token_id
                                   order by x.block_number desc, x.log_index desc, x.item_index desc limit 1)
      from unnest(${collections}::text[], ${tokenIds}::numeric[]) as e(collection, token_id)
     where t.collection = e.collection and t.token_id = e.token_id and t.owner is not null`;
}

/**
 * Undoes everything ingested above `ancestor` (a reorg, or a devnet chain replaced by a fresh one): sales leave
 * their rollups, transfers leave token ownership, payments leave the subscriptions, the transactions behind sales and
 * mints go with them; then the consumers undo what they derived (the order book distrusts the listings whose state
 * came from above it).
 */
export async function rollBackTo(
  db: Executor,
  ancestor: number,
  now: Date,
  consumers: readonly ChainConsumer[],
): Promise<void> {
  await db.execute(sql`
    with removed as (
      delete from sales where block_number > ${ancestor} returning collection, block_time, price_wei, payment_token
    ), totals as (
      select collection, ${minuteOf(sql`block_time`)} as minute,
             count(*)::int as trades, coalesce(sum(price_wei) filter (where payment_token = ${zeroAddress}), 0) as volume
        from removed group by 1, 2
    ), buckets as (
      update collection_stats_buckets s set trades = s.trades - b.trades, volume_wei = s.volume_wei - b.volume
        from (select span.minutes, ${coarseBucketOf(sql`t.minute`, sql`span.minutes`)} as bucket, t.collection,
                     sum(t.trades)::int as trades, sum(t.volume) as volume
                from totals t cross join unnest(${sql.param(COARSE_SPANS_MINUTES)}::int[]) as span(minutes)
               group by 1, 2, 3) as b
       where s.span_minutes = b.minutes and s.bucket = b.bucket and s.collection = b.collection
      returning 1
    )
    update collection_stats_1m s set trades = s.trades - t.trades, volume_wei = s.volume_wei - t.volume
      from totals t where s.collection = t.collection and s.minute = t.minute`);
  const touched = await db.execute<{ collection: string; token_id: string }>(
    sql`delete from transfers where block_number > ${ancestor} returning collection, token_id`,
  );
  if (touched.rows.length > 0) {
    const collections = sql.param(touched.rows.map((row) => row.collection));
    const tokenIds = sql.param(touched.rows.map((row) => row.token_id));
    const orphaned = sql`unnest(${collections}::text[], ${tokenIds}::numeric[]) as e(collection, token_id)`;
    // Tokens whose every transfer was orphaned never existed on this chain.
    await db.execute(sql`
      delete from tokens t using ${orphaned}
       where t.collection = e.collection and t.token_id = e.token_id
         and not exists (select 1 from transfers x where x.collection = t.collection and x.token_id = t.token_id)`);
    await ownersFromTransfers(
      db,
      touched.rows.map((row) => ({ collection: row.collection, tokenId: row.token_id })),
    );
  }
  await db.execute(sql`delete from collections where first_seen_block > ${ancestor}`);
  // A payment whose block left the chain was never made: the subscription derived from it shrinks with it.
  await db.execute(sql`delete from subscription_payments where block_number > ${ancestor}`);
  await db.execute(sql`delete from chain_transactions where block_number > ${ancestor}`);
  for (const consumer of consumers) await consumer.rolledBack?.(db, ancestor, now);
  await db.execute(sql`delete from chain_blocks where number > ${ancestor}`);
}
