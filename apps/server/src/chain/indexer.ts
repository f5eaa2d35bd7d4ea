import type { Logger } from 'pino';
import type { Pool, PoolClient } from 'pg';
import type { Block } from 'viem';
import { withTransaction } from '../db/pool';
import type { ChainAccess } from './client';
import { decodeLogs, type RawLog } from './decode';
import { SEAPORT_TOPICS, TOKEN_TOPICS } from './events';
import { type BlockHeader, rollBackTo, storeBlocks } from './store';

export type IndexerOptions = {
  pool: Pool;
  chain: ChainAccess;
  now: () => Date;
  log: Logger;
  /** Where an empty index starts. */
  startBlock: number;
  /** Blocks per batch (one getLogs call, one database transaction). */
  batchSize?: number;
  pollMs?: number;
};

export type StepResult = { from: number; to: number; sales: number; transfers: number } | { reorgTo: number } | null;

/** Blocks kept in chain_blocks: a reorg deeper than this rolls back to the oldest kept block. */
const KEPT_BLOCKS = 1000;
const ALL_TOPICS = [[...SEAPORT_TOPICS, ...TOKEN_TOPICS]] as [`0x${string}`[]];

/**
 * One step of the indexer: undo a reorg if the stored cursor is no longer on the chain, else ingest the next batch
 * of blocks. The cursor (chain_blocks) and the batch's rows commit in one transaction, so a crash at any point
 * resumes exactly where the last commit left off: no gap, no duplicate.
 */
export async function indexStep(options: IndexerOptions): Promise<StepResult> {
  const { pool, chain } = options;
  const { client } = chain;
  const cursor = await latestStored(pool);
  if (cursor) {
    const canonical = await client.getBlock({ blockNumber: BigInt(cursor.number) }).catch(notFound);
    if (canonical?.hash !== cursor.hash) {
      const ancestor = await commonAncestor(options);
      await withTransaction(pool, (db) => rollBackTo(db, ancestor, options.now()));
      options.log.warn({ from: cursor.number, to: ancestor }, 'chain reorganised: rolled back to the common ancestor');
      return { reorgTo: ancestor };
    }
  }
  const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
  const from = cursor ? cursor.number + 1 : options.startBlock;
  if (from > head) return null;
  const to = Math.min(head, from + (options.batchSize ?? 100) - 1);

  const blocks = await Promise.all(
    Array.from({ length: to - from + 1 }, (_, i) => client.getBlock({ blockNumber: BigInt(from + i) })),
  );
  // The chain may move under us while we read; a batch that does not chain together is simply read again.
  let parent = cursor?.hash;
  for (const block of blocks) {
    if (parent !== undefined && block.parentHash !== parent) return null;
    parent = block.hash ?? undefined;
  }
  const headers = blocks.map(toHeader);
  const hashes = new Map(headers.map((header) => [header.number, header.hash]));
  const logs = await client.request({
    method: 'eth_getLogs',
    params: [{ fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}`, topics: ALL_TOPICS }],
  });
  if (logs.some((log) => hashes.get(Number(log.blockNumber)) !== log.blockHash || log.removed)) return null;

  const decoded = decodeLogs(logs as unknown as RawLog[], chain.contracts);
  if (decoded.malformed > 0) options.log.debug({ malformed: decoded.malformed, from, to }, 'skipped malformed logs');
  const summary = await withTransaction(pool, async (db) => {
    const stored = await storeBlocks(db, headers, decoded, options.now());
    await db.query('delete from chain_blocks where number < $1', [to - KEPT_BLOCKS]);
    return stored;
  });
  return { from, to, sales: summary.sales, transfers: summary.transfers };
}

export type Indexer = { stop(): Promise<void> };

/**
 * Follows the head: steps while there is work, then polls. Errors (an RPC timeout, a database restart) are logged
 * and retried with backoff up to 30 s; the cursor lives in the database, so nothing is lost. One writer per chain:
 * a PostgreSQL advisory lock elects it, and a second indexer waits as a standby.
 */
export function startIndexer(options: IndexerOptions): Indexer {
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
    let lock: PoolClient | undefined;
    let failures = 0;
    while (!stopping.signal.aborted) {
      try {
        lock ??= await acquireWriterLock(options.pool);
        if (!lock) {
          await sleep(5000);
          continue;
        }
        const result = await indexStep(options);
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
          lock.release(true);
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

const WRITER_LOCK_KEY = 0x666c6f6f; // 'floo'

async function acquireWriterLock(pool: Pool): Promise<PoolClient | undefined> {
  const client = await pool.connect();
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
    WRITER_LOCK_KEY,
  ]);
  if (rows[0]?.locked) return client;
  client.release();
  return undefined;
}

async function latestStored(pool: Pool): Promise<{ number: number; hash: string } | undefined> {
  const { rows } = await pool.query<{ number: string; hash: string }>(
    'select number, hash from chain_blocks order by number desc limit 1',
  );
  const row = rows[0];
  return row ? { number: Number(row.number), hash: row.hash } : undefined;
}

/** Walks the stored blocks down until one is still on the chain; -1 when none is (a different chain). */
async function commonAncestor({ pool, chain }: IndexerOptions): Promise<number> {
  const { rows } = await pool.query<{ number: string; hash: string }>(
    'select number, hash from chain_blocks order by number desc',
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
