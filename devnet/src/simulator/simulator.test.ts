import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  LOOKSRARE_ABI,
  type LooksRareMaker,
  looksRareTypedData,
  makerFromJson,
  makerHash,
  orderFromJson,
  QuoteType,
  receiptOf,
  SEAPORT_ABI,
  seaportOrderHash,
  seaportTypedData,
  STANDARD_SALE_STRATEGY,
} from '@floordesk/contracts';
import { DEVNET_CHAIN_ID, type PostListingRequest, type SimulatorState } from '@floordesk/protocol';
import {
  type Address,
  createPublicClient,
  type Hex,
  http,
  isAddressEqual,
  getAddress,
  type Log,
  parseAbi,
  parseEventLogs,
  type TransactionReceipt,
  verifyTypedData,
  zeroAddress,
  zeroHash,
} from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { botAccounts } from '../accounts';
import { COLLECTIONS } from '../catalog';
import { type Devnet, rpc, startDevnet } from '../devnet';
import { DEVNET_ERC1155_ABI, DEVNET_ERC721_ABI, ETH_USD_FEED_ABI } from '../devnet-abi';
import { missingLooksRareApprovals } from '../looksrare';

import { BOOK_DEPTH, OPENSEA_SHARE } from './policy';
import {
  type SimListing,
  type SimulatedTrade,
  type Simulator,
  type SimulatorAction,
  type SimulatorOptions,
  startSimulator,
  type TradeMethod,
} from './simulator';

const EVENTS = parseAbi([
  'event OrderFulfilled(bytes32 orderHash, address indexed offerer, address indexed zone, address recipient, (uint8 itemType, address token, uint256 identifier, uint256 amount)[] offer, (uint8 itemType, address token, uint256 identifier, uint256 amount, address recipient)[] consideration)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TakerBid((bytes32 orderHash, uint256 orderNonce, bool isNonceInvalidated) nonceInvalidationParameters, address bidUser, address bidRecipient, uint256 strategyId, address currency, address collection, uint256[] itemIds, uint256[] amounts, address[2] feeRecipients, uint256[3] feeAmounts)',
]);
/** Every way a LooksRare seller cancels: one ask by its order nonce, a group by its subset, all by a new ask nonce. */
const LOOKSRARE_CANCEL_EVENTS = parseAbi([
  'event OrderNoncesCancelled(address user, uint256[] orderNonces)',
  'event SubsetNoncesCancelled(address user, uint256[] subsetNonces)',
  'event NewBidAskNonces(address user, uint256 bidNonce, uint256 askNonce)',
]);

const OWNER_OF_ABI = parseAbi(['function ownerOf(uint256 tokenId) view returns (address)']);

let devnet: Devnet;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'floordesk-simulator-'));
  devnet = await startDevnet({ dataDir, origin: 'http://127.0.0.1:1', blockTimeSeconds: 0 });
});

