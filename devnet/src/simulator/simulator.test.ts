import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  orderFromJson,
  receiptOf,
  SEAPORT_ABI,
  SEAPORT_ORDER_TYPES,
  seaportDomain,
  seaportOrderHash,
} from '@floordesk/contracts';
import { DEVNET_CHAIN_ID, type PostListingRequest, type SimulatorState } from '@floordesk/protocol';
import {
  createPublicClient,
  type Hex,
  http,
  isAddressEqual,
  parseAbi,
  parseEventLogs,
  type TransactionReceipt,
  verifyTypedData,
  zeroHash,
} from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COLLECTIONS } from '../catalog';
import { type Devnet, rpc, startDevnet } from '../devnet';
import { DEVNET_ERC1155_ABI, DEVNET_ERC721_ABI, ETH_USD_FEED_ABI } from '../devnet-abi';
import { BOOK_DEPTH } from './policy';
import {
  type SimulatedTrade,
  type Simulator,
  type SimulatorAction,
  type SimulatorOptions,
  startSimulator,
} from './simulator';

const EVENTS = parseAbi([
  'event OrderFulfilled(bytes32 orderHash, address indexed offerer, address indexed zone, address recipient, (uint8 itemType, address token, uint256 identifier, uint256 amount)[] offer, (uint8 itemType, address token, uint256 identifier, uint256 amount, address recipient)[] consideration)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
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

describe('sixty seeded actions', () => {
  const listings: PostListingRequest[] = [];
  let simulator: Simulator;
  let opening: SimulatorState['actions'];
  let actions: SimulatorAction[];
  let trades: readonly SimulatedTrade[];
  const receipts = new Map<Hex, TransactionReceipt>();

  beforeAll(async () => {
    simulator = simulate({
      seed: 'floor-sweeper',
      postListing: async (listing) => {
        listings.push(listing);
      },
    });
    // Zero steps wait for the opening listings.
    await simulator.step(0);
    opening = simulator.state().actions;
    listings.length = 0;
    actions = await simulator.step(60);
    trades = simulator.trades();
    for (const trade of trades) {
      receipts.set(trade.txHash, await receiptOf(chain(), trade.txHash));
    }
  });

  afterAll(() => simulator?.stop());

  it('posts listings that verify against Seaport on the devnet, signed by their offerer', async () => {
    expect(listings.length).toBeGreaterThan(10);
    const posted = new Set(
      actions.flatMap((action) => (action.kind === 'list' || action.kind === 'reprice' ? action.orderHashes : [])),
    );
    for (const listing of listings) {
      expect(listing.chain_id).toBe(DEVNET_CHAIN_ID);
      expect(listing.protocol_address).toBe(devnet.manifest.seaport);
      const order = orderFromJson(listing.parameters);
      const valid = await verifyTypedData({
        address: order.offerer,
        domain: seaportDomain(DEVNET_CHAIN_ID, devnet.manifest.seaport),
        types: SEAPORT_ORDER_TYPES,
        primaryType: 'OrderComponents',
        message: order,
        signature: listing.signature as Hex,
      });
      expect(valid).toBe(true);
      expect(posted.has(seaportOrderHash(order))).toBe(true);
    }
  });

  it('lists one NFT for ETH to the seller, then the marketplace fee, then the royalty', () => {
    for (const listing of listings) {
      const order = orderFromJson(listing.parameters);
      expect(order.offer).toHaveLength(1);
      expect([2, 3]).toContain(order.offer[0]?.itemType);
      expect(order.consideration.map((item) => item.itemType)).toEqual([0, 0, 0]);
      expect(order.consideration[0]?.recipient).toBe(order.offerer);
      expect(order.consideration[2]?.recipient).toBe(devnet.manifest.deployer);
      expect(order.endTime).toBeGreaterThan(order.startTime);
    }
  });

  it('lists on both marketplaces, OpenSea through its conduit and SoduSwap through Seaport itself', () => {
    const { conduit, marketplaces } = devnet.manifest;
    expect(feeRecipients(listings, conduit.key)).toEqual(new Set([marketplaces.opensea.feeRecipient]));
    expect(feeRecipients(listings, zeroHash)).toEqual(new Set([marketplaces.soduswap.feeRecipient]));
  });

  it('buys single listings and sweeps several in one transaction', () => {
    expect(done(actions, 'buy').length).toBeGreaterThan(0);
    expect(done(actions, 'sweep').length).toBeGreaterThan(0);
    expect(trades.some((trade) => trade.kind === 'sweep' && trade.orders.length >= 2)).toBe(true);
    expect(new Set(trades.map((trade) => trade.method)).size).toBe(3);
  });

  it("records each trade as the chain's OrderFulfilled events show it", () => {
    for (const trade of trades) {
      const receipt = receipts.get(trade.txHash);
      expect(receipt?.status).toBe('success');
      const fills = parseEventLogs({ abi: EVENTS, eventName: 'OrderFulfilled', logs: receipt?.logs ?? [] }).filter(
        (log) => isAddressEqual(log.address, devnet.manifest.seaport),
      );
      expect(fills).toHaveLength(trade.orders.length);
      for (const order of trade.orders) {
        const fill = fills.find((log) => log.args.orderHash === order.orderHash);
        expect(fill).toBeDefined();
        const paid = fill?.args.consideration.reduce((sum, item) => sum + item.amount, 0n);
        expect(paid).toBe(order.priceWei);
        expect(fill?.args.recipient).toBe(trade.buyer);
        expect(isAddressEqual(fill?.args.offerer ?? '0x', order.seller)).toBe(true);
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
      // Each is fillable on chain: its seller holds the token, and Seaport has it neither filled nor cancelled.
      const client = chain();
      const { seaport } = devnet.manifest;
      for (const listing of book) {
        const [, isCancelled, totalFilled] = await client.readContract({
          address: seaport,
          abi: SEAPORT_ABI,
          functionName: 'getOrderStatus',
          args: [listing.orderHash],
        });
        expect({ isCancelled, totalFilled }).toEqual({ isCancelled: false, totalFilled: 0n });
        const counter = await client.readContract({
          address: seaport,
          abi: SEAPORT_ABI,
          functionName: 'getCounter',
          args: [listing.seller],
        });
        expect(listing.order.counter).toBe(counter);
        const held =
          listing.collection.standard === 'erc721'
            ? isAddressEqual(
                await client.readContract({
                  address: listing.collection.address,
                  abi: OWNER_OF_ABI,
                  functionName: 'ownerOf',
                  args: [listing.tokenId],
                }),
                listing.seller,
              )
            : (await client.readContract({
                address: listing.collection.address,
                abi: DEVNET_ERC1155_ABI,
                functionName: 'balanceOf',
                args: [listing.seller, listing.tokenId],
              })) >= listing.amount;
        expect(held).toBe(true);
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

/** The fee recipients of the listings posted with the conduit key. */
function feeRecipients(listings: readonly PostListingRequest[], conduitKey: string): Set<string | undefined> {
  return new Set(
    listings
      .filter((listing) => listing.parameters.conduitKey === conduitKey)
      .map((listing) => listing.parameters.consideration[1]?.recipient),
  );
}

function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
}
