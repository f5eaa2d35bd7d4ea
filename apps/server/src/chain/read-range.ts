import type { SaleProtocol } from '@floordesk/protocol';
import { type Block, type Log, toHex, type TransactionReceipt } from 'viem';
import type { ChainAccess } from './client';
import { mapLimited } from '../map-limited';
import { type DecodedLogs, decodeLogsInTurns, type RawLog } from './decode';
import { poolSwapTopics } from './decoders/registry';
import type { StoredPools } from './pool-registry';
import { mergeLogs, type NodeLog, readFilters, readIndexedLogs, tokenLogFilters } from './read-logs';
import type { TrackedCollections } from './tracked-collections';
import { type ChainTransaction, readTransactions, transactionsBehind } from './transactions';

/** What reading a range needs beyond the node: the collections tracked and the pools known, both grown by reading. */
export type RangeReader = { chain: ChainAccess; collections: TrackedCollections; pools: StoredPools };

/** One range of blocks read and decoded: what the live indexer and the backfill both store. */
export type RangeRead = {
  from: number;
  to: number;
  /** Every log read: the filters' and the marketplace transactions' receipts', in chain order, each once. */
  logs: NodeLog[];
  events: DecodedLogs;
  /** The transactions behind the range's sales and mints. */
  transactions: ChainTransaction[];
  /** The collections whose token events were read over the whole range. */
  collections: ReadonlySet<string>;
  /** The receipts read, by lowercased hash. */
  receipts: ReadonlyMap<string, TransactionReceipt>;
};

/** Receipts asked at once: the client sends them in one JSON-RPC batch, which providers cap. */
const RECEIPTS_AT_ONCE = 20;

/**
 * Reads and decodes blocks `from`..`to`, one piece of code for the live indexer and the backfill:
 * 1. the range's logs (`readIndexedLogs`): the listed contracts', the tracked collections' token events, pool swaps;
 * 2. pools: those the factory announced are stored, and each unknown pool that swapped is asked of its factory once
 *    (`StoredPools`);
 * 3. the receipts of the marketplace transactions (a sale, a swap from a factory's pool), one
 *    `eth_getTransactionReceipt` each, a few at a time: their logs hold what decoding needs beyond the filters, the
 *    NFT transfers of collections not tracked yet (Blur v2's taker, sudoswap's tokens) and the ERC-20 payments (a
 *    sudoswap v1 price), and the receipt is the transaction's gas and sender as well;
 * 4. collections first seen in the range's sales are tracked from now on, and their token events over the whole
 *    range read by their addresses, so their later transfers are in;
 * 5. token events are kept for tracked collections only (a receipt may hold any contract's).
 */
export async function readRange(reader: RangeReader, from: number, to: number): Promise<RangeRead> {
  const collections = reader.collections.snapshot();
  const logs = await readIndexedLogs(reader.chain.client, reader.chain.contracts, from, to, collections);
  return complete(reader, { from, to, logs, collections, receipts: new Map() });
}

/**
 * `read` with the token events of the collections tracked since it was read (another range read at the same time
 * found them in its sales): ranges read concurrently are completed this way, in order, before they are stored.
 */
export async function withLateCollections(reader: RangeReader, read: RangeRead): Promise<RangeRead> {
  const late = [...reader.collections.snapshot()].filter((collection) => !read.collections.has(collection));
  if (late.length === 0) return read;
  const more = await readFilters(reader.chain.client, tokenLogFilters(late), read.from, read.to);
  return complete(reader, {
    ...read,
    logs: mergeLogs([...read.logs, ...more]),
    collections: new Set([...read.collections, ...late]),
  });
}

type Reading = Pick<RangeRead, 'from' | 'to' | 'logs' | 'collections' | 'receipts'>;

async function complete(reader: RangeReader, reading: Reading): Promise<RangeRead> {
  const { chain, pools } = reader;
  const { client, contracts } = chain;
  const { from, to } = reading;
  let logs = reading.logs;
  const decode = () => decodeLogsInTurns(logs as unknown as RawLog[], contracts, pools.known());

  const first = await decode();
  const swaps = poolSwaps(logs, poolSwapTopics(contracts));
  await pools.learn(
    first.pools.map(({ protocol, pool, blockNumber }) => ({ protocol, pool, blockNumber })),
    swaps,
  );
  const known = pools.known();
  const market = new Set(first.sales.map((sale) => sale.txHash));
  for (const swap of swaps) if (known.has(swap.protocol, swap.pool)) market.add(swap.txHash);

  const receipts = new Map(reading.receipts);
  const unread = [...market].filter((hash) => !receipts.has(hash));
  const read = await mapLimited(unread, RECEIPTS_AT_ONCE, (hash) =>
    client.getTransactionReceipt({ hash: hash as `0x${string}` }),
  );
  read.forEach((receipt, i) => receipts.set(unread[i]!, receipt));
  logs = mergeLogs([...logs, ...[...market].flatMap((hash) => receipts.get(hash)!.logs.map(nodeLog))]);
  let events = await decode();

  let collections = reading.collections;
  const discovered = [...new Set(events.sales.map((sale) => sale.collection))].filter(
    (collection) => !collections.has(collection),
  );
  if (discovered.length > 0) {
    const more = await readFilters(client, tokenLogFilters(discovered), from, to);
    logs = mergeLogs([...logs, ...more]);
    collections = new Set([...collections, ...discovered]);
    reader.collections.add(discovered);
    events = await decode();
  }
  keepCollections(events, collections);
  const transactions = await readTransactions(client, transactionsBehind(events), receipts);
  return { from, to, logs, events, transactions, collections, receipts };
}

