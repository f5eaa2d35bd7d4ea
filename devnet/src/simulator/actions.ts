import {
  basicOrderArgs,
  fulfillOrderArgs,
  orderPrice,
  SEAPORT_ABI,
  SEAPORT_ORDER_TYPES,
  seaportDomain,
  seaportOrderHash,
  sweepArgs,
  sweepAvailability,
} from '@floordesk/contracts';
import type { PostListingRequest } from '@floordesk/protocol';
import {
  type Address,
  BaseError,
  type Chain,
  encodeFunctionData,
  formatEther,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type Transport,
  zeroHash,
} from 'viem';
import type { DevnetManifest } from '../deploy';
import { DEVNET_ERC1155_ABI, DEVNET_ERC721_ABI } from '../devnet-abi';
import type { Random } from '../random';
import type { ChainView } from './chain-view';
import { counterKey, holdingKey, type SimCollection } from './collections';
import type { ListingBook, SimListing } from './listing-book';
import type { Market } from './market';
import { listingOrder, toPostListing } from './orders';
import { BookShape, listingDuration, transferWeight } from './policy';
import type { Sender } from './sender';
import type { ActionKind, SimMarketplace, SimulatedTrade, SimulatorAction, TradeMethod } from './types';

const OPENSEA_SHARE = 0.6;
/**
 * Calls are simulated on the pending block: on an automining chain that sat idle, `latest` can be older than a new
 * listing's startTime (now − 60 s), and Seaport would answer InvalidTime for a fill that would in fact succeed.
 */
const SIMULATION_BLOCK = 'pending';
const SWEEP_SIZE = [2, 6] as const;
/** Buyers mostly take one of the few cheapest listings, now and then any. */
const CHEAPEST_PICKS = 3;
const FLOOR_BUYER_SHARE = 0.75;
const MINUTE_S = 60;

export type TraderContext = {
  client: PublicClient<Transport, Chain>;
  manifest: DevnetManifest;
  chainId: number;
  bots: readonly LocalAccount[];
  deployer: Address;
  collections: readonly SimCollection[];
  random: Random;
  nowMs: () => number;
  view: ChainView;
  book: ListingBook;
  sender: Sender;
  market: Market;
  postListing: (listing: PostListingRequest) => Promise<void>;
  recordTrade: (trade: SimulatedTrade) => void;
};

type Outcome = Omit<SimulatorAction, 'at'>;

/** Whatever finds nothing to do lists instead. */
export async function runAction(ctx: TraderContext, kind: ActionKind): Promise<Outcome> {
  const outcome = await attempt(ctx, kind);
  if (outcome) return outcome;
  return (kind !== 'list' ? await attempt(ctx, 'list') : null) ?? skipped(kind, 'nothing to do');
}

/** `null` when the action finds nothing to act on. */
function attempt(ctx: TraderContext, kind: ActionKind): Promise<Outcome | null> {
  switch (kind) {
    case 'list':
      return list(ctx);
    case 'buy':
      return buy(ctx);
    case 'sweep':
      return sweep(ctx);
    case 'reprice':
      return reprice(ctx);
    case 'cancel':
      return cancel(ctx);
    case 'transfer':
      return transfer(ctx);
    case 'mint':
      return mint(ctx);
    case 'counter':
      return bumpCounter(ctx);
    case 'idle':
      return Promise.resolve(done('idle', {}));
    default:
      return kind satisfies never;
  }
}

/** Lists where the book is thinnest, by a holder not yet selling there while the collection has few sellers. */
async function list(ctx: TraderContext): Promise<Outcome | null> {
  const shape = bookShape(ctx);
  const collection = ctx.market.pick(
    ctx.collections.filter((c) => holdersWhoMaySign(ctx, c).length > 0),
    (c) => shape.listingWeight(c.slug),
  );
  if (!collection) return null;
  const holders = holdersWhoMaySign(ctx, collection);
  const newcomers = holders.filter((holder) => !shape.isSelling(collection.slug, holder));
  const seller = botOf(
    ctx,
    ctx.random.pick(shape.wantsNewSeller(collection.slug) && newcomers.length > 0 ? newcomers : holders),
  );
  const holdings = ctx.view
    .holdingsOf(seller.address, collection.address)
    .filter((h) => !ctx.sender.isClaimed(holdingKey(seller.address, collection.address, h.tokenId)));
  if (holdings.length === 0) return null;
  const listed = ctx.book.listedBy(seller.address, collection.address);
  const unlisted = holdings.filter((h) => !listed.has(h.tokenId));
  // Mostly fresh tokens; sometimes the same token again, as people list on a second marketplace.
  const holding = ctx.random.pick(unlisted.length > 0 && ctx.random.next() < 0.85 ? unlisted : holdings);
  const amount = collection.standard === 'erc721' ? 1n : BigInt(ctx.random.int(1, Number(min(holding.amount, 3n))));
  ctx.market.walk(collection);
  const marketplace: SimMarketplace = ctx.random.next() < OPENSEA_SHARE ? 'opensea' : 'soduswap';
  return postListing(ctx, 'list', {
    seller,
    collection,
    tokenId: holding.tokenId,
    amount,
    priceWei: ctx.market.listPriceWei(collection, amount),
    marketplace,
  });
}

