import {
  basicOrderArgs,
  fulfillOrderArgs,
  listingOrder,
  LOOKSRARE_ABI,
  looksRareAsk,
  looksRareTypedData,
  makerHash,
  multipleTakerBidArgs,
  orderPrice,
  SEAPORT_ABI,
  seaportOrderHash,
  seaportTypedData,
  sweepArgs,
  sweepAvailability,
  takerBidArgs,
} from '@floordesk/contracts';
import type { ExchangeProtocol, PostListingRequest } from '@floordesk/protocol';
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
} from 'viem';
import type { DevnetManifest } from '../deploy';
import { askNonce } from '../looksrare';
import { DEVNET_ERC1155_ABI, DEVNET_ERC721_ABI } from '../devnet-abi';
import { type Random, randomUint } from '../random';
import type { ChainView } from './chain-view';
import { counterKey, getOrCreate, holdingKey, looksRareApprovalKey, type SimCollection } from './collections';
import type { ListingBook, LooksRareListing, SeaportListing, SimListing } from './listing-book';
import type { LooksRareSellers } from './looksrare-sellers';
import type { Market } from './market';
import { toLooksRarePostListing, toPostListing } from './orders';
import { BookShape, listingDuration, pickProtocol, RAISE_SHARE, SUBSET_CANCEL_SHARE, transferWeight } from './policy';
import type { Sender } from './sender';
import { type ActionKind, MARKETPLACE_OF, type SimulatedTrade, type SimulatorAction, type TradeMethod } from './types';

/**
 * Calls are simulated on the pending block: on an automining chain that sat idle, `latest` can be older than a new
 * listing's startTime (now − 60 s), and the exchange would refuse (Seaport's InvalidTime) a fill that would in fact
 * succeed.
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
  looksRareSellers: LooksRareSellers;
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

/**
 * Lists where the book is thinnest, by a holder not yet selling there while the collection has few sellers. A first
 * ask in a collection on LooksRare only sends the approvals it needs; the seller asks once they landed.
 */
async function list(ctx: TraderContext): Promise<Outcome | null> {
  const choice = approvedSeller(ctx) ?? chooseSeller(ctx);
  if (!choice) return null;
  const { protocol, collection, seller } = choice;
  if (protocol === 'looksrare-v2') {
    const approval = await ctx.looksRareSellers.approve(seller, collection.address);
    if (approval) {
      return done('list', {
        bot: seller.address,
        collection: collection.slug,
        txHash: approval,
        detail: 'approves LooksRare first',
      });
    }
  }
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
  return postListing(ctx, 'list', {
    seller,
    collection,
    tokenId: holding.tokenId,
    amount,
    priceWei: ctx.market.listPriceWei(collection, amount),
    protocol,
  });
}

type SellerChoice = { protocol: ExchangeProtocol; collection: SimCollection; seller: LocalAccount };

/** The exchange, then the collection whose book is thinnest, then a holder there, new to its book when it has few. */
function chooseSeller(ctx: TraderContext): SellerChoice | null {
  const protocol = pickProtocol(ctx.random);
  const shape = bookShape(ctx);
  const collection = ctx.market.pick(
    ctx.collections.filter((c) => holdersWhoMaySign(ctx, c, protocol).length > 0),
    (c) => shape.listingWeight(c.slug),
  );
  if (!collection) return null;
  const holders = holdersWhoMaySign(ctx, collection, protocol);
  const newcomers = holders.filter((holder) => !shape.isSelling(collection.slug, holder));
  const seller = botOf(
    ctx,
    ctx.random.pick(shape.wantsNewSeller(collection.slug) && newcomers.length > 0 ? newcomers : holders),
  );
  return { protocol, collection, seller };
}

/**
 * A seller whose LooksRare approvals have landed since it sent them, and the collection it sent them for: it asks
 * there now, as it meant to, so that approvals take nothing from LooksRare's share of the listings.
 */
