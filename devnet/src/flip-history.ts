import {
  listingOrder,
  LOOKSRARE_ABI,
  looksRareAsk,
  looksRareTypedData,
  multipleTakerBidArgs,
  orderPrice,
  receiptOf,
  SEAPORT_ABI,
  seaportTypedData,
  type SignedAsk,
  type SignedOrder,
  sweepArgs,
} from '@floordesk/contracts';
import { type Account, type Address, type Chain, type Hex, type LocalAccount, type Transport } from 'viem';
import type { PublicClient, TestClient, WalletClient } from 'viem';
import { type CollectionSpec, PREMINT_CHUNK } from './catalog';
import type { DevnetManifest } from './deploy';
import { type DevnetLooksRare, missingLooksRareApprovals } from './looksrare';
import type { SimMarketplace } from './simulator/types';

/**
 * The month of trading the deploy writes before the devnet opens, so that FloorDesk's high-win-rate flipper list
 * (over 100 round trips, over 5 collections, above 70 % wins, in 30 days) has wallets on it from the first minutes:
 * a few bots flip with skill (buy under the reference price, sell over it, in many collections) and a few without
 * (buy over it, sell mostly under it). Their counterparties are the bots that hold the premint.
 */
export const FLIP_HISTORY = {
  /**
   * Bot indexes (into botAccounts, none holding premint) and how they trade, in percent of the reference price:
   * what they pay, what a winning and a losing sale asks, and how many of each batch win.
   */
  skilled: [
    { bot: 15, buy: 80, win: 130, loss: 75, wins: 13 },
    { bot: 16, buy: 85, win: 125, loss: 80, wins: 12 },
    { bot: 17, buy: 88, win: 120, loss: 80, wins: 11 },
  ],
  unskilled: [{ bot: 18, buy: 110, win: 140, loss: 95, wins: 6 }],
  /** Bots that buy the flippers' listings. */
  buyers: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
  /** Each flipper buys and sells one batch in each: 7 × 15 = 105 round trips. */
  collections: 7,
  /** Tokens per buy and per sell: one sweep each, so the month costs few transactions. */
  batch: 15,
  /** The history spans this much block time before the deploy's end. */
  spanMs: 29 * 86_400_000,
} as const;

/** The reference price: the mint price and a fifth. */
const REFERENCE_PERCENT = 120n;
/** Prices are quoted to 0.0001 ETH, as people type them. */
const TICK_WEI = 10n ** 14n;

type Collection = { address: Address; spec: CollectionSpec };

export type FlipHistoryContext = {
  chain: PublicClient<Transport, Chain>;
  test: TestClient<'anvil', Transport, Chain>;
  wallet: (account: Account) => WalletClient<Transport, Chain, Account>;
  seaport: Address;
  conduitKey: Hex;
  marketplaces: DevnetManifest['marketplaces'];
  looksRare: DevnetLooksRare;
  /** Receives the royalties, as the collections' owner. */
  royaltyRecipient: Address;
  bots: LocalAccount[];
  collections: readonly Collection[];
  /** Block time (ms) the history ends at. */
  endMs: number;
};

/**
 * A listing of the history as a marketplace reports its past listings: listed at `listedAt` and filled at `endedAt`
 * (Unix seconds). FloorDesk's order book was not running then, so this is how it learns the floors of the month.
 */
export type HistoryListing = { collection: Address; priceWei: string; listedAt: number; endedAt: number };

/**
 * Writes the history: in each collection, every flipper sweeps a batch from a premint holder, then a buyer sweeps the
 * flipper's listings of that batch, on OpenSea and on LooksRare by turns, a collection at a time. Each sweep gets its
 * own block time, spread evenly over the span. The premint holders list every batch when the history starts, and a
 * flipper lists its batch as soon as it bought it, so each traded collection has a book, and a floor, from the
 * history's first day. Returns those listings.
 */