async function reprice(ctx: TraderContext): Promise<Outcome | null> {
  const listing = pickListing(ctx, available(ctx));
  if (!listing) return null;
  return postListing(ctx, 'reprice', {
    seller: botOf(ctx, listing.seller),
    collection: listing.collection,
    tokenId: listing.tokenId,
    amount: listing.amount,
    priceWei: ctx.market.cheaperPriceWei(listing.priceWei),
    marketplace: listing.marketplace,
  });
}

async function cancel(ctx: TraderContext): Promise<Outcome | null> {
  const listing = pickListing(ctx, bookShape(ctx).takeable(available(ctx)));
  if (!listing) return null;
  const hash = await ctx.sender.send(
    botOf(ctx, listing.seller),
    {
      to: ctx.manifest.seaport,
      data: encodeFunctionData({ abi: SEAPORT_ABI, functionName: 'cancel', args: [[listing.order]] }),
    },
    { orders: [listing.orderHash] },
  );
  return done('cancel', {
    bot: listing.seller,
    collection: listing.collection.slug,
    txHash: hash,
    orderHashes: [listing.orderHash],
  });
}

async function buy(ctx: TraderContext): Promise<Outcome | null> {
  const buyer = ctx.random.pick(ctx.bots);
  const offers = bookShape(ctx).takeable(available(ctx).filter((l) => !sameAddress(l.seller, buyer.address)));
  const collection = ctx.market.pick(distinctCollections(offers));
  if (!collection) return null;
  const inCollection = byPrice(offers.filter((l) => l.collection.slug === collection.slug));
  const listing = ctx.random.pick(
    ctx.random.next() < FLOOR_BUYER_SHARE ? inCollection.slice(0, CHEAPEST_PICKS) : inCollection,
  );
  const method: TradeMethod = ctx.random.next() < 0.5 ? 'fulfillOrder' : 'fulfillBasicOrder_efficient_6GL6yc';
  const base = {
    address: ctx.manifest.seaport,
    abi: SEAPORT_ABI,
    value: listing.priceWei,
    account: buyer,
    blockTag: SIMULATION_BLOCK,
  } as const;
  let data: Hex;
  try {
    if (method === 'fulfillOrder') {
      const call = { ...base, functionName: 'fulfillOrder', args: fulfillOrderArgs(listing) } as const;
      await ctx.client.simulateContract(call);
      data = encodeFunctionData(call);
    } else {
      const call = { ...base, functionName: method, args: basicOrderArgs(listing) } as const;
      await ctx.client.simulateContract(call);
      data = encodeFunctionData(call);
    }
  } catch (error) {
    // Whatever makes it revert now (the NFT moved, its approval went) will not mend itself: forget the listing.
    ctx.book.remove(listing.orderHash);
    return skipped('buy', `would revert: ${reason(error)}`, { bot: buyer.address, collection: collection.slug });
  }
  const txHash = await sendTrade(ctx, { kind: 'buy', method, buyer, collection, listings: [listing], data });
  ctx.market.walk(collection);
  return done('buy', { bot: buyer.address, collection: collection.slug, txHash, orderHashes: [listing.orderHash] });
}

