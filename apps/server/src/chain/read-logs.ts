import type { Hex } from 'viem';
import type { ChainContracts } from './chain-contracts';
import type { ChainClient } from './client';
import { decoderIndex } from './decoders/registry';

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
};

type LogFilter = { address?: Hex[]; topics: Hex[][] };

/**
 * The two filters the indexed events need: the events of the contracts the chain's table lists (exchanges, their
 * transfer managers and pool factories, the subscription contract), asked by address, and the events any contract may
 * emit (token transfers and approvals, AMM pools' swaps), asked by topic. An exchange's events are never asked by topic
 * alone: on mainnet that would return every contract's logs that share a signature.
 */
export function indexedLogFilters(contracts: ChainContracts): LogFilter[] {
  const addresses = new Set<Hex>();
  const addressTopics: Hex[] = [];
  const anyTopics: Hex[] = [];
  for (const [topic, decoders] of decoderIndex(contracts)) {
    if (decoders.byAddress.size > 0) addressTopics.push(topic as Hex);
    for (const address of decoders.byAddress.keys()) addresses.add(address as Hex);
    if (decoders.anyAddress) anyTopics.push(topic as Hex);
  }
  const filters: LogFilter[] = [];
  // An empty address list means any address to some nodes: a chain listing no contract asks for none of theirs.
  if (addresses.size > 0) filters.push({ address: [...addresses], topics: [addressTopics] });
  if (anyTopics.length > 0) filters.push({ topics: [anyTopics] });
  return filters;
}

/** The indexed logs of blocks `from`..`to`, in chain order, each once. */
export async function readIndexedLogs(
  client: ChainClient,
  contracts: ChainContracts,
  from: number,
  to: number,
): Promise<NodeLog[]> {
  const batches = await Promise.all(
    indexedLogFilters(contracts).map((filter) => getLogsSplitting(client, filter, from, to)),
  );
  const seen = new Set<string>();
  const logs: NodeLog[] = [];
  for (const log of batches.flat()) {
    const key = `${log.blockHash}:${log.logIndex}`;
    if (seen.has(key)) continue;
    seen.add(key);
    logs.push(log);
  }
  return logs.toSorted(
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
