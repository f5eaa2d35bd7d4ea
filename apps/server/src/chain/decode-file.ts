import type { Marketplace, SaleProtocol } from '@floordesk/protocol';
import { zeroAddress } from 'viem';
import type { ChainContracts } from './chain-contracts';
import { decodeLogs, NO_KNOWN_POOLS, type PoolRegistry, type RawLog, type SaleEvent } from './decode';

/** One NFT sold, as `npm run decode` prints it: decimal strings for amounts, lowercase addresses, ETH the zero address. */
export type DecodedSale = {
  tx_hash: string;
  log_index: number;
  protocol: SaleProtocol;
  marketplace: Marketplace;
  collection: string;
  token_id: string;
  amount: string;
  price_wei: string;
  currency: string;
  /** null where the logs do not name the party (a Blur v2 fill whose transfer the input lacks). */
  buyer: string | null;
  seller: string | null;
};

export type DecodedFile =
  { ok: true; sales: DecodedSale[]; logs: number; skipped: SkippedLogs } | { ok: false; error: string };

/** What the input held that is no sale, by reason. */
export type SkippedLogs = {
  /** Logs of a known event whose data does not have its layout. */
  malformed: number;
  /** Swaps of a contract no pool factory is known to have created. */
  foreign: number;
  /** Sales the logs give no price for (a sudoswap v1 pool paid in ETH). */
  unpriced: number;
  /** The same log (transaction and index) given again. */
  duplicate: number;
};

const HEX = /^0x[0-9a-fA-F]*$/;
const WORD = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const QUANTITY = /^0x[0-9a-fA-F]{1,16}$/;

/**
 * Decodes a JSON array of logs as `eth_getLogs` returns them (whole receipts, several transactions mixed) with the
 * indexer's own decoders, into one row per NFT sold, in chain order. A wrong entry is named, and nothing is decoded.
 */
export function decodeLogFile(
  text: string,
  contracts: ChainContracts,
  pools: PoolRegistry = NO_KNOWN_POOLS,
): DecodedFile {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON: ${(error as Error).message}` };
  }
  if (!Array.isArray(input)) return { ok: false, error: 'expected a JSON array of logs' };
  const logs: RawLog[] = [];
  const seen = new Set<string>();
  let duplicate = 0;
  for (const [index, entry] of input.entries()) {
    const log = readLog(entry);
    if (typeof log === 'string') return { ok: false, error: `entry ${index}: ${log}` };
    const key = `${log.transactionHash}:${log.logIndex}`;
    if (seen.has(key)) {
      duplicate++;
      continue;
    }
    seen.add(key);
    logs.push(log);
  }
  const decoded = decodeLogs(logs, contracts, pools);
  const sales = decoded.sales.toSorted(inChainOrder).map(printed);
  const { malformed, foreign, unpriced } = decoded;
  return { ok: true, sales, logs: input.length, skipped: { malformed, foreign, unpriced, duplicate } };
}

/** The log an entry is, or what is wrong with it. */
function readLog(entry: unknown): RawLog | string {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return 'not a log object';
  const { address, topics, data, blockNumber, transactionHash, logIndex } = entry as Record<string, unknown>;
  if (typeof address !== 'string' || !ADDRESS.test(address)) return 'address is not a 20-byte hex address';
  if (
    !Array.isArray(topics) ||
    topics.length > 4 ||
    !topics.every((topic) => typeof topic === 'string' && WORD.test(topic))
  ) {
    return 'topics is not a list of at most four 32-byte hex words';
  }
  if (typeof data !== 'string' || !HEX.test(data) || data.length % 2 !== 0) return 'data is not hex bytes';
  if (typeof transactionHash !== 'string' || !WORD.test(transactionHash))
    return 'transactionHash is not a 32-byte hex hash';
  const block = quantity(blockNumber);
  if (block === undefined) return 'blockNumber is not a block number (a hex quantity or an integer)';
  const index = quantity(logIndex);
  if (index === undefined) return 'logIndex is not a log index (a hex quantity or an integer)';
  return {
    address: address.toLowerCase(),
    topics: topics.map((topic: string) => topic.toLowerCase()),
    data: data.toLowerCase(),
    blockNumber: block,
    transactionHash: transactionHash.toLowerCase(),
    logIndex: index,
  };
}

function quantity(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value === 'string' && QUANTITY.test(value)) return Number(value);
  return undefined;
}

function inChainOrder(a: SaleEvent, b: SaleEvent): number {
  return a.blockNumber - b.blockNumber || a.logIndex - b.logIndex || a.itemIndex - b.itemIndex;
}

/** A party the logs do not name is decoded as the zero address, printed as unknown. */
function party(address: string): string | null {
  return address === zeroAddress ? null : address;
}

function printed(sale: SaleEvent): DecodedSale {
  return {
    tx_hash: sale.txHash,
    log_index: sale.logIndex,
    protocol: sale.protocol,
    // A Seaport order no marketplace of the chain claims is an OpenSea-style order (the spec's order_way 1 or 5).
    marketplace: sale.marketplace ?? 'opensea',
    collection: sale.collection,
    token_id: sale.tokenId.toString(),
    amount: sale.amount.toString(),
    price_wei: sale.priceWei.toString(),
    currency: sale.paymentToken,
    buyer: party(sale.buyer),
    seller: party(sale.seller),
  };
}
