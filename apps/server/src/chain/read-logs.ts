import type { Hex } from 'viem';
import type { ChainContracts } from './chain-contracts';
import type { ChainClient } from './client';
import { decoderIndex, poolSwapTopics } from './decoders/registry';
import { TOKEN_TOPICS } from './decoders/tokens';

/** A log as `eth_getLogs` returns it, hex quantities as they come. */
export type NodeLog = {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  logIndex: Hex;
  removed?: boolean;
  /** The block's time (unix seconds, hex), which newer nodes add to each log. */
  blockTimestamp?: Hex;
};

export type LogFilter = { address?: Hex[]; topics: Hex[][] };

/** Collections per token-event filter: a long address list is split so no request grows past providers' limits. */
const COLLECTIONS_PER_FILTER = 500;

/**
 * The filters the indexed events need, each asked by address but one: the events of the contracts the chain's table
 * lists (exchanges, their transfer managers and pool factories, the subscription contract); the token events
 * (ERC-721/1155 transfers and approvals, ERC-4906 metadata updates) of `collections` only, the collections tracked;
 * and AMM pools' swaps, the one filter by topic alone, since a pool is a clone at an address no table lists (each
 * swap then counts only from a pool its factory vouches for). No event is asked by a topic any contract emits:
 * `Transfer` alone would return every ERC-20 transfer of the chain and hit providers' result caps.
 */
export function indexedLogFilters(contracts: ChainContracts, collections: Iterable<string>): LogFilter[] {
  const addresses = new Set<Hex>();
  const addressTopics: Hex[] = [];
  const swapTopics = poolSwapTopics(contracts);
  for (const [topic, decoders] of decoderIndex(contracts)) {
    if (decoders.byAddress.size > 0) addressTopics.push(topic as Hex);
    for (const address of decoders.byAddress.keys()) addresses.add(address as Hex);
  }
  const filters: LogFilter[] = [];
  // An empty address list means any address to some nodes: a chain listing no contract asks for none of theirs.
  if (addresses.size > 0) filters.push({ address: [...addresses], topics: [addressTopics] });
  if (swapTopics.size > 0) filters.push({ topics: [[...swapTopics.keys()] as Hex[]] });
  filters.push(...tokenLogFilters(collections));
  return filters;
}

/** The token events of `collections`, by their addresses; none for none. */
export function tokenLogFilters(collections: Iterable<string>): LogFilter[] {
  const addresses = [...new Set(collections)] as Hex[];
  const filters: LogFilter[] = [];
  for (let i = 0; i < addresses.length; i += COLLECTIONS_PER_FILTER) {
    filters.push({ address: addresses.slice(i, i + COLLECTIONS_PER_FILTER), topics: [TOKEN_TOPICS as Hex[]] });
  }
  return filters;
}

/** The indexed logs of blocks `from`..`to` (`indexedLogFilters`), in chain order, each once. */
export async function readIndexedLogs(
  client: ChainClient,
  contracts: ChainContracts,
  from: number,
  to: number,
  collections: Iterable<string>,
): Promise<NodeLog[]> {
  return readFilters(client, indexedLogFilters(contracts, collections), from, to);
}

/** The logs of `filters` over `from`..`to`, merged in chain order, each once. */
export async function readFilters(
  client: ChainClient,
  filters: readonly LogFilter[],
  from: number,
  to: number,
): Promise<NodeLog[]> {
  const batches = await Promise.all(filters.map((filter) => getLogsSplitting(client, filter, from, to)));
  return mergeLogs(batches.flat());
}

/** Logs in chain order, each once (two filters, or a filter and a receipt, may return the same log). */
export function mergeLogs(logs: readonly NodeLog[]): NodeLog[] {
  const seen = new Set<string>();
  const merged: NodeLog[] = [];
  for (const log of logs) {
    const key = `${log.blockHash}:${Number(log.logIndex)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(log);
  }
  return merged.toSorted(
    (a, b) => Number(a.blockNumber) - Number(b.blockNumber) || Number(a.logIndex) - Number(b.logIndex),
  );
}

/**
 * Providers cap a log query by its range or the size of its answer (Infura's 10,000 results, Alchemy's 2,000 blocks
 * or 150 MB, and their kin); their refusals say so in words like these.
 */
const REFUSED_AS_TOO_LARGE =
  /range|too (many|large|big|wide)|exceed|limit|max(imum)? .*(results|blocks|logs)|response size|query returned more than/i;

/**
 * `eth_getLogs` over `from`..`to`, halving the range each time the provider refuses it as too large, down to a single
 * block (whose refusal is then the caller's error). Other failures are not retried here: the indexer's step retries
 * them with backoff.
 */
export async function getLogsSplitting(
  client: ChainClient,
  filter: LogFilter,
  from: number,
  to: number,
): Promise<NodeLog[]> {
  try {
    const logs = await client.request({
      method: 'eth_getLogs',
      params: [{ ...filter, fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` }],
    });
    return logs as unknown as NodeLog[];
  } catch (error) {
    if (from >= to || !refusedAsTooLarge(error)) throw error;
    const middle = Math.floor((from + to) / 2);
    const [low, high] = await Promise.all([
      getLogsSplitting(client, filter, from, middle),
      getLogsSplitting(client, filter, middle + 1, to),
    ]);
    return [...low, ...high];
  }
}

/** A rate limit is no reason to ask more often: those failures go back to the caller's backoff. */
const RATE_LIMITED = /rate|too many requests|429|throttl|capacity/i;

/** A failure's words: viem puts the node's own message in `details`. */
function wordsOf(cause: Error): string {
  return `${cause.message} ${String((cause as { details?: unknown }).details ?? '')}`;
}

function refusedAsTooLarge(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (RATE_LIMITED.test(wordsOf(cause))) return false;
  }
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (REFUSED_AS_TOO_LARGE.test(wordsOf(cause)) || (cause as { code?: unknown }).code === -32005) return true;
  }
  return false;
}
