import { sql } from 'drizzle-orm';
import { type Block, zeroHash } from 'viem';
import type { RoleContext } from '../context';
import type { HeldLock } from '../db/pool';
import type { ChainClient } from './client';
import type { DecodedLogs } from './decode';
import type { ChainConsumer } from './consumers';
import { StoredPools } from './pool-registry';
import { blocksOfLogs, blockTimes, type RangeReader, readRange } from './read-range';
import { type BlockHeader, rollBackTo, storeBlocks } from './store';
import { TrackedCollections } from './tracked-collections';
import type { ChainTransaction } from './transactions';

export type IndexerOptions = RoleContext & {
  /** Where an empty index starts. */
  startBlock: number;
  /** Blocks per batch (one getLogs call, one database transaction). */
  batchSize?: number;
  pollMs?: number;
  /** What the layers above do with each batch, rollback and step, in order (`ChainConsumer`). */
  consumers: readonly ChainConsumer[];
};

export type StepResult = { from: number; to: number; sales: number; transfers: number } | { reorgTo: number } | null;

/**
 * One step of the indexer: undo a reorg if the stored cursor is no longer on the chain, else let the consumers
 * prepare (the order book checks again the listings a rollback or a batch distrusted), then ingest the next batches of blocks (up to 20) toward the head. Each
 * batch's rows and its cursor rows (chain_blocks) commit in one transaction, so a crash at any point resumes exactly
 * where the last commit left off: no gap, no duplicate.
 */
export async function indexStep(options: IndexerOptions): Promise<StepResult> {
  const { db, chain } = options;
  const { client } = chain;
  const cursor = await latestStored(options);
  if (cursor) {
    const canonical = await client.getBlock({ blockNumber: BigInt(cursor.number) }).catch(notFound);
    if (canonical?.hash !== cursor.hash) {
      const ancestor = await commonAncestor(options);
      await db.transaction((tx) => rollBackTo(tx, ancestor, options.now(), options.consumers));
      options.log.warn({ from: cursor.number, to: ancestor }, 'chain reorganised: rolled back to the common ancestor');
      return { reorgTo: ancestor };
    }
  }
  for (const consumer of options.consumers) await consumer.beforeStep?.(db, chain, options.now());
  const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
  const first = cursor ? cursor.number + 1 : options.startBlock;
  if (first > head) return null;
  const size = options.batchSize ?? 100;
  const finalized = await finalizedBlock(client);
  const range = (from: number) => ({ from, to: Math.min(head, from + size - 1), finalized });
  // Batches are read one after another, so each sees the collections the one before it found in its sales.
  const reader: RangeReader = {
    chain,
    collections: await TrackedCollections.load(db, chain.contracts),
    pools: new StoredPools(db, chain),
  };

  const done = { from: first, to: first - 1, sales: 0, transfers: 0 };
  let next: Promise<Batch | null> | null = readBatch(options, reader, range(first), cursor?.hash);
  try {
    for (let batches = 0; next && batches < MAX_BATCHES_PER_STEP; batches++) {
      const batch: Batch | null = await next;
      if (!batch) break;
      // Read and decode the next batch while the database writes this one: the two overlap on separate cores.
      next = batch.to < head ? readBatch(options, reader, range(batch.to + 1), batch.lastHash) : null;
      const stored = await db.transaction((tx) =>
        storeBlocks(tx, batch.headers, batch.events, options.now(), options.consumers, batch.transactions),
      );
      done.to = batch.to;
      done.sales += stored.sales;
      done.transfers += stored.transfers;
    }
  } finally {
    // A read left in flight by a failed write is dropped; the next step reads it again.
    next?.catch(() => {});
  }
  return done.to >= done.from ? done : null;
}

type Batch = {
  to: number;
  lastHash: string;
  headers: BlockHeader[];
  events: DecodedLogs;
  transactions: ChainTransaction[];
};

/** Bounds a step, so that stopping never waits for a long catch-up. */
const MAX_BATCHES_PER_STEP = 20;

/**
 * Reads and decodes blocks `from`..`to` (`readRange`, the backfill's reading too). The chain may move under us while
 * we read: a batch that does not chain onto `parent` or whose logs name other blocks reads as null, and the next
 * step reads it again.
 *
 * Headers (`getBlock`) are read only where reorg handling needs them: every block above the node's finalized block,
 * which may still be replaced, so the batch is one chain linked by parent hashes onto `parent` and its pending buys
 * leave the mempool; and the last block, the cursor the next step checks. A block at or below the finalized one
 * cannot be replaced: it is stored only when it has an event, with the hash and time its logs name (a header is read
 * where the node gives no `blockTimestamp`), and its parent is not read (`NOT_READ`).
 */
