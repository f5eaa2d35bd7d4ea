import type { Marketplace, SaleProtocol } from '@floordesk/protocol';
import type { ChainContracts } from './chain-contracts';
import { MalformedLog } from './decoders/abi-words';
import { decoderIndex } from './decoders/registry';

/** A log as JSON-RPC returns it (viem's `Log`, reduced to what decoding needs). */
export type RawLog = {
  address: string;
  topics: readonly string[];
  data: string;
  blockNumber: bigint | number | string;
  transactionHash: string;
  logIndex: number | string;
};

type LogRef = { blockNumber: number; txHash: string; logIndex: number };

/** A log being decoded: where it is, its emitter (lowercased), and its topics and data as the node gave them. */
export type LogAt = LogRef & { address: string; topics: readonly string[]; data: string };

/** Reads one event's log into the batch's accumulator; throws `MalformedLog` on a layout it cannot read. */
export type EventDecoder = (log: LogAt, out: DecodedLogs, context: DecodeContext) => void;

/** What a decoder may use beyond its log. */
export type DecodeContext = {
  contracts: ChainContracts;
  /**
   * Finishes a sale its log tells only in part from the other logs of its transaction, once the whole input is read
   * (Blur v2's packed events name one party, sudoswap v1's swaps neither the tokens nor the price).
   */
  afterTransaction: (txHash: string, complete: TransactionDecoder) => void;
  /** Whether an AMM pool is one its protocol's factory created (`PoolRegistry`). */
  pools: PoolRegistry;
};

/** The logs of one transaction, and the NFT transfers decoded from them. */
export type TransactionLogs = { logs: readonly LogAt[]; transfers: readonly TransferEvent[] };

/** Reads what a transaction's other logs tell; throws `MalformedLog` as an event decoder does. */
export type TransactionDecoder = (tx: TransactionLogs, out: DecodedLogs) => void;

/**
 * The pools a factory is known to have created, beyond those whose creation the input itself holds: anyone can
 * deploy a contract that emits a pool's events, so a swap counts only from a pool the factory vouches for.
 */
export type PoolRegistry = { has(protocol: SaleProtocol, pool: string): boolean };

/** No pool is known but those created in the input. */
export const NO_KNOWN_POOLS: PoolRegistry = { has: () => false };

/** One decoder file's events, by topic0. */
export type EventDecoders = Readonly<Record<string, EventDecoder>>;

/** An NFT a pending transaction would buy. */
export type FillTarget = { collection: string; tokenId: bigint };

/** The NFTs a pending call to an exchange would buy, read from its calldata; none for anything else it might do. */
export type FillTargets = (input: `0x${string}`) => FillTarget[];

export type SaleEvent = LogRef & {
  itemIndex: number;
  protocol: SaleProtocol;
  collection: string;
  tokenId: bigint;
  amount: bigint;
  priceWei: bigint;
  paymentToken: string;
  buyer: string;
  seller: string;
  marketplace: Marketplace | null;
  orderHash: string;
  /** What the seller received for this item, after marketplace fee and royalty. */
  proceedsWei: bigint;
};

export type TransferEvent = LogRef & {
  itemIndex: number;
  collection: string;
  tokenId: bigint;
  amount: bigint;
  from: string;
  to: string;
  standard: 'erc721' | 'erc1155';
};

/** A subscription payment: the contract's `Subscribed` event. */
export type PaymentEvent = LogRef & { payer: string; quoteId: string; plan: number; priceWei: bigint };

export type DecodedLogs = {
  sales: SaleEvent[];
  transfers: TransferEvent[];
  /** Orders filled (any fill, sale or not), cancelled, and counters bumped, each on the exchange that emitted it. */
  fills: Array<LogRef & { exchange: string; orderHash: string }>;
  cancels: Array<LogRef & { exchange: string; orderHash: string }>;
  /** A global nonce bumped: Seaport's counter, LooksRare's ask nonce; listings signed with a lower one end. */
  counters: Array<LogRef & { exchange: string; offerer: string; newCounter: bigint }>;
  /**
   * LooksRare's order and subset nonces: cancelled by their signer, or an order nonce spent by a trade, which ends
   * every other listing of that signer sharing it.
   */
  nonces: Array<
    LogRef & { exchange: string; offerer: string; kind: 'order' | 'subset'; nonce: bigint; cancelled: boolean }
  >;
  approvals: Array<LogRef & { collection: string; owner: string; operator: string; approved: boolean }>;
  /**
   * A seller taking back an exchange's use of a transfer manager they approved collections to (LooksRare's
   * ApprovalsRemoved): their listings on that exchange moving NFTs through that manager can no longer fill.
   */
  revokedGrants: Array<LogRef & { manager: string; owner: string; exchange: string }>;
  metadataUpdates: Array<LogRef & { collection: string; fromTokenId: bigint; toTokenId: bigint }>;
  payments: PaymentEvent[];
  /** AMM pools their protocol's factory created (sudoswap's `NewPair`): swaps count from these. */
  pools: Array<LogRef & { protocol: SaleProtocol; pool: string }>;
  /** Logs with an indexed signature but not its layout (a non-standard contract); skipped, never fatal. */
  malformed: number;
  /** Swaps emitted by contracts no pool factory vouches for: anyone can emit a pool's events. Skipped. */
  foreign: number;
  /** Sales whose price the logs do not hold (a sudoswap v1 pool paid in ETH moves it without a log). Skipped. */
  unpriced: number;
};