/** The swaps in `logs`: each pool (its emitter) and transaction. */
function poolSwaps(
  logs: readonly NodeLog[],
  topics: ReadonlyMap<string, SaleProtocol>,
): Array<{ protocol: SaleProtocol; pool: string; txHash: string }> {
  const swaps: Array<{ protocol: SaleProtocol; pool: string; txHash: string }> = [];
  for (const log of logs) {
    const protocol = topics.get(log.topics[0] ?? '');
    if (protocol) swaps.push({ protocol, pool: log.address.toLowerCase(), txHash: log.transactionHash.toLowerCase() });
  }
  return swaps;
}

/** Drops the token events of collections not tracked: a marketplace transaction's receipt holds any contract's. */
function keepCollections(events: DecodedLogs, collections: ReadonlySet<string>): void {
  events.transfers = events.transfers.filter((transfer) => collections.has(transfer.collection));
  events.approvals = events.approvals.filter((approval) => collections.has(approval.collection));
  events.metadataUpdates = events.metadataUpdates.filter((update) => collections.has(update.collection));
}

/** A receipt's log as `eth_getLogs` gives it. */
function nodeLog(log: Log): NodeLog {
  const { blockTimestamp } = log as Log & { blockTimestamp?: bigint };
  return {
    address: log.address,
    topics: [...log.topics],
    data: log.data,
    blockNumber: toHex(log.blockNumber ?? 0n),
    blockHash: log.blockHash ?? '0x',
    transactionHash: log.transactionHash ?? '0x',
    logIndex: toHex(log.logIndex ?? 0),
    removed: log.removed,
    ...(blockTimestamp != null && { blockTimestamp: toHex(blockTimestamp) }),
  };
}

/**
 * Each block that has a log, with the hash its logs name, and its time (unix seconds) where the node gives it in the
 * logs (`blockTimestamp`). `consistent` is false when two logs of one block name different hashes, or one is
 * removed: the chain moved under the read.
 */
export function blocksOfLogs(logs: readonly NodeLog[]): {
  blocks: Map<number, { hash: string; timestamp?: number }>;
  consistent: boolean;
} {
  const blocks = new Map<number, { hash: string; timestamp?: number }>();
  let consistent = true;
  for (const log of logs) {
    const number = Number(log.blockNumber);
    const found = blocks.get(number);
    if (log.removed || (found && found.hash !== log.blockHash)) consistent = false;
    const timestamp = log.blockTimestamp === undefined ? found?.timestamp : Number(log.blockTimestamp);
    blocks.set(number, { hash: found?.hash ?? log.blockHash, timestamp });
  }
  return { blocks, consistent };
}

/**
 * The time (unix seconds) of each block that has a log: from the logs where the node gives it, else from `known`
 * (headers already read), else from one `getBlock` per such block (returned in `headers`), never one for every block
 * of the range.
 */
export async function blockTimes(
  chain: ChainAccess,
  logs: readonly NodeLog[],
  known: ReadonlyMap<number, number> = new Map(),
): Promise<{ times: Map<number, number>; headers: Map<number, Block> }> {
  const times = new Map<number, number>();
  const untimed: number[] = [];
  for (const [number, { timestamp }] of blocksOfLogs(logs).blocks) {
    const time = timestamp ?? known.get(number);
    if (time === undefined) untimed.push(number);
    else times.set(number, time);
  }
  const read = await mapLimited(untimed, RECEIPTS_AT_ONCE, (number) =>
    chain.client.getBlock({ blockNumber: BigInt(number) }),
  );
  const headers = new Map<number, Block>();
  read.forEach((header, i) => {
    times.set(untimed[i]!, Number(header.timestamp));
    headers.set(untimed[i]!, header);
  });
  return { times, headers };
}