async function sweep(ctx: TraderContext): Promise<Outcome | null> {
  const buyer = ctx.random.pick(ctx.bots);
  const floors = new Map<string, SimListing[]>();
  for (const listing of byPrice(available(ctx))) {
    // Sweeps are ERC-721 only, one listing per token: a second one of the same token would revert the batch.
    if (listing.collection.standard !== 'erc721' || sameAddress(listing.seller, buyer.address)) continue;
    const floor = floors.get(listing.collection.slug) ?? [];
    if (!floor.some((l) => l.tokenId === listing.tokenId)) floor.push(listing);
    floors.set(listing.collection.slug, floor);
  }
  const shape = bookShape(ctx);
  const sweepable = new Map([...floors].map(([slug, floor]) => [slug, shape.sweepable(floor, SWEEP_SIZE[1])] as const));
  const collection = ctx.market.pick(
    ctx.collections.filter((c) => (sweepable.get(c.slug)?.length ?? 0) >= SWEEP_SIZE[0]),
  );
  if (!collection) return null;
  let listings = (sweepable.get(collection.slug) ?? []).slice(0, ctx.random.int(...SWEEP_SIZE));
  // One retry without the orders Seaport would skip (filled, cancelled, expired), so the trade fills all it sends.
  for (let round = 0; round < 2; round++) {
    const data = encodeFunctionData({
      abi: SEAPORT_ABI,
      functionName: 'fulfillAvailableAdvancedOrders',
      args: sweepArgs(listings, buyer.address),
    });
    let availability: readonly boolean[];
    try {
      const { data: result } = await ctx.client.call({
        account: buyer,
        to: ctx.manifest.seaport,
        data,
        value: listings.reduce((sum, l) => sum + l.priceWei, 0n),
        blockTag: SIMULATION_BLOCK,
      });
      availability = sweepAvailability(result ?? '0x');
    } catch (error) {
      return skipped('sweep', `would revert: ${reason(error)}`, { bot: buyer.address, collection: collection.slug });
    }
    const unavailable = listings.filter((_, i) => !availability[i]);
    if (unavailable.length === 0) {
      const txHash = await sendTrade(ctx, {
        kind: 'sweep',
        method: 'fulfillAvailableAdvancedOrders',
        buyer,
        collection,
        listings,
        data,
      });
      ctx.market.walk(collection);
      return done('sweep', {
        bot: buyer.address,
        collection: collection.slug,
        txHash,
        orderHashes: listings.map((l) => l.orderHash),
      });
    }
    for (const listing of unavailable) ctx.book.remove(listing.orderHash);
    listings = listings.filter((l) => !unavailable.includes(l));
    if (listings.length < SWEEP_SIZE[0]) break;
  }
  return skipped('sweep', 'too few listings left to sweep', { bot: buyer.address, collection: collection.slug });
}

async function transfer(ctx: TraderContext): Promise<Outcome | null> {
  const collection = ctx.market.pick(
    ctx.collections.filter((c) => ctx.view.holders(c.address).length > 0),
    (c) => transferWeight(ctx.view.holders(c.address).length),
  );
  if (!collection) return null;
  const from = botOf(ctx, ctx.random.pick(ctx.view.holders(collection.address)));
  const shape = bookShape(ctx);
  const holdings = ctx.view
    .holdingsOf(from.address, collection.address)
    .filter((h) => !ctx.sender.isClaimed(holdingKey(from.address, collection.address, h.tokenId)))
    .filter((h) => shape.allowsRemoving([{ collection, seller: from.address, tokenId: h.tokenId }]));
  if (holdings.length === 0) return null;
  const holding = ctx.random.pick(holdings);
  // Mostly to a wallet that holds none of the collection yet: it spreads a collection held by few bots.
  const others = ctx.bots.filter((bot) => !sameAddress(bot.address, from.address));
  const newcomers = others.filter((bot) => ctx.view.holdingsOf(bot.address, collection.address).length === 0);
  const to = ctx.random.pick(newcomers.length > 0 && ctx.random.next() < 0.75 ? newcomers : others);
  const data =
    collection.standard === 'erc721'
      ? encodeFunctionData({
          abi: DEVNET_ERC721_ABI,
          functionName: 'transferFrom',
          args: [from.address, to.address, holding.tokenId],
        })
      : encodeFunctionData({
          abi: DEVNET_ERC1155_ABI,
          functionName: 'safeTransferFrom',
          args: [
            from.address,
            to.address,
            holding.tokenId,
            BigInt(ctx.random.int(1, Number(min(holding.amount, 5n)))),
            '0x',
          ],
        });
  const txHash = await ctx.sender.send(
    from,
    { to: collection.address, data },
    { keys: [holdingKey(from.address, collection.address, holding.tokenId)] },
  );
  return done('transfer', {
    bot: from.address,
    collection: collection.slug,
    txHash,
    detail: `token ${holding.tokenId} to ${to.address}`,
  });
}