afterAll(async () => {
  await devnet?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** A simulator on the test devnet that acts only when stepped, unless told otherwise. */
function simulate(options: Partial<SimulatorOptions> & { seed: string }): Simulator {
  return startSimulator({
    rpcUrl: devnet.rpcUrl,
    manifest: devnet.manifest,
    postListing: async () => {},
    ratePerMinute: 0,
    ...options,
  });
}

function chain() {
  return createPublicClient({ chain: foundry, transport: http(devnet.rpcUrl), pollingInterval: 50 });
}

/** Every way the simulator buys. */
const TRADE_METHODS: readonly TradeMethod[] = [
  'fulfillOrder',
  'fulfillBasicOrder_efficient_6GL6yc',
  'fulfillAvailableAdvancedOrders',
  'executeTakerBid',
  'executeMultipleTakerBids',
];
const LOOKSRARE_CANCELS = LOOKSRARE_CANCEL_EVENTS.map((event) => event.name);
/** A seeded run steps this many actions at a time until it has done what its tests check, within `most` actions. */
const RUN = { batch: 20, most: 2_000 } as const;

describe('a seeded run', () => {
  /** Posted after the opening. */
  const listings: PostListingRequest[] = [];
  /** Every LooksRare ask posted, the opening's too. */
  const asks: LooksRareMaker[] = [];
  let simulator: Simulator;
  let opening: SimulatorState['actions'];
  const actions: SimulatorAction[] = [];
  let trades: readonly SimulatedTrade[];
  const receipts = new Map<Hex, TransactionReceipt>();
  let cancels: LooksRareCancel[];

  beforeAll(async () => {
    simulator = simulate({
      seed: 'floor-sweeper',
      postListing: async (listing) => {
        listings.push(listing);
        if (listing.protocol === 'looksrare-v2') asks.push(makerFromJson(listing.parameters));
      },
    });
    // Zero steps wait for the opening listings.
    await simulator.step(0);
    opening = simulator.state().actions;
    listings.length = 0;
    const from = await chain().getBlockNumber();
    // Sweeps on either exchange and LooksRare's rarer cancels come by chance, a few in every few hundred actions: the
    // run lasts until each has happened.
    const seen = async () => {
      const methods = new Set(simulator.trades().map((trade) => trade.method));
      const kinds = new Set((await looksRareCancels(from)).map((log) => log.eventName));
      return TRADE_METHODS.every((method) => methods.has(method)) && LOOKSRARE_CANCELS.every((kind) => kinds.has(kind));
    };
    while (actions.length < RUN.most && !(await seen())) actions.push(...(await simulator.step(RUN.batch)));
    await mined();
    trades = simulator.trades();
    for (const trade of trades) {
      receipts.set(trade.txHash, await receiptOf(chain(), trade.txHash));
    }
    cancels = await looksRareCancels(from);
  });

  afterAll(() => simulator?.stop());

  it('posts listings that verify against their exchange on the devnet, signed by their offerer', async () => {
    expect(listings.length).toBeGreaterThan(10);
    const posted = new Set(
      actions.flatMap((action) => (action.kind === 'list' || action.kind === 'reprice' ? action.orderHashes : [])),
    );
    for (const listing of listings) {
      const { exchange, orderHash, signedBySigner } = await signedListing(listing);
      expect(listing.chain_id).toBe(DEVNET_CHAIN_ID);
      expect(listing.protocol_address).toBe(exchange);
      expect(signedBySigner).toBe(true);
      expect(posted.has(orderHash)).toBe(true);
    }
  });

  it('lists one NFT on OpenSea for ETH to the seller, then OpenSea’s fee through its conduit, then the royalty', () => {
    const { conduit, marketplaces, deployer } = devnet.manifest;
    const orders = listings.flatMap((l) => (l.protocol === 'seaport' ? [orderFromJson(l.parameters)] : []));
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders) {
      expect(order.offer).toHaveLength(1);
      expect([2, 3]).toContain(order.offer[0]?.itemType);
      expect(order.consideration.map((item) => item.itemType)).toEqual([0, 0, 0]);
      expect(order.consideration.map((item) => item.recipient)).toEqual([
        order.offerer,
        marketplaces.opensea.feeRecipient,
        deployer,
      ]);
      expect(order.conduitKey).toBe(conduit.key);
      expect(order.endTime).toBeGreaterThan(order.startTime);
    }
  });

  it('asks on LooksRare as its front end does: the standard sale of one NFT for ETH, an order nonce each', () => {
    const makers = listings.flatMap((l) => (l.protocol === 'looksrare-v2' ? [makerFromJson(l.parameters)] : []));
    expect(makers.length).toBeGreaterThan(0);
    for (const maker of makers) {
      expect(maker).toMatchObject({
        quoteType: QuoteType.Ask,
        strategyId: STANDARD_SALE_STRATEGY,
        currency: zeroAddress,
        additionalParameters: '0x',
      });
      expect(maker.itemIds).toHaveLength(1);
      expect(maker.amounts).toHaveLength(1);
      expect(maker.endTime).toBeGreaterThan(maker.startTime);
    }
    expect(new Set(makers.map((maker) => `${maker.signer}:${maker.orderNonce}`)).size).toBe(makers.length);
  });

  it('lists on OpenSea and LooksRare about three to two', () => {
    const looksRare = listings.filter((listing) => listing.protocol === 'looksrare-v2').length;
    expect(looksRare / listings.length).toBeGreaterThan(1 - OPENSEA_SHARE - 0.15);
    expect(looksRare / listings.length).toBeLessThan(1 - OPENSEA_SHARE + 0.15);
  });

  it("approves LooksRare's TransferManager on each collection it asks in, and grants it the exchange", async () => {
    const client = chain();
    const sellers = new Map<string, { signer: Address; collection: Address }>();
    for (const listing of listings) {
      if (listing.protocol !== 'looksrare-v2') continue;
      const { signer, collection } = makerFromJson(listing.parameters);
      sellers.set(`${signer}:${collection}`, { signer, collection });
    }
    expect(sellers.size).toBeGreaterThan(0);
    for (const { signer, collection } of sellers.values()) {
      const missing = await missingLooksRareApprovals(client, devnet.manifest.looksRare, signer, collection);
      expect({ signer, collection, missing }).toEqual({ signer, collection, missing: [] });
    }
  });

  it('buys single listings and sweeps several in one transaction, on both exchanges', () => {
    expect(done(actions, 'buy').length).toBeGreaterThan(0);
    expect(done(actions, 'sweep').length).toBeGreaterThan(0);
    expect(trades.filter((trade) => trade.kind === 'sweep').every((trade) => trade.orders.length >= 2)).toBe(true);
    expect(new Set(trades.map((trade) => trade.method))).toEqual(new Set(TRADE_METHODS));
  });

  it("fills LooksRare asks on LooksRare's exchange, alone and several in one transaction", () => {
    const takerBidsPerTrade = [...receipts.values()].map(
      (receipt) =>
        parseEventLogs({ abi: EVENTS, eventName: 'TakerBid', logs: receipt.logs }).filter((log) =>
          isAddressEqual(log.address, devnet.manifest.looksRare.protocol),
        ).length,
    );
    expect(takerBidsPerTrade).toContain(1);
    expect(takerBidsPerTrade.some((count) => count >= 2)).toBe(true);
  });

  it('cancels LooksRare asks each of the three ways, always asks it posted', () => {
    expect(new Set(cancels.map((log) => log.eventName))).toEqual(new Set(LOOKSRARE_CANCELS));
    const bots = new Set(botAccounts().map((bot) => bot.address));
    expect(cancels.filter((log) => !bots.has(log.args.user))).toEqual([]);
    expect(cancels.filter((log) => !endsOwnAsks(log, asks))).toEqual([]);
  });

  it("records each trade as the chain's OrderFulfilled and TakerBid events show it", () => {
    for (const trade of trades) {
      const receipt = receipts.get(trade.txHash);
      expect(receipt?.status).toBe('success');
      const fills = fillsIn(receipt?.logs ?? []);
      expect(fills).toHaveLength(trade.orders.length);
      for (const order of trade.orders) {
        const fill = fills.find((f) => f.orderHash === order.orderHash);
        expect(fill).toEqual({
          orderHash: order.orderHash,
          marketplace: order.marketplace,
          paid: order.priceWei,
          buyer: trade.buyer,
          seller: getAddress(order.seller),
        });
      }
    }
  });

  it('moves every NFT it buys from the seller to the buyer on chain', () => {
    const bought = trades.flatMap((trade) => trade.orders.map((order) => ({ trade, order })));
    expect(bought.length).toBeGreaterThan(0);
    for (const { trade, order } of bought) {
      const receipt = receipts.get(trade.txHash);
      const collection = devnet.manifest.collections.find((c) => c.slug === trade.collection);
      if (!receipt || !collection) throw new Error(`no receipt or collection for ${trade.txHash}`);
      const moved = parseEventLogs({ abi: EVENTS, logs: receipt.logs }).some((log) => {
        if (!isAddressEqual(log.address, collection.address)) return false;
        if (log.eventName === 'Transfer') {
          return (
            log.args.tokenId === order.tokenId &&
            isAddressEqual(log.args.from, order.seller) &&
            log.args.to === trade.buyer
          );
        }
        if (log.eventName === 'TransferSingle') {
          return log.args.id === order.tokenId && log.args.value === order.amount && log.args.to === trade.buyer;
        }
        return false;
      });
      expect(moved).toBe(true);
    }
  });

  it('shows the ERC-721 tokens it bought owned by the seller before the trade and by the buyer after', async () => {
    const client = chain();
    const bought = trades.flatMap((trade) => {
      const collection = devnet.manifest.collections.find((c) => c.slug === trade.collection);
      const receipt = receipts.get(trade.txHash);
      if (collection?.standard !== 'erc721' || !receipt) return [];
      return trade.orders.map((order) => ({ trade, order, collection, block: receipt.blockNumber }));
    });
    expect(bought.length).toBeGreaterThan(0);
    for (const { trade, order, collection, block } of bought) {
      const ownerAt = (blockNumber: bigint) =>
        client.readContract({
          address: collection.address,
          abi: OWNER_OF_ABI,
          functionName: 'ownerOf',
          args: [order.tokenId],
          blockNumber,
        });
      expect(isAddressEqual(await ownerAt(block - 1n), order.seller)).toBe(true);
      expect(await ownerAt(block)).toBe(trade.buyer);
    }
  });

  it("never buys a bot's own listing", () => {
    for (const trade of trades) {
      for (const order of trade.orders) expect(isAddressEqual(order.seller, trade.buyer)).toBe(false);
    }
  });

  it('counts what it did and names the hot collection', () => {
    const state = simulator.state();
    expect(state.state).toBe('running');
    expect(state.bots).toBe(20);
    expect(state.hot_collection).not.toBeNull();
    const acted = actions.filter((action) => action.outcome === 'done' && action.kind !== 'idle').length;
    const counted = Object.entries(state.actions)
      .filter(([kind]) => kind !== 'error' && kind !== 'refused')
      .reduce((sum, [kind, count]) => sum + count - (opening[kind] ?? 0), 0);
    expect(counted).toBe(acted);
    expect(state.actions.error ?? 0).toBe(0);
  });
});

describe('a living book', () => {
  it('keeps every collection listed by three sellers and the book near its opening depth as it trades', async () => {
    const simulator = simulate({ seed: 'living book' });
    try {
      await simulator.step(0);
      const opening = simulator.listings().length;
      expect(opening).toBeGreaterThanOrEqual(BOOK_DEPTH.target * devnet.manifest.collections.length);
      await simulator.step(240);
      expect(simulator.trades().filter((trade) => trade.status === 'success').length).toBeGreaterThan(30);
      await mined();
      // One more look at the chain settles the last trades and forgets what they filled.
      await simulator.step(1);
      const book = simulator.listings();
      expect(book.length).toBeGreaterThanOrEqual(0.8 * opening);
      const thinnest = devnet.manifest.collections.map((collection) => {
        const listed = book.filter((listing) => listing.collection.slug === collection.slug);
        return {
          tokens: new Set(listed.map((l) => `${l.seller}:${l.tokenId}`)).size,
          sellers: new Set(listed.map((l) => l.seller)).size,
        };
      });
      expect(Math.min(...thinnest.map((c) => c.tokens))).toBeGreaterThanOrEqual(BOOK_DEPTH.floorTokens);
      expect(Math.min(...thinnest.map((c) => c.sellers))).toBeGreaterThanOrEqual(BOOK_DEPTH.floorSellers);
      expect(new Set(book.map((listing) => listing.protocol))).toEqual(new Set(['seaport', 'looksrare-v2']));
      for (const listing of book) {
        expect({ listing: listing.orderHash, unfillable: await whyUnfillable(listing) }).toEqual({
          listing: listing.orderHash,
          unfillable: [],
        });
      }
    } finally {
      await simulator.stop();
    }
  });
});

describe('on its own timer', () => {
  it('acts at its rate, counts refused listings, and leaves no timer behind after stop()', async () => {
    const timersBefore = activeTimers();
    let offered = 0;
    const simulator = simulate({
      // Every other listing is refused, as an order book does when its view of the chain lags.
      postListing: async () => {
        if (++offered % 2 === 0) throw new Error('owner mismatch');
      },
      ratePerMinute: 1_200,
      openingListings: 5,
      seed: 'timer',
    });
    const trading = () =>
      Object.keys(simulator.state().actions).filter((kind) => !['list', 'refused', 'error'].includes(kind));
    // About 3 s at this rate on an idle machine; a busy one gets longer, the timer still acting alone.
    await vi.waitFor(
      () => {
        expect(Object.values(simulator.state().actions).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(10);
        // The timer draws its actions at random, not only the opening listings.
        expect(trading().length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 120_000, interval: 100 },
    );
    await simulator.stop();
    const state = simulator.state();
    expect(state.state).toBe('stopped');
    const total = Object.values(state.actions).reduce((sum, count) => sum + count, 0);
    expect(state.actions.refused).toBeGreaterThan(0);
    expect(state.actions.error).toBeUndefined();
    await sleep(500);
    expect(Object.values(simulator.state().actions).reduce((sum, count) => sum + count, 0)).toBe(total);
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
  });

  it('sends several transactions per block on an interval-mining chain and settles them from receipts', async () => {
    await rpc(devnet.rpcUrl, 'evm_setIntervalMining', [2]);
    const client = chain();
    const startBlock = await client.getBlockNumber();
    const simulator = simulate({ seed: 'blocks' });
    try {
      const actions = await simulator.step(40);
      const sent = actions.filter((action) => action.txHash !== null);
      const traded = new Set(simulator.trades().map((trade) => trade.txHash));
      const blocks = (await client.getBlockNumber()) - startBlock;
      expect(sent.length).toBeGreaterThan(Number(blocks) + 1);
      // Two blocks later every transaction is mined; one more step settles what it sent.
      await sleep(4_500);
      await simulator.step(1);
      const statuses = simulator
        .trades()
        .filter((trade) => traded.has(trade.txHash))
        .map((trade) => trade.status);
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.every((status) => status === 'success' || status === 'reverted')).toBe(true);
      expect(simulator.state().actions.error ?? 0).toBe(0);
    } finally {
      await simulator.stop();
      await rpc(devnet.rpcUrl, 'evm_setAutomine', [true]);
    }
  });
});

describe("the deployer's chores", () => {
  it('reveals the hidden collection once due and moves the ETH/USD feed a small step a minute later', async () => {
    const hidden = COLLECTIONS.find((spec) => spec.revealAfterMs !== undefined);
    const collection = devnet.manifest.collections.find((c) => c.slug === hidden?.slug);
    if (!hidden?.revealAfterMs || !collection) throw new Error('the catalog has no hidden collection');
    const client = chain();
    const revealed = () =>
      client.readContract({ address: collection.address, abi: DEVNET_ERC721_ABI, functionName: 'revealed' });
    const feed = () =>
      client.readContract({
        address: devnet.manifest.ethUsdFeed,
        abi: ETH_USD_FEED_ABI,
        functionName: 'latestRoundData',
      });
    expect(await revealed()).toBe(false);
    const [initialRound, initialAnswer] = await feed();

    let clock = Date.parse(devnet.manifest.createdAt) + hidden.revealAfterMs - 1_000;
    const messages: string[] = [];
    const simulator = simulate({
      seed: 'chores',
      now: () => new Date(clock),
      log: (message) => messages.push(message),
    });
    try {
      await simulator.step(1);
      await mined();
      expect(await revealed()).toBe(false);
      clock += 2_000;
      await simulator.step(1);
      await mined();
      expect(await revealed()).toBe(true);
      // The next tick sees the reveal's block and settles it.
      await simulator.step(1);
      expect(messages).toContain(`revealed ${collection.slug}`);

      clock += 61_000;
      await simulator.step(1);
      await mined();
      const [roundId, answer] = await feed();
      // Earlier simulators in this file may have moved it too, had they run for over a minute.
      expect(roundId).toBe(initialRound + 1n);
      expect(answer).not.toBe(initialAnswer);
      const change = Number(answer - initialAnswer) / Number(initialAnswer);
      expect(Math.abs(change)).toBeLessThan(0.005);
    } finally {
      await simulator.stop();
    }
  });
});

/** LooksRare's cancel events since `fromBlock`, in chain order. */
function looksRareCancels(fromBlock: bigint) {
  return chain().getLogs({
    address: devnet.manifest.looksRare.protocol,
    events: LOOKSRARE_CANCEL_EVENTS,
    fromBlock,
    strict: true,
  });
}

type LooksRareCancel = Awaited<ReturnType<typeof looksRareCancels>>[number];

/**
 * Whether a cancel ends only asks its sender posted: order or subset nonces its asks carry, or its ask nonce alone
 * (the bots make no bids, so their bid nonce stays 0).
 */
function endsOwnAsks(log: LooksRareCancel, asks: readonly LooksRareMaker[]): boolean {
  const own = asks.filter((maker) => isAddressEqual(maker.signer, log.args.user));
  switch (log.eventName) {
    case 'OrderNoncesCancelled':
      return log.args.orderNonces.every((nonce) => own.some((maker) => maker.orderNonce === nonce));
    case 'SubsetNoncesCancelled':
      return log.args.subsetNonces.every((nonce) => own.some((maker) => maker.subsetNonce === nonce));
    case 'NewBidAskNonces':
      return log.args.bidNonce === 0n && log.args.askNonce > 0n;
    default:
      return log satisfies never;
  }
}

/**
 * Waits until the node has mined everything the simulator sent: it sends without waiting, and an automining anvil
 * answers a send before the block is in (on a busy machine, often before the test reads the chain).
 */
async function mined(): Promise<void> {
  while ((await rpc<{ pending: string }>(devnet.rpcUrl, 'txpool_status', [])).pending !== '0x0') await sleep(20);
}

function done(actions: readonly SimulatorAction[], kind: SimulatorAction['kind']): SimulatorAction[] {
  return actions.filter((action) => action.kind === kind && action.outcome === 'done');
}

/** Why the listing's exchange would not fill it now, as it checks on a fill; nothing for a fillable listing. */
async function whyUnfillable(listing: SimListing): Promise<string[]> {
  const client = chain();
  const reasons: string[] = [];
  const { collection, seller, tokenId } = listing;
  const held =
    collection.standard === 'erc721'
      ? isAddressEqual(
          await client.readContract({
            address: collection.address,
            abi: OWNER_OF_ABI,
            functionName: 'ownerOf',
            args: [tokenId],
          }),
          seller,
        )
      : (await client.readContract({
          address: collection.address,
          abi: DEVNET_ERC1155_ABI,
          functionName: 'balanceOf',
          args: [seller, tokenId],
        })) >= listing.amount;
  if (!held) reasons.push('the seller no longer holds the token');
  if (listing.protocol === 'seaport') {
    const seaport = { address: devnet.manifest.seaport, abi: SEAPORT_ABI } as const;
    const [[, isCancelled, totalFilled], counter] = await Promise.all([
      client.readContract({ ...seaport, functionName: 'getOrderStatus', args: [listing.orderHash] }),
      client.readContract({ ...seaport, functionName: 'getCounter', args: [seller] }),
    ]);
    if (isCancelled) reasons.push('cancelled');
    if (totalFilled > 0n) reasons.push('filled');
    if (counter !== listing.order.counter) reasons.push('signed at an old counter');
    return reasons;
  }
  const { maker } = listing;
  const looksRare = { address: devnet.manifest.looksRare.protocol, abi: LOOKSRARE_ABI } as const;
  const [[, askNonce], orderNonceStatus, subsetCancelled, missingApprovals] = await Promise.all([
    client.readContract({ ...looksRare, functionName: 'userBidAskNonces', args: [seller] }),
    client.readContract({ ...looksRare, functionName: 'userOrderNonce', args: [seller, maker.orderNonce] }),
    client.readContract({ ...looksRare, functionName: 'userSubsetNonce', args: [seller, maker.subsetNonce] }),
    missingLooksRareApprovals(client, devnet.manifest.looksRare, seller, collection.address),
  ]);
  if (askNonce !== maker.globalNonce) reasons.push('signed at an old ask nonce');
  if (orderNonceStatus !== zeroHash) reasons.push('its order nonce is spent or cancelled');
  if (subsetCancelled) reasons.push('its subset is cancelled');
  if (missingApprovals.length > 0) reasons.push('the TransferManager is not approved, or not granted the exchange');
  return reasons;
}

/** The listing's exchange and order hash, and whether its signature is its signer's, as the exchange recovers it. */
async function signedListing(listing: PostListingRequest) {
  const signature = listing.signature as Hex;
  if (listing.protocol === 'seaport') {
    const { seaport } = devnet.manifest;
    const order = orderFromJson(listing.parameters);
    const signedBySigner = await verifyTypedData({
      address: order.offerer,
      ...seaportTypedData(order, DEVNET_CHAIN_ID, seaport),
      signature,
    });
    return { exchange: seaport, orderHash: seaportOrderHash(order), signedBySigner };
  }
  const { protocol } = devnet.manifest.looksRare;
  const maker = makerFromJson(listing.parameters);
  const signedBySigner = await verifyTypedData({
    address: maker.signer,
    ...looksRareTypedData(maker, DEVNET_CHAIN_ID, protocol),
    signature,
  });
  return { exchange: protocol, orderHash: makerHash(maker), signedBySigner };
}

/** The orders a transaction filled, as either exchange's own event tells: what the buyer paid, to which seller. */
function fillsIn(logs: readonly Log[]) {
  const { seaport, looksRare } = devnet.manifest;
  return parseEventLogs({ abi: EVENTS, logs: [...logs] }).flatMap((log) => {
    if (log.eventName === 'OrderFulfilled' && isAddressEqual(log.address, seaport)) {
      const { orderHash, consideration, recipient, offerer } = log.args;
      const paid = consideration.reduce((sum, item) => sum + item.amount, 0n);
      return [{ orderHash, marketplace: 'opensea', paid, buyer: recipient, seller: offerer }];
    }
    if (log.eventName === 'TakerBid' && isAddressEqual(log.address, looksRare.protocol)) {
      // The first fee recipient is the maker, paid the proceeds; the gross price is all three amounts.
      const { nonceInvalidationParameters, feeAmounts, bidRecipient, feeRecipients } = log.args;
      const paid = feeAmounts.reduce((sum, amount) => sum + amount, 0n);
      return [
        {
          orderHash: nonceInvalidationParameters.orderHash,
          marketplace: 'looks',
          paid,
          buyer: bidRecipient,
          seller: feeRecipients[0],
        },
      ];
    }
    return [];
  });
}

function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
}