async function readBatch(
  { chain, log }: IndexerOptions,
  reader: RangeReader,
  { from, to, finalized }: { from: number; to: number; finalized: number },
  parent: string | undefined,
): Promise<Batch | null> {
  const { client } = chain;
  const linkedFrom = Math.max(from, finalized + 1);
  const numbers = linkedFrom <= to ? Array.from({ length: to - linkedFrom + 1 }, (_, i) => linkedFrom + i) : [to];
  const blocks = await Promise.all(numbers.map((number) => client.getBlock({ blockNumber: BigInt(number) })));
  let expected = linkedFrom === from ? parent : undefined;
  for (const block of blocks) {
    if (expected !== undefined && block.parentHash !== expected) return null;
    expected = block.hash ?? undefined;
  }
  const headers = new Map(blocks.map((block) => [Number(block.number), toHeader(block)]));
  const read = await readRange(reader, from, to);
  const logged = blocksOfLogs(read.logs);
  if (!logged.consistent) return null;
  for (const [number, { hash }] of logged.blocks) {
    const header = headers.get(number);
    if (header && header.hash !== hash) return null;
  }
  const hashOf = (number: number) => headers.get(number)?.hash ?? logged.blocks.get(number)?.hash;
  if (read.transactions.some((transaction) => hashOf(transaction.blockNumber) !== transaction.blockHash)) return null;
  const { times, headers: timed } = await blockTimes(
    chain,
    read.logs,
    new Map([...headers.values()].map((header) => [header.number, header.timestamp])),
  );
  for (const block of timed.values()) {
    if (block.hash !== logged.blocks.get(Number(block.number))?.hash) return null;
    headers.set(Number(block.number), toHeader(block));
  }
  for (const [number, { hash }] of logged.blocks) {
    if (headers.has(number)) continue;
    headers.set(number, { number, hash, parentHash: NOT_READ, timestamp: times.get(number)!, transactions: [] });
  }
  const events = read.events;
  if (events.malformed > 0) log.debug({ malformed: events.malformed, from, to }, 'skipped malformed logs');
  const sorted = [...headers.values()].toSorted((a, b) => a.number - b.number);
  const last = sorted.at(-1);
  if (!last) return null;
  return { to, lastHash: last.hash, headers: sorted, events, transactions: read.transactions };
}

/** The parent hash of a finalized block whose header was not read: nothing links to it, it cannot be replaced. */
const NOT_READ = zeroHash;

/** The node's finalized block; -1 where it names none (every block is then read as one that may be replaced). */
async function finalizedBlock(client: ChainClient): Promise<number> {
  try {
    const block = await client.getBlock({ blockTag: 'finalized' });
    return Number(block.number ?? -1);
  } catch {
    return -1;
  }
}

export type Indexer = { stop(): Promise<void> };

/** NOTIFYed with the head's number after each step that stored blocks: what follows the chain wakes on it. */
export const BLOCKS_CHANNEL = 'floordesk_blocks';

/** Any fixed 64-bit key ('floo'); every indexer of a database takes the same one. */
export const INDEXER_LOCK_KEY = 0x666c6f6fn;

/**
 * Follows the head: steps while there is work, then polls; after each step that stored blocks, derives the wallet
 * events they hold (notifications). Errors (an RPC timeout, a database restart) are logged
 * and retried with backoff up to 30 s; the cursor lives in the database, so nothing is lost. One writer per chain:
 * whoever holds the advisory lock INDEXER_LOCK_KEY (`writerLock` tries to take it), and a second indexer waits as a
 * standby.
 */
export function startIndexer(options: IndexerOptions & { writerLock: () => Promise<HeldLock | undefined> }): Indexer {
  const stopping = new AbortController();
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const run = async () => {
    let lock: HeldLock | undefined;
    let failures = 0;
    while (!stopping.signal.aborted) {
      try {
        lock ??= await options.writerLock();
        if (!lock) {
          await sleep(5000);
          continue;
        }
        const result = await indexStep(options);
        if (result && 'to' in result) {
          for (const consumer of options.consumers) await consumer.afterStep?.(options, result.to);
          await options.db.execute(sql`select pg_notify(${BLOCKS_CHANNEL}, ${String(result.to)})`);
        }
        failures = 0;
        if (result && 'to' in result && (result.sales > 0 || result.transfers > 0)) {
          options.log.debug(result, 'indexed');
        }
        if (result === null) await sleep(options.pollMs ?? 250);
      } catch (error) {
        failures++;
        const delay = Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
        options.log.warn({ err: error, retryInMs: delay }, 'indexer step failed');
        if (lock && failures > 3) {
          // The lock's connection may be what broke: take a fresh one.
          lock.discard();
          lock = undefined;
        }
        await sleep(delay);
      }
    }
    lock?.release();
  };
  const running = run();
  return {
    stop: async () => {
      stopping.abort();
      wake?.();
      await running;
    },
  };
}

async function latestStored({ db }: RoleContext): Promise<{ number: number; hash: string } | undefined> {
  const { rows } = await db.execute<{ number: string; hash: string }>(
    sql`select number, hash from chain_blocks order by number desc limit 1`,
  );
  const row = rows[0];
  return row ? { number: Number(row.number), hash: row.hash } : undefined;
}

/** Walks the stored blocks down until one is still on the chain; -1 when none is (a different chain). */
async function commonAncestor({ db, chain }: RoleContext): Promise<number> {
  const { rows } = await db.execute<{ number: string; hash: string }>(
    sql`select number, hash from chain_blocks order by number desc`,
  );
  for (const row of rows) {
    const block = await chain.client.getBlock({ blockNumber: BigInt(row.number) }).catch(notFound);
    if (block?.hash === row.hash) return Number(row.number);
  }
  return -1;
}

/** A block the node does not have (the chain is shorter now) reads as absent; other failures propagate. */
function notFound(error: unknown): undefined {
  if (error instanceof Error && error.name === 'BlockNotFoundError') return undefined;
  throw error;
}

function toHeader(block: Block): BlockHeader {
  if (block.hash === null || block.number === null) throw new Error('a pending block cannot be indexed');
  return {
    number: Number(block.number),
    hash: block.hash,
    parentHash: block.parentHash,
    timestamp: Number(block.timestamp),
    transactions: block.transactions as string[],
  };
}