export async function writeFlipHistory(ctx: FlipHistoryContext): Promise<HistoryListing[]> {
  const traded = ctx.collections
    .filter((collection) => collection.spec.standard === 'erc721' && collection.spec.premint >= 2 * PREMINT_CHUNK)
    .slice(0, FLIP_HISTORY.collections);
  if (traded.length < FLIP_HISTORY.collections) throw new Error('the catalog has too few collections to flip');
  const flippers = [...FLIP_HISTORY.skilled, ...FLIP_HISTORY.unskilled].map((skill) => ({
    account: bot(ctx, skill.bot),
    skill,
  }));
  // Everyone who sells on LooksRare approves it before the history starts, as the premint holders list from then on:
  // the holders of the premint's first two chunks, and the flippers.
  const sellers = [bot(ctx, 0), bot(ctx, 1), ...flippers.map((flipper) => flipper.account)];
  for (const [round, collection] of traded.entries()) {
    if (roundMarketplace(round) !== 'looks') continue;
    for (const seller of sellers) await approveLooksRare(ctx, seller, collection.address);
  }
  const sweeps = traded.length * flippers.length * 2;
  const stepMs = Math.floor(FLIP_HISTORY.spanMs / sweeps);
  const startMs = ctx.endMs - FLIP_HISTORY.spanMs;
  let at = startMs;
  let buyerTurn = 0;
  const listings: HistoryListing[] = [];
  // The next unsold premint token per collection and chunk holder.
  const nextToken = new Map<string, number>();

  for (const [round, collection] of traded.entries()) {
    const marketplace = roundMarketplace(round);
    const reference = (collection.spec.mintPriceWei * REFERENCE_PERCENT) / 100n;
    const batches = [];
    for (const [index, flipper] of flippers.entries()) {
      const chunk = index % 2;
      const seller = bot(ctx, chunk);
      const key = `${collection.address}:${chunk}`;
      const first = nextToken.get(key) ?? chunk * PREMINT_CHUNK + 1;
      nextToken.set(key, first + FLIP_HISTORY.batch);
      const tokenIds = Array.from({ length: FLIP_HISTORY.batch }, (_, i) => BigInt(first + i));
      at += stepMs;
      const buyPrices = tokenIds.map(() => share(reference, flipper.skill.buy));
      const buy = { seller, buyer: flipper.account, collection, marketplace, tokenIds, prices: buyPrices };
      listings.push(...(await sweep(ctx, { listedMs: startMs, filledMs: at }, buy)));
      batches.push({ flipper, tokenIds, boughtMs: at });
    }
    for (const { flipper, tokenIds, boughtMs } of batches) {
      const buyer = bot(ctx, FLIP_HISTORY.buyers[buyerTurn++ % FLIP_HISTORY.buyers.length] as number);
      at += stepMs;
      const { skill } = flipper;
      const sellPrices = tokenIds.map((_, i) => share(reference, i < skill.wins ? skill.win : skill.loss));
      const sell = { seller: flipper.account, buyer, collection, marketplace, tokenIds, prices: sellPrices };
      listings.push(...(await sweep(ctx, { listedMs: boughtMs, filledMs: at }, sell)));
    }
  }
  return listings;
}

type Trade = {
  seller: LocalAccount;
  buyer: LocalAccount;
  collection: Collection;
  marketplace: SimMarketplace;
  tokenIds: bigint[];
  prices: bigint[];
};

/** When the listings of a batch are valid, and per token what makes each unique to its seller (salt, order nonce). */
type Listed = { startTime: bigint; endTime: bigint; unique: bigint[] };

/**
 * `seller` lists the tokens at `prices` from `listedMs` and `buyer` fills them all in one transaction mined at
 * `filledMs`; returns the listings.
 */
async function sweep(
  ctx: FlipHistoryContext,
  { listedMs, filledMs }: { listedMs: number; filledMs: number },
  trade: Trade,
): Promise<HistoryListing[]> {
  const at = BigInt(Math.floor(filledMs / 1000));
  const listedAt = BigInt(Math.floor(listedMs / 1000));
  // Every sweep has a block time of its own, so these are unique per seller.
  const listed = {
    startTime: listedAt,
    endTime: at + 7n * 86_400n,
    unique: trade.tokenIds.map((_, i) => at * 1000n + BigInt(i)),
  };
  const send =
    trade.marketplace === 'opensea' ? await openSeaSweep(ctx, trade, listed) : await looksRareSweep(ctx, trade, listed);
  await ctx.test.setNextBlockTimestamp({ timestamp: at });
  const hash = await send();
  const receipt = await receiptOf(ctx.chain, hash);
  if (receipt.status !== 'success') throw new Error(`flip history sweep ${hash} reverted`);
  return trade.prices.map((price) => ({
    collection: trade.collection.address,
    priceWei: price.toString(),
    listedAt: Number(listedAt),
    endedAt: Number(at),
  }));
}