function approvedSeller(ctx: TraderContext): SellerChoice | null {
  for (;;) {
    const landed = ctx.looksRareSellers.takeLanded();
    if (!landed) return null;
    const collection = ctx.collections.find((c) => sameAddress(c.address, landed.collection));
    const holders = collection ? holdersWhoMaySign(ctx, collection, 'looksrare-v2') : [];
    if (collection && holders.some((holder) => sameAddress(holder, landed.seller))) {
      return { protocol: 'looksrare-v2', collection, seller: botOf(ctx, landed.seller) };
    }
  }
}

/** Lists the token again on the same marketplace; a higher price cancels the listing first (RAISE_SHARE). */
async function reprice(ctx: TraderContext): Promise<Outcome | null> {
  const listing = pickListing(ctx, available(ctx));
  if (!listing) return null;
  const seller = botOf(ctx, listing.seller);
  const raise = ctx.random.next() < RAISE_SHARE;
  const cancelTx = raise ? await sendCancel(ctx, seller, cancelOne(ctx, listing)) : null;
  const outcome = await postListing(ctx, 'reprice', {
    seller,
    collection: listing.collection,
    tokenId: listing.tokenId,
    amount: listing.amount,
    priceWei: raise ? ctx.market.dearerPriceWei(listing.priceWei) : ctx.market.cheaperPriceWei(listing.priceWei),
    protocol: listing.protocol,
  });
  return { ...outcome, txHash: cancelTx };
}

/** Cancels one listing, or on LooksRare now and then its whole subset, as long as the book can spare them. */
async function cancel(ctx: TraderContext): Promise<Outcome | null> {
  const shape = bookShape(ctx);
  const listing = pickListing(ctx, shape.takeable(available(ctx)));
  if (!listing) return null;
  const seller = botOf(ctx, listing.seller);
  let cancellation = cancelOne(ctx, listing);
  if (listing.protocol === 'looksrare-v2' && ctx.random.next() < SUBSET_CANCEL_SHARE) {
    const subset = cancelSubset(ctx, listing);
    if (shape.allowsRemoving(subset.ends)) {
      cancellation = subset;
      ctx.looksRareSellers.retireSubset(seller.address, listing.maker.subsetNonce);
    }
  }
  const txHash = await sendCancel(ctx, seller, cancellation);
  return done('cancel', {
    bot: listing.seller,
    collection: listing.collection.slug,
    txHash,
    orderHashes: cancellation.ends.map((l) => l.orderHash),
    detail: cancellation.functionName,
  });
}

/** A cancelling transaction and the listings it ends. */
type Cancellation = { to: Address; data: Hex; functionName: string; ends: SimListing[] };

/** Ends one listing: Seaport cancels the order, LooksRare its order nonce. */
function cancelOne(ctx: TraderContext, listing: SimListing): Cancellation {
  if (listing.protocol === 'seaport') {
    const call = { abi: SEAPORT_ABI, functionName: 'cancel', args: [[listing.order]] } as const;
    return {
      to: ctx.manifest.seaport,
      data: encodeFunctionData(call),
      functionName: call.functionName,
      ends: [listing],
    };
  }
  const call = { abi: LOOKSRARE_ABI, functionName: 'cancelOrderNonces', args: [[listing.maker.orderNonce]] } as const;
  return {
    to: ctx.manifest.looksRare.protocol,
    data: encodeFunctionData(call),
    functionName: call.functionName,
    ends: [listing],
  };
}

/** Ends the seller's LooksRare asks that share the listing's subset nonce. */
function cancelSubset(ctx: TraderContext, listing: LooksRareListing): Cancellation {
  const { subsetNonce } = listing.maker;
  const call = { abi: LOOKSRARE_ABI, functionName: 'cancelSubsetNonces', args: [[subsetNonce]] } as const;
  return {
    to: ctx.manifest.looksRare.protocol,
    data: encodeFunctionData(call),
    functionName: call.functionName,
    ends: available(ctx).filter(
      (l) =>
        l.protocol === 'looksrare-v2' && sameAddress(l.seller, listing.seller) && l.maker.subsetNonce === subsetNonce,
    ),
  };
}

