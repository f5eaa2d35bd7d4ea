import { setTimeout as sleep } from 'node:timers/promises';
import {
  EXCHANGE_PROTOCOLS,
  type GasEntry,
  gasLimit,
  normalizeAddress,
  pendingItems,
  planItemOf,
  presetFees,
  Status,
  type SweepOrderData,
  type SweepQuoteData,
  type SweepQuotePart,
  type SweepQuoteRequest,
  sweepItemStatusCode,
  sweepOutcomeCode,
} from '@floordesk/protocol';
import {
  type Address,
  BaseError,
  type Hex,
  keccak256,
  type Transaction,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { z } from 'zod';
import type { ChainAccess } from '../../chain/client';
import type { AppContext } from '../../context';
import { fulfillmentSignatures } from '../../market/connectors/fulfillment';
import { planSweep } from '../../market/sweep-planner';
import { ownWallets } from '../wallets/service';
import { ok, refuse, type Result } from '../../result';
import { premiumRefusal } from '../billing/service';
import { sweepOutcome } from './outcome';
import {
  findSweepCollection,
  findSweepOrder,
  insertSweepOrders,
  markSent,
  markSettled,
  type SweepOrderRow,
  sweepListings,
  tokenImages,
} from './store';
import { currentExchange } from '../../chain/chain-contracts';

/** A quote request as the endpoint's schema parsed it (addresses and ids lowercased). */
export type SweepQuote = z.output<typeof SweepQuoteRequest>;

/**
 * Listings read for a sweep of `count`: skipped ones (duplicates, pending, flagged, own, unfillable) and spares
 * come out of the same rows, so generously more than `count`, yet few enough to read in one short query.
 */
const candidateLimit = (count: number) => count * 4 + 60;

/**
 * Plans, simulates and prices a sweep for `buyer`, and records it as quoted: the transaction to send, the items it
 * buys, spares and skips; a plan across protocols as two sweeps, the second in `next`. Refusals, in this order: 1401
 * not premium (1919 once a trial ran out), 1405 another chain, 1299 no chain, 1301 unknown collection, 1402 not
 * ERC-721, 1403 nothing to buy, 1515 above `max_total`, 1408 balance too low.
 */
export async function quoteSweep(ctx: AppContext, buyer: string, request: SweepQuote): Promise<Result<SweepQuoteData>> {
  const user = normalizeAddress(buyer);
  const notPremium = await premiumRefusal(ctx, user);
  if (notPremium) return refuse(notPremium);
  if (request.chain_id !== ctx.config.chainId) return refuse(Status.SweepWrongChain);
  const chain = ctx.chain;
  if (!chain) return refuse(Status.ChainUnavailable);

  const now = ctx.now();
  const single = request.order_id !== undefined;
  const [collection, own, listings] = await Promise.all([
    findSweepCollection(ctx.db, request.collection),
    ownWallets(ctx.db, user),
    sweepListings(ctx.db, request.collection, {
      now,
      marketplaces: request.marketplaces,
      ...(single && { orderId: request.order_id }),
      limit: candidateLimit(request.count),
    }),
  ]);
  if (!collection) return refuse(Status.CollectionUnknown);
  if (collection.standard !== 'erc721') return refuse(Status.SweepUnsupportedStandard);

  const read = await fromChain(
    Promise.all([
      planSweep(chain, user as Address, listings, {
        count: request.count,
        marketplaces: new Set(request.marketplaces),
        // The collection page's Buy names its listing: the user chose it, pending or flagged.
        skipPendingFlagged: request.skip_pending_flagged && !single,
        ownWallets: new Set(own),
        maxTotal: BigInt(request.max_total),
        signatures: (unsigned) => fulfillmentSignatures({ config: ctx.config, chain }, user as Address, unsigned),
      }),
      chain.client.getBlock(),
    ]),
  );
  if (!read.ok) return read;
  const [plan, block] = read.value;
  if (!plan.ok) return plan;
  const { skipped, transactions } = plan.value;

  // The schema has checked the preset against GAS_PRESET_TYPES and the preset rules (`gasEntryProblem`).
  const fees = presetFees(request.gas as GasEntry, block.baseFeePerGas ?? 0n, BigInt(collection.pending_tip ?? 0));
  // Each transaction is a sweep order of its own, so that each is recorded and settled from its own receipt; the
  // listings passed over are reported once, with the first.
  const drafts = transactions.map((transaction, index): Omit<SweepQuotePart, 'id'> => {
    const items = [
      ...transaction.buy.map((listing) => planItemOf(listing, 'buy')),
      ...transaction.spares.map((listing) => planItemOf(listing, 'spare')),
      ...(index === 0 ? skipped.map(({ listing, reason }) => planItemOf(listing, 'skip', reason)) : []),
    ];
    const total = transaction.buy.reduce((sum, listing) => sum + BigInt(listing.price), 0n);
    const tx = {
      chain_id: ctx.config.chainId,
      from: user,
      to: transaction.to,
      data: transaction.data,
      value: transaction.value.toString(),
      gas: gasLimit(transaction.gasEstimate).toString(),
      max_fee_per_gas: fees?.maxFeePerGas.toString() ?? null,
      max_priority_fee_per_gas: fees?.maxPriorityFeePerGas.toString() ?? null,
    };
    return { items, total: total.toString(), tx, gas_estimate: transaction.gasEstimate.toString() };
  });
  // Last: a quote is stored only once everything in it has been worked out, and whole.
  const ids = await insertSweepOrders(
    ctx.db,
    drafts.map((draft) => ({
      userAddress: user,
      collection: request.collection,
      status: 'quoted',
      items: pendingItems(draft.items),
      total: draft.total,
      value: draft.tx.value,
      txDataHash: keccak256(draft.tx.data as Hex),
      createdAt: now,
    })),
  );
  const parts = drafts.map((draft, index): SweepQuotePart => ({ id: ids[index] as string, ...draft }));
  const [first, second] = parts;
  if (!first) return refuse(Status.NoOrder);
  return ok({ ...first, next: second ?? null });
}

/**
 * How long recording waits for the node to see a transaction: the wallet may have sent it through another node
 * (on mainnet), from which it takes a moment to propagate. On the devnet the wallet sends through ours.
 */
const TX_SIGHTING_WAIT_MS = 3000;
const TX_SIGHTING_POLL_MS = 250;

/**
 * The wallet sent the quoted transaction as `txHash`. Only the transaction itself is believed: the
 * node must know it (1409 after a short wait, nothing written) and it must be the quoted one, sent from the user's
 * own address (1407). As a transaction has one sender, only its sender's sweeps can ever hold its hash, so the
 * table's unique `tx_hash` cannot lock a buyer out of their own sweep. Recording the same hash again answers the
 * same; another hash for a sent sweep, or a hash the user recorded for another of their sweeps, is refused (1407).
 * Only the user's own sweeps are found (1406 otherwise).
 */
export async function recordSweep(
  ctx: AppContext,
  user: string,
  { id, tx_hash: txHash }: { id: string; tx_hash: string },
): Promise<Result<SweepOrderData>> {
  let order = await findSweepOrder(ctx.db, id, user);
  if (order?.status === 'quoted') {
    const chain = ctx.chain;
    if (!chain) return refuse(Status.ChainUnavailable);
    const read = await fromChain(sightedTransaction(chain, txHash as Hex));
    if (!read.ok) return read;
    if (!read.value) return refuse(Status.SweepTxNotSeen);
    if (!isQuotedTransaction(read.value, order, chain)) return refuse(Status.SweepTxMismatch);
    const marked = await markSent(ctx.db, id, txHash);
    if (marked === 'taken') return refuse(Status.SweepTxMismatch);
    // 'late': a concurrent record of this sweep came first, and its hash decides.
    order = marked === 'sent' ? { ...order, status: 'sent', txHash } : await findSweepOrder(ctx.db, id, user);
  }
  if (!order) return refuse(Status.SweepOrderUnknown);
  return order.txHash === txHash ? ok(await orderData(ctx, order)) : refuse(Status.SweepTxMismatch);
}

/** The transaction, mined or pending, once the node has seen it; undefined if it has not within the wait. */
async function sightedTransaction(chain: ChainAccess, hash: Hex): Promise<Transaction | undefined> {
  const giveUpAt = performance.now() + TX_SIGHTING_WAIT_MS;
  for (;;) {
    const transaction = await chain.client.getTransaction({ hash }).catch(unless(TransactionNotFoundError));
    if (transaction || performance.now() >= giveUpAt) return transaction;
    await sleep(TX_SIGHTING_POLL_MS);
  }
}

/**
 * Whether `transaction` is the one quoted for `order`: from its buyer, to an exchange the planner fills through, with
 * exactly the quoted calldata (whose function belongs to one protocol: sent to another exchange it would revert).
 */
function isQuotedTransaction(
  transaction: Transaction,
  order: Pick<SweepOrderRow, 'userAddress' | 'txDataHash'>,
  chain: ChainAccess,
): boolean {
  const to = transaction.to?.toLowerCase();
  return (
    transaction.from.toLowerCase() === order.userAddress &&
    EXCHANGE_PROTOCOLS.some((protocol) => currentExchange(chain.contracts, protocol).address === to) &&
    keccak256(transaction.input) === order.txDataHash
  );
}

/**
 * The order status, decided on the server from the receipt: flag 0 while the transaction is pending, then which
 * items were bought (settled once; later calls answer from the database). A quote never recorded as sent has no
 * transaction to settle and answers 1406 like an unknown sweep; a transaction that is not the quoted one (another
 * sender, contract or calldata: sweeps recorded before recording checked it) answers 1407.
 */
export async function settleSweep(ctx: AppContext, user: string, id: string): Promise<Result<SweepOrderData>> {
  const order = await findSweepOrder(ctx.db, id, user);
  if (!order?.txHash) return refuse(Status.SweepOrderUnknown);
  if (order.status === 'settled') return ok(await orderData(ctx, order));
  const chain = ctx.chain;
  if (!chain) return refuse(Status.ChainUnavailable);

  const read = await fromChain(minedTransaction(chain, order.txHash as Hex));
  if (!read.ok) return read;
  const mined = read.value;
  if (!mined) return ok(await orderData(ctx, order));
  const { transaction, receipt } = mined;
  if (!isQuotedTransaction(transaction, order, chain)) return refuse(Status.SweepTxMismatch);
  const settled = sweepOutcome(order.items, receipt, {
    collection: order.collection,
    buyer: user,
    gasLimit: transaction.gas,
  });
  await markSettled(ctx.db, id, { ...settled, at: ctx.now() });
  return ok(await orderData(ctx, { ...order, ...settled }));
}

/** The transaction with its receipt, or undefined while it is not mined (or not yet seen by the node). */
async function minedTransaction(
  chain: ChainAccess,
  hash: Hex,
): Promise<{ transaction: Transaction; receipt: TransactionReceipt } | undefined> {
  const [transaction, receipt] = await Promise.all([
    chain.client.getTransaction({ hash }).catch(unless(TransactionNotFoundError)),
    chain.client.getTransactionReceipt({ hash }).catch(unless(TransactionReceiptNotFoundError)),
  ]);
  return transaction && receipt ? { transaction, receipt } : undefined;
}

/** A catch handler that turns the expected "not found" into undefined and rethrows anything else. */
function unless(expected: abstract new (...args: never[]) => Error) {
  return (error: unknown): undefined => {
    if (error instanceof expected) return undefined;
    throw error;
  };
}

/** A chain read whose failure (node down, timeout) is the refusal 1299 rather than a server error. */
export async function fromChain<T>(work: Promise<T>): Promise<Result<T>> {
  try {
    return ok(await work);
  } catch (error) {
    if (error instanceof BaseError) return refuse(Status.ChainUnavailable);
    throw error;
  }
}

/**
 * A sweep as the API reports it: the order's outcome and each item's status become the wire's codes here, only.
 * Images are read now, not kept from the quote: a token listed right after its mint gets its metadata while it is
 * being bought.
 */
async function orderData(
  ctx: Pick<AppContext, 'db'>,
  order: Pick<SweepOrderRow, 'id' | 'collection' | 'txHash' | 'outcome' | 'items' | 'spent'>,
): Promise<SweepOrderData> {
  const images = await tokenImages(
    ctx.db,
    order.collection,
    order.items.map((item) => item.token_id),
  );
  return {
    id: order.id,
    tx_hash: order.txHash,
    flag: sweepOutcomeCode(order.outcome),
    items: order.items.map(({ status, ...item }) => ({
      ...item,
      img: images.get(item.token_id) ?? item.img,
      is_buy: sweepItemStatusCode(status),
    })),
    spent: order.spent,
  };
}