/** Signs the seller's OpenSea listings of the batch; returns the buyer's sweep of them, to send at its block time. */
async function openSeaSweep(ctx: FlipHistoryContext, trade: Trade, listed: Listed): Promise<() => Promise<Hex>> {
  const orders: SignedOrder[] = [];
  for (const [i, tokenId] of trade.tokenIds.entries()) {
    const order = listingOrder({
      offerer: trade.seller.address,
      token: {
        address: trade.collection.address,
        standard: 'erc721',
        royaltyBps: trade.collection.spec.royaltyBps,
      },
      tokenId,
      amount: 1n,
      priceWei: trade.prices[i] as bigint,
      marketplace: { conduitKey: ctx.conduitKey, ...ctx.marketplaces.opensea },
      royaltyRecipient: ctx.royaltyRecipient,
      startTime: listed.startTime,
      endTime: listed.endTime,
      salt: listed.unique[i] as bigint,
      // Nobody cancels during the deploy: every counter is still 0.
      counter: 0n,
    });
    const signature = await trade.seller.signTypedData(seaportTypedData(order, ctx.chain.chain.id, ctx.seaport));
    orders.push({ order, signature });
  }
  return () =>
    ctx.wallet(trade.buyer).writeContract({
      address: ctx.seaport,
      abi: SEAPORT_ABI,
      functionName: 'fulfillAvailableAdvancedOrders',
      // Enough for a batch (about 110k per item); naming it skips an estimate per sweep.
      gas: 3_000_000n,
      args: sweepArgs(orders, trade.buyer.address),
      value: orders.reduce((sum, { order }) => sum + orderPrice(order), 0n),
    });
}

/**
 * Signs the seller's LooksRare asks of the batch; returns the buyer's sweep of them, to send at its block time. Atomic:
 * a history that skipped an ask would not be the one it reports.
 */
async function looksRareSweep(ctx: FlipHistoryContext, trade: Trade, listed: Listed): Promise<() => Promise<Hex>> {
  const { seller, collection } = trade;
  const asks: SignedAsk[] = [];
  for (const [i, tokenId] of trade.tokenIds.entries()) {
    const maker = looksRareAsk({
      signer: seller.address,
      collection: collection.address,
      standard: 'erc721',
      tokenId,
      amount: 1n,
      priceWei: trade.prices[i] as bigint,
      startTime: listed.startTime,
      endTime: listed.endTime,
      // Nobody cancels during the deploy: every ask nonce is still 0, and no subset is cancelled.
      globalNonce: 0n,
      subsetNonce: 0n,
      orderNonce: listed.unique[i] as bigint,
    });
    const signature = await seller.signTypedData(looksRareTypedData(maker, ctx.chain.chain.id, ctx.looksRare.protocol));
    asks.push({ maker, signature });
  }
  return () =>
    ctx.wallet(trade.buyer).writeContract({
      address: ctx.looksRare.protocol,
      abi: LOOKSRARE_ABI,
      functionName: 'executeMultipleTakerBids',
      args: multipleTakerBidArgs(asks, true),
      value: asks.reduce((sum, { maker }) => sum + maker.price, 0n),
    });
}

/** Collections are traded on OpenSea and LooksRare by turns. */
function roundMarketplace(round: number): SimMarketplace {
  return round % 2 === 0 ? 'opensea' : 'looks';
}

async function approveLooksRare(ctx: FlipHistoryContext, seller: LocalAccount, collection: Address): Promise<void> {
  for (const tx of await missingLooksRareApprovals(ctx.chain, ctx.looksRare, seller.address, collection)) {
    const hash = await ctx.wallet(seller).sendTransaction(tx);
    if ((await receiptOf(ctx.chain, hash)).status !== 'success') throw new Error(`approval ${hash} reverted`);
  }
}

function share(reference: bigint, percent: number): bigint {
  return ((reference * BigInt(percent)) / 100n / TICK_WEI) * TICK_WEI;
}

function bot(ctx: FlipHistoryContext, index: number): LocalAccount {
  const account = ctx.bots[index];
  if (!account) throw new Error(`no trader bot ${index}`);
  return account;
}