function sendCancel(ctx: TraderContext, seller: LocalAccount, cancellation: Cancellation): Promise<Hex> {
  return ctx.sender.send(
    seller,
    { to: cancellation.to, data: cancellation.data },
    { orders: cancellation.ends.map((l) => l.orderHash) },
  );
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
  let call: TradeCall;
  try {
    call = await buyCall(ctx, buyer, listing);
  } catch (error) {
    // Whatever makes it revert now (the NFT moved, its approval went) will not mend itself: forget the listing.
    ctx.book.remove(listing.orderHash);
    return skipped('buy', `would revert: ${reason(error)}`, { bot: buyer.address, collection: collection.slug });
  }
  const txHash = await sendTrade(ctx, { kind: 'buy', call, buyer, collection, listings: [listing] });
  ctx.market.walk(collection);
  return done('buy', { bot: buyer.address, collection: collection.slug, txHash, orderHashes: [listing.orderHash] });
}

/** A trade's transaction. */
type TradeCall = { method: TradeMethod; to: Address; data: Hex };

/** The transaction that buys one listing, simulated first: throws what it would revert with. */
async function buyCall(ctx: TraderContext, buyer: LocalAccount, listing: SimListing): Promise<TradeCall> {
  if (listing.protocol === 'looksrare-v2') return simulateTakerBid(ctx, buyer, listing);
  const base = {
    address: ctx.manifest.seaport,
    abi: SEAPORT_ABI,
    value: listing.priceWei,
    account: buyer,
    blockTag: SIMULATION_BLOCK,
  } as const;
  if (ctx.random.next() < 0.5) {
    const call = { ...base, functionName: 'fulfillOrder', args: fulfillOrderArgs(listing) } as const;
    await ctx.client.simulateContract(call);
    return { method: call.functionName, to: call.address, data: encodeFunctionData(call) };
  }
  const call = { ...base, functionName: 'fulfillBasicOrder_efficient_6GL6yc', args: basicOrderArgs(listing) } as const;
  await ctx.client.simulateContract(call);
  return { method: call.functionName, to: call.address, data: encodeFunctionData(call) };
}

/** `executeTakerBid` of one LooksRare ask, simulated first: throws what it would revert with. */
async function simulateTakerBid(
  ctx: TraderContext,
  buyer: LocalAccount,
  listing: LooksRareListing,
): Promise<TradeCall> {
  const call = {
    address: ctx.manifest.looksRare.protocol,
    abi: LOOKSRARE_ABI,
    functionName: 'executeTakerBid',
    args: takerBidArgs(listing),
    value: listing.priceWei,
    account: buyer,
    blockTag: SIMULATION_BLOCK,
  } as const;
  await ctx.client.simulateContract(call);
  return { method: call.functionName, to: call.address, data: encodeFunctionData(call) };
}