/** A batch with nothing in it yet. */
export function noDecodedLogs(): DecodedLogs {
  return {
    sales: [],
    transfers: [],
    fills: [],
    cancels: [],
    counters: [],
    nonces: [],
    approvals: [],
    revokedGrants: [],
    metadataUpdates: [],
    payments: [],
    pools: [],
    malformed: 0,
    foreign: 0,
    unpriced: 0,
  };
}

/**
 * Decodes the indexed events into one accumulator: each log goes to the decoder of its emitter and topic0 (an
 * exchange's protocol file, the subscription contract's), else to the token decoders, which read any contract. Rows
 * are built field by field (object spreads cost a third of the decode time); tests hold every decoder to viem's
 * encoder.
 */
export function decodeLogs(
  logs: readonly RawLog[],
  contracts: ChainContracts,
  pools: PoolRegistry = NO_KNOWN_POOLS,
): DecodedLogs {
  const out = noDecodedLogs();
  decodeInto(out, logs, contracts, pools);
  return out;
}

/** Logs decoded in one turn of the event loop: about ten milliseconds of decoding. */
const LOGS_PER_TURN = 1_000;

/**
 * `decodeLogs` for a batch that is read while the previous one is written (the indexer, the backfill): a batch is
 * tens of thousands of logs, a tenth of a second of decoding, during which a synchronous decode would hold back the
 * database's next statement. This one hands the event loop back every thousand logs or so, at a block boundary, so
 * a transaction's logs (which some decoders read together) stay in one turn. Logs out of chain order are decoded in
 * one turn: only in chain order does a block boundary end every transaction before it.
 */
export async function decodeLogsInTurns(
  logs: readonly RawLog[],
  contracts: ChainContracts,
  pools: PoolRegistry = NO_KNOWN_POOLS,
): Promise<DecodedLogs> {
  const out = noDecodedLogs();
  const blocks = logs.map((log) => Number(log.blockNumber));
  const inChainOrder = blocks.every((block, i) => i === 0 || block >= blocks[i - 1]!);
  let start = 0;
  while (start < logs.length) {
    let end = inChainOrder ? Math.min(start + LOGS_PER_TURN, logs.length) : logs.length;
    while (end < logs.length && blocks[end] === blocks[end - 1]) end++;
    decodeInto(out, logs.slice(start, end), contracts, pools);
    start = end;
    if (start < logs.length) await new Promise((resolve) => setImmediate(resolve));
  }
  return out;
}

/** Decodes `logs`, whole transactions, into `out`, which may already hold earlier logs' events (and pools). */
function decodeInto(out: DecodedLogs, logs: readonly RawLog[], contracts: ChainContracts, pools: PoolRegistry): void {
  const index = decoderIndex(contracts);
  const later: Array<{ txHash: string; complete: TransactionDecoder }> = [];
  const context: DecodeContext = {
    contracts,
    afterTransaction: (txHash, complete) => later.push({ txHash, complete }),
    pools,
  };
  const transfersBefore = out.transfers.length;
  for (const log of logs) {
    const decoders = index.get(log.topics[0] ?? '');
    if (decoders === undefined) continue;
    const address = log.address.toLowerCase();
    const decode = decoders.byAddress.get(address) ?? decoders.anyAddress;
    if (!decode) continue;
    skipMalformed(out, () => decode(logAt(log, address), out, context));
  }
  if (later.length > 0) completeTransactions(logs, out, out.transfers.slice(transfersBefore), later);
}

function logAt(log: RawLog, address = log.address.toLowerCase()): LogAt {
  return {
    // JSON-RPC gives these as hex strings; Number() reads both those and numbers.
    blockNumber: Number(log.blockNumber),
    txHash: log.transactionHash.toLowerCase(),
    logIndex: Number(log.logIndex),
    address,
    topics: log.topics,
    data: log.data,
  };
}

function skipMalformed(out: DecodedLogs, decode: () => void): void {
  try {
    decode();
  } catch (error) {
    if (!(error instanceof MalformedLog)) throw error;
    out.malformed++;
  }
}

/** Hands each waiting decoder its transaction's logs, gathered for those transactions alone. */
function completeTransactions(
  logs: readonly RawLog[],
  out: DecodedLogs,
  transfers: readonly TransferEvent[],
  later: ReadonlyArray<{ txHash: string; complete: TransactionDecoder }>,
): void {
  const transactions = new Map<string, { logs: LogAt[]; transfers: TransferEvent[] }>();
  for (const { txHash } of later) transactions.set(txHash, { logs: [], transfers: [] });
  for (const log of logs) transactions.get(log.transactionHash.toLowerCase())?.logs.push(logAt(log));
  for (const transfer of transfers) transactions.get(transfer.txHash)?.transfers.push(transfer);
  for (const { txHash, complete } of later) {
    const tx = transactions.get(txHash)!;
    skipMalformed(out, () => complete(tx, out));
  }
}