async function mint(ctx: TraderContext): Promise<Outcome | null> {
  const collection = ctx.market.pick(
    ctx.collections.filter(
      // A margin, so that mints already sent cannot overshoot the supply.
      (c) => c.standard === 'erc1155' || ctx.view.mintedCount(c.address) + 10n <= BigInt(c.spec.supply),
    ),
  );
  if (!collection) return null;
  const minter = ctx.random.pick(ctx.bots);
  const quantity = BigInt(ctx.random.int(1, collection.standard === 'erc721' ? 3 : 5));
  const data =
    collection.standard === 'erc721'
      ? encodeFunctionData({ abi: DEVNET_ERC721_ABI, functionName: 'mint', args: [minter.address, quantity] })
      : encodeFunctionData({
          abi: DEVNET_ERC1155_ABI,
          functionName: 'mint',
          args: [minter.address, BigInt(ctx.random.int(1, collection.spec.supply)), quantity],
        });
  const txHash = await ctx.sender.send(minter, {
    to: collection.address,
    data,
    value: collection.spec.mintPriceWei * quantity,
  });
  return done('mint', { bot: minter.address, collection: collection.slug, txHash, detail: `${quantity} minted` });
}

/** Invalidates all of a bot's listings at once, as wallets' "cancel all" does. */
async function bumpCounter(ctx: TraderContext): Promise<Outcome | null> {
  const listings = available(ctx);
  const sellers = bookShape(ctx).bumpableSellers(listings);
  const idle = ctx.bots.filter((bot) => !listings.some((l) => sameAddress(l.seller, bot.address)));
  const candidates = [...sellers, ...idle.map((bot) => bot.address)];
  if (candidates.length === 0) return null;
  const bot = botOf(ctx, ctx.random.pick(candidates));
  if (ctx.sender.isClaimed(counterKey(bot.address))) return null;
  const txHash = await ctx.sender.send(
    bot,
    { to: ctx.manifest.seaport, data: encodeFunctionData({ abi: SEAPORT_ABI, functionName: 'incrementCounter' }) },
    { keys: [counterKey(bot.address)] },
  );
  return done('counter', { bot: bot.address, txHash });
}

type ListingPlan = {
  seller: LocalAccount;
  collection: SimCollection;
  tokenId: bigint;
  amount: bigint;
  priceWei: bigint;
  marketplace: SimMarketplace;
};

/** Signs the listing, hands it to the order book and remembers it once the book accepted it. */
async function postListing(ctx: TraderContext, kind: 'list' | 'reprice', plan: ListingPlan): Promise<Outcome> {
  const { seller, collection } = plan;
  const marketplace = ctx.manifest.marketplaces[plan.marketplace];
  const now = BigInt(Math.floor(ctx.nowMs() / 1000));
  const counter = await ctx.client.readContract({
    address: ctx.manifest.seaport,
    abi: SEAPORT_ABI,
    functionName: 'getCounter',
    args: [seller.address],
  });
  const order = listingOrder({
    offerer: seller.address,
    token: { address: collection.address, standard: collection.standard, royaltyBps: collection.spec.royaltyBps },
    tokenId: plan.tokenId,
    amount: plan.amount,
    priceWei: plan.priceWei,
    marketplace: {
      conduitKey: plan.marketplace === 'opensea' ? ctx.manifest.conduit.key : zeroHash,
      feeRecipient: marketplace.feeRecipient,
      feeBps: marketplace.feeBps,
    },
    royaltyRecipient: ctx.deployer,
    startTime: now - BigInt(MINUTE_S),
    endTime: now + BigInt(listingDuration(ctx.random)),
    salt: randomSalt(ctx.random),
    counter,
  });
  const signature = await seller.signTypedData({
    domain: seaportDomain(ctx.chainId, ctx.manifest.seaport),
    types: SEAPORT_ORDER_TYPES,
    primaryType: 'OrderComponents',
    message: order,
  });
  const orderHash = seaportOrderHash(order);
  const fields = { bot: seller.address, collection: collection.slug, orderHashes: [orderHash] };
  try {
    await ctx.postListing(toPostListing({ order, signature }, ctx.chainId, ctx.manifest.seaport));
  } catch (error) {
    return { kind, outcome: 'refused', ...emptyFields(), ...fields, detail: reason(error) };
  }
  ctx.book.add({ ...plan, order, signature, orderHash, seller: seller.address, priceWei: orderPrice(order) });
  return done(kind, { ...fields, detail: `${plan.marketplace} ${formatEther(plan.priceWei)} ETH` });
}