/** Buys several of a collection's cheapest listings on one exchange in one transaction. */
async function sweep(ctx: TraderContext): Promise<Outcome | null> {
  const buyer = ctx.random.pick(ctx.bots);
  // One exchange per transaction: each collection's floor on each exchange is a sweep of its own.
  const floors = new Map<string, SimListing[]>();
  for (const listing of byPrice(available(ctx))) {
    // Sweeps are ERC-721 only, one listing per token: a second one of the same token would revert the batch.
    if (listing.collection.standard !== 'erc721' || sameAddress(listing.seller, buyer.address)) continue;
    const floor = getOrCreate(floors, `${listing.collection.slug}:${listing.protocol}`, () => []);
    if (!floor.some((l) => l.tokenId === listing.tokenId)) floor.push(listing);
  }
  const shape = bookShape(ctx);
  const sweepable = [...floors.values()]
    .map((floor) => shape.sweepable(floor, SWEEP_SIZE[1]))
    .filter((floor) => floor.length >= SWEEP_SIZE[0]);
  const collection = ctx.market.pick(distinctCollections(sweepable.flat()));
  if (!collection) return null;
  const floor = ctx.random.pick(sweepable.filter((f) => f[0]?.collection.slug === collection.slug));
  let listings = floor.slice(0, ctx.random.int(...SWEEP_SIZE));
  // One retry without the orders the exchange would skip (filled, cancelled, expired), so the trade fills all it sends.
  for (let round = 0; round < 2; round++) {
    let call: SweepCall;
    try {
      call = await sweepCall(ctx, buyer, listings);
    } catch (error) {
      return skipped('sweep', `would revert: ${reason(error)}`, { bot: buyer.address, collection: collection.slug });
    }
    const { unavailable } = call;
    if (unavailable.length === 0) {
      const txHash = await sendTrade(ctx, { kind: 'sweep', call, buyer, collection, listings });
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

/** A sweep's transaction, and the listings in it that the exchange would skip. */
type SweepCall = TradeCall & { unavailable: SimListing[] };

/** The transaction that sweeps these listings, all of one exchange. */
function sweepCall(ctx: TraderContext, buyer: LocalAccount, listings: readonly SimListing[]): Promise<SweepCall> {
  if (listings.every(onSeaport)) return seaportSweepCall(ctx, buyer, listings);
  if (listings.every(onLooksRare)) return looksRareSweepCall(ctx, buyer, listings);
  throw new Error('a sweep trades on one exchange');
}

async function seaportSweepCall(
  ctx: TraderContext,
  buyer: LocalAccount,
  listings: readonly SeaportListing[],
): Promise<SweepCall> {
  const call = {
    abi: SEAPORT_ABI,
    functionName: 'fulfillAvailableAdvancedOrders',
    args: sweepArgs(listings, buyer.address),
  } as const;
  const data = encodeFunctionData(call);
  const { data: result } = await ctx.client.call({
    account: buyer,
    to: ctx.manifest.seaport,
    data,
    value: totalPrice(listings),
    blockTag: SIMULATION_BLOCK,
  });
  const availability = sweepAvailability(result ?? '0x');
  return {
    method: call.functionName,
    to: ctx.manifest.seaport,
    data,
    unavailable: listings.filter((_, i) => !availability[i]),
  };
}

/** Not atomic, as LooksRare's own sweep sends it: an ask gone by the time it is mined is skipped, not the sweep. */
async function looksRareSweepCall(
  ctx: TraderContext,
  buyer: LocalAccount,
  listings: readonly LooksRareListing[],
): Promise<SweepCall> {
  // The exchange answers nothing about the asks it would skip, so each is tried on its own.
  const fillable = await Promise.all(
    listings.map((listing) =>
      simulateTakerBid(ctx, buyer, listing).then(
        () => true,
        () => false,
      ),
    ),
  );
  const call = {
    abi: LOOKSRARE_ABI,
    functionName: 'executeMultipleTakerBids',
    args: multipleTakerBidArgs(listings, false),
  } as const;
  return {
    method: call.functionName,
    to: ctx.manifest.looksRare.protocol,
    data: encodeFunctionData(call),
    unavailable: listings.filter((_, i) => !fillable[i]),
  };
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

/**
 * Invalidates all of a bot's listings on one exchange at once, as wallets' "cancel all" does: Seaport's counter or
 * LooksRare's ask nonce.
 */
async function bumpCounter(ctx: TraderContext): Promise<Outcome | null> {
  const protocol = pickProtocol(ctx.random);
  const listings = available(ctx).filter((l) => l.protocol === protocol);
  // Judged against the whole book: the bot's listings on the other exchange stay.
  const sellers = bookShape(ctx).bumpableSellers(listings);
  const idle = ctx.bots.filter((bot) => !listings.some((l) => sameAddress(l.seller, bot.address)));
  const candidates = [...sellers, ...idle.map((bot) => bot.address)];
  if (candidates.length === 0) return null;
  const bot = botOf(ctx, ctx.random.pick(candidates));
  const key = counterKey(bot.address, protocol);
  if (ctx.sender.isClaimed(key)) return null;
  const bump =
    protocol === 'seaport'
      ? {
          to: ctx.manifest.seaport,
          data: encodeFunctionData({ abi: SEAPORT_ABI, functionName: 'incrementCounter' }),
          detail: 'incrementCounter',
        }
      : {
          to: ctx.manifest.looksRare.protocol,
          data: encodeFunctionData({ abi: LOOKSRARE_ABI, functionName: 'incrementBidAskNonces', args: [false, true] }),
          detail: 'incrementBidAskNonces',
        };
  const txHash = await ctx.sender.send(bot, { to: bump.to, data: bump.data }, { keys: [key] });
  return done('counter', { bot: bot.address, txHash, detail: bump.detail });
}

type ListingPlan = {
  seller: LocalAccount;
  collection: SimCollection;
  tokenId: bigint;
  amount: bigint;
  priceWei: bigint;
  protocol: ExchangeProtocol;
};

/** When a new listing is valid. */
type ListingWindow = { startTime: bigint; endTime: bigint };

/** A listing signed for the book, and the body the order book takes it as. */
type Signed = { listing: SimListing; request: PostListingRequest };

/** Signs the listing, hands it to the order book and remembers it once the book accepted it. */
async function postListing(ctx: TraderContext, kind: 'list' | 'reprice', plan: ListingPlan): Promise<Outcome> {
  const now = BigInt(Math.floor(ctx.nowMs() / 1000));
  const window = { startTime: now - BigInt(MINUTE_S), endTime: now + BigInt(listingDuration(ctx.random)) };
  const { listing, request } =
    plan.protocol === 'seaport'
      ? await signSeaportListing(ctx, plan, window)
      : await signLooksRareListing(ctx, plan, window);
  const fields = { bot: plan.seller.address, collection: plan.collection.slug, orderHashes: [listing.orderHash] };
  try {
    await ctx.postListing(request);
  } catch (error) {
    return { kind, outcome: 'refused', ...emptyFields(), ...fields, detail: reason(error) };
  }
  ctx.book.add(listing);
  return done(kind, { ...fields, detail: `${MARKETPLACE_OF[plan.protocol]} ${formatEther(plan.priceWei)} ETH` });
}

/** An OpenSea listing: a Seaport order through OpenSea's conduit, at the seller's current counter. */
async function signSeaportListing(ctx: TraderContext, plan: ListingPlan, window: ListingWindow): Promise<Signed> {
  const { seller, collection } = plan;
  const { seaport } = ctx.manifest;
  const counter = await ctx.client.readContract({
    address: seaport,
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
    marketplace: { conduitKey: ctx.manifest.conduit.key, ...ctx.manifest.marketplaces.opensea },
    royaltyRecipient: ctx.deployer,
    ...window,
    salt: randomUint(ctx.random, 4),
    counter,
  });
  const signature = await seller.signTypedData(seaportTypedData(order, ctx.chainId, seaport));
  return {
    listing: {
      ...listingFields(plan),
      protocol: 'seaport',
      order,
      signature,
      orderHash: seaportOrderHash(order),
      priceWei: orderPrice(order),
    },
    request: toPostListing({ order, signature }, ctx.chainId, seaport),
  };
}

/**
 * A LooksRare listing: a maker ask at the seller's current ask nonce, in one of its subsets, with an order nonce of its
 * own. The seller has approved LooksRare on the collection (list sees to it).
 */
async function signLooksRareListing(ctx: TraderContext, plan: ListingPlan, window: ListingWindow): Promise<Signed> {
  const { seller, collection } = plan;
  const { protocol } = ctx.manifest.looksRare;
  const globalNonce = await askNonce(ctx.client, ctx.manifest.looksRare, seller.address);
  const maker = looksRareAsk({
    signer: seller.address,
    collection: collection.address,
    standard: collection.standard,
    tokenId: plan.tokenId,
    amount: plan.amount,
    priceWei: plan.priceWei,
    ...window,
    globalNonce,
    subsetNonce: ctx.looksRareSellers.subsetNonce(seller.address),
    orderNonce: ctx.looksRareSellers.orderNonce(),
  });
  const signature = await seller.signTypedData(looksRareTypedData(maker, ctx.chainId, protocol));
  return {
    listing: {
      ...listingFields(plan),
      protocol: 'looksrare-v2',
      maker,
      signature,
      orderHash: makerHash(maker),
      priceWei: maker.price,
    },
    request: toLooksRarePostListing(maker, signature, ctx.chainId, protocol),
  };
}

function listingFields(plan: ListingPlan) {
  return { collection: plan.collection, seller: plan.seller.address, tokenId: plan.tokenId, amount: plan.amount };
}

async function sendTrade(
  ctx: TraderContext,
  trade: {
    kind: SimulatedTrade['kind'];
    call: TradeCall;
    buyer: LocalAccount;
    collection: SimCollection;
    listings: readonly SimListing[];
  },
): Promise<Hex> {
  const { listings, call } = trade;
  const record: SimulatedTrade = {
    kind: trade.kind,
    method: call.method,
    txHash: '0x',
    buyer: trade.buyer.address,
    collection: trade.collection.slug,
    orders: listings.map((l) => ({
      orderHash: l.orderHash,
      seller: l.seller,
      tokenId: l.tokenId,
      amount: l.amount,
      priceWei: l.priceWei,
      marketplace: MARKETPLACE_OF[l.protocol],
    })),
    sentAt: new Date(ctx.nowMs()).toISOString(),
    status: 'pending',
  };
  const txHash = await ctx.sender.send(
    trade.buyer,
    { to: call.to, data: call.data, value: totalPrice(listings) },
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

/** The depth of the book of listings nothing in flight is about to take. */
export function bookShape(ctx: TraderContext): BookShape {
  return new BookShape(available(ctx), ctx.collections.length);
}

/** Listings nothing in flight is about to fill, cancel, move or (by a counter or nonce bump) invalidate. */
export function available(ctx: TraderContext): SimListing[] {
  return ctx.book
    .available(
      (key) => ctx.sender.isClaimed(key),
      (orderHash) => ctx.sender.isOrderClaimed(orderHash),
    )
    .filter((listing) => !ctx.sender.isClaimed(counterKey(listing.seller, listing.protocol)));
}

/** A listing of a collection picked with the hot one weighted up. */
function pickListing(ctx: TraderContext, listings: readonly SimListing[]): SimListing | null {
  const collection = ctx.market.pick(distinctCollections(listings));
  if (!collection) return null;
  return ctx.random.pick(listings.filter((l) => l.collection.slug === collection.slug));
}

function holdersWhoMaySign(ctx: TraderContext, collection: SimCollection, protocol: ExchangeProtocol): Address[] {
  return ctx.view
    .holders(collection.address)
    .filter(
      (holder) =>
        !ctx.sender.isClaimed(counterKey(holder, protocol)) &&
        !(protocol === 'looksrare-v2' && ctx.sender.isClaimed(looksRareApprovalKey(holder))),
    );
}

function distinctCollections(listings: readonly SimListing[]): SimCollection[] {
  return [...new Map(listings.map((l) => [l.collection.slug, l.collection])).values()];
}

function totalPrice(listings: readonly SimListing[]): bigint {
  return listings.reduce((sum, l) => sum + l.priceWei, 0n);
}

function onSeaport(listing: SimListing): listing is SeaportListing {
  return listing.protocol === 'seaport';
}

function onLooksRare(listing: SimListing): listing is LooksRareListing {
  return listing.protocol === 'looksrare-v2';
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