async function sendTrade(
  ctx: TraderContext,
  trade: {
    kind: SimulatedTrade['kind'];
    method: TradeMethod;
    buyer: LocalAccount;
    collection: SimCollection;
    listings: readonly SimListing[];
    data: Hex;
  },
): Promise<Hex> {
  const { listings } = trade;
  const record: SimulatedTrade = {
    kind: trade.kind,
    method: trade.method,
    txHash: '0x',
    buyer: trade.buyer.address,
    collection: trade.collection.slug,
    orders: listings.map((l) => ({
      orderHash: l.orderHash,
      seller: l.seller,
      tokenId: l.tokenId,
      amount: l.amount,
      priceWei: l.priceWei,
      marketplace: l.marketplace,
    })),
    sentAt: new Date(ctx.nowMs()).toISOString(),
    status: 'pending',
  };
  const txHash = await ctx.sender.send(
    trade.buyer,
    { to: ctx.manifest.seaport, data: trade.data, value: listings.reduce((sum, l) => sum + l.priceWei, 0n) },
    {
      keys: listings.map((l) => holdingKey(l.seller, l.collection.address, l.tokenId)),
      orders: listings.map((l) => l.orderHash),
      onSettled: (settlement) => {
        record.status = settlement;
      },
    },
  );
  record.txHash = txHash;
  ctx.recordTrade(record);
  return txHash;
}

function randomSalt(random: Random): bigint {
  let salt = 0n;
  for (let i = 0; i < 4; i++) salt = (salt << 32n) | BigInt(random.int(0, 0xffff_ffff));
  return salt;
}

/** The depth of the book of listings nothing in flight is about to take. */
export function bookShape(ctx: TraderContext): BookShape {
  return new BookShape(available(ctx), ctx.collections.length);
}

/** Listings nothing in flight is about to fill, cancel, move or (by a counter bump) invalidate. */
export function available(ctx: TraderContext): SimListing[] {
  return ctx.book
    .available(
      (key) => ctx.sender.isClaimed(key),
      (orderHash) => ctx.sender.isOrderClaimed(orderHash),
    )
    .filter((listing) => !ctx.sender.isClaimed(counterKey(listing.seller)));
}

/** A listing of a collection picked with the hot one weighted up. */
function pickListing(ctx: TraderContext, listings: readonly SimListing[]): SimListing | null {
  const collection = ctx.market.pick(distinctCollections(listings));
  if (!collection) return null;
  return ctx.random.pick(listings.filter((l) => l.collection.slug === collection.slug));
}

function holdersWhoMaySign(ctx: TraderContext, collection: SimCollection): Address[] {
  return ctx.view.holders(collection.address).filter((holder) => !ctx.sender.isClaimed(counterKey(holder)));
}

function distinctCollections(listings: readonly SimListing[]): SimCollection[] {
  return [...new Map(listings.map((l) => [l.collection.slug, l.collection])).values()];
}

function byPrice(listings: readonly SimListing[]): SimListing[] {
  return listings.toSorted((a, b) => (a.priceWei < b.priceWei ? -1 : a.priceWei > b.priceWei ? 1 : 0));
}

function botOf(ctx: TraderContext, address: Address): LocalAccount {
  const bot = ctx.bots.find((candidate) => sameAddress(candidate.address, address));
  if (!bot) throw new Error(`${address} is not a trader bot`);
  return bot;
}

function sameAddress(a: Address, b: Address): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function reason(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}

function done(kind: ActionKind, fields: Partial<Outcome>): Outcome {
  return { kind, outcome: 'done', ...emptyFields(), ...fields };
}

function skipped(kind: ActionKind, detail: string, fields: Partial<Outcome> = {}): Outcome {
  return { kind, outcome: 'skipped', ...emptyFields(), ...fields, detail };
}

function emptyFields(): Omit<Outcome, 'kind' | 'outcome'> {
  return { bot: null, collection: null, txHash: null, orderHashes: [], detail: null };
}
