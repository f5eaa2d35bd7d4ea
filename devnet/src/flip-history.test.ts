import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FLIPPER_RULE } from '@floordesk/protocol';
import { createPublicClient, http, isAddressEqual, parseAbi, type PublicClient } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botAccounts } from './accounts';
import { type Devnet, startDevnet } from './devnet';
import { FLIP_HISTORY } from './flip-history';

const ORDER_FULFILLED = parseAbi([
  'event OrderFulfilled(bytes32 orderHash, address indexed offerer, address indexed zone, address recipient, (uint8 itemType, address token, uint256 identifier, uint256 amount)[] offer, (uint8 itemType, address token, uint256 identifier, uint256 amount, address recipient)[] consideration)',
]);
const TAKER_BID = parseAbi([
  'event TakerBid((bytes32 orderHash, uint256 orderNonce, bool isNonceInvalidated) nonceInvalidationParameters, address bidUser, address bidRecipient, uint256 strategyId, address currency, address collection, uint256[] itemIds, uint256[] amounts, address[2] feeRecipients, uint256[3] feeAmounts)',
]);
const DAY_S = 86_400;

let devnet: Devnet;
let dataDir: string;
const startedAt = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'floordesk-flips-'));
  devnet = await startDevnet({ dataDir, origin: 'http://127.0.0.1:1', blockTimeSeconds: 0 });
});

afterAll(async () => {
  await devnet?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

type Sale = {
  marketplace: 'opensea' | 'looks';
  block: bigint;
  logIndex: number;
  collection: string;
  tokenId: bigint;
  seller: string;
  buyer: string;
  paid: bigint;
  proceeds: bigint;
};

/** Every sale on the devnet's two exchanges, in chain order: OpenSea's on Seaport, LooksRare's on its own. */
async function salesOnChain(client: PublicClient): Promise<Sale[]> {
  const seaport = await client.getContractEvents({
    address: devnet.manifest.seaport,
    abi: ORDER_FULFILLED,
    eventName: 'OrderFulfilled',
    fromBlock: 0n,
    strict: true,
  });
  const looksRare = await client.getContractEvents({
    address: devnet.manifest.looksRare.protocol,
    abi: TAKER_BID,
    eventName: 'TakerBid',
    fromBlock: 0n,
    strict: true,
  });
  const sales: Sale[] = [
    ...seaport.map(({ args, blockNumber, logIndex }): Sale => ({
      marketplace: 'opensea',
      block: blockNumber,
      logIndex,
      collection: args.offer[0]?.token ?? '',
      tokenId: args.offer[0]?.identifier ?? 0n,
      seller: args.offerer,
      buyer: args.recipient,
      paid: args.consideration.reduce((sum, item) => sum + item.amount, 0n),
      proceeds: args.consideration.find((item) => item.recipient === args.offerer)?.amount ?? 0n,
    })),
    // The first fee recipient is the seller, paid its proceeds; the other two amounts are the royalty and LooksRare's.
    ...looksRare.map(({ args, blockNumber, logIndex }): Sale => ({
      marketplace: 'looks',
      block: blockNumber,
      logIndex,
      collection: args.collection,
      tokenId: args.itemIds[0] ?? 0n,
      seller: args.feeRecipients[0],
      buyer: args.bidRecipient,
      paid: args.feeAmounts.reduce((sum, amount) => sum + amount, 0n),
      proceeds: args.feeAmounts[0],
    })),
  ];
  return sales.toSorted((a, b) => (a.block === b.block ? a.logIndex - b.logIndex : a.block < b.block ? -1 : 1));
}

/** Per wallet, its round trips as the flipper rule counts them (before gas, which is a few thousandths of a price). */
function roundTrips(sales: readonly Sale[], wallet: string) {
  const bought = new Map<string, bigint>();
  const trips: { collection: string; profit: bigint }[] = [];
  for (const sale of sales) {
    const key = `${sale.collection}:${sale.tokenId}`;
    if (isAddressEqual(sale.buyer as `0x${string}`, wallet as `0x${string}`)) bought.set(key, sale.paid);
    const paid = bought.get(key);
    if (isAddressEqual(sale.seller as `0x${string}`, wallet as `0x${string}`) && paid !== undefined) {
      trips.push({ collection: sale.collection, profit: sale.proceeds - paid });
      bought.delete(key);
    }
  }
  const wins = trips.filter((trip) => trip.profit > 0n).length;
  return {
    trades: trips.length,
    collections: new Set(trips.map((t) => t.collection)).size,
    winRate: wins / trips.length,
  };
}

describe('the deploy’s month of flips', () => {
  it('makes the skilled bots meet the flipper rule within the last 30 days, and the others miss it', async () => {
    const client = createPublicClient({ chain: foundry, transport: http(devnet.rpcUrl) });
    const sales = await salesOnChain(client);
    const times = new Map<bigint, number>();
    for (const { block } of sales) {
      if (!times.has(block)) times.set(block, Number((await client.getBlock({ blockNumber: block })).timestamp));
    }
    // The month trades on both marketplaces, and the flipper rule counts the trades of both.
    expect(new Set(sales.map((sale) => sale.marketplace))).toEqual(new Set(['opensea', 'looks']));
    const bots = botAccounts();
    for (const { bot } of FLIP_HISTORY.skilled) {
      const figures = roundTrips(sales, bots[bot]!.address);
      expect(figures.trades).toBeGreaterThan(FLIPPER_RULE.minTradesExclusive);
      expect(figures.collections).toBeGreaterThan(FLIPPER_RULE.minCollectionsExclusive);
      expect(figures.winRate * 100).toBeGreaterThan(FLIPPER_RULE.minWinRateExclusive);
      expect(figures.winRate).toBeLessThan(1);
    }
    for (const { bot } of FLIP_HISTORY.unskilled) {
      const figures = roundTrips(sales, bots[bot]!.address);
      expect(figures.trades).toBeGreaterThan(FLIPPER_RULE.minTradesExclusive);
      expect(figures.winRate * 100).toBeLessThanOrEqual(FLIPPER_RULE.minWinRateExclusive);
    }
    const saleTimes = [...times.values()];
    expect(Math.min(...saleTimes)).toBeGreaterThan(startedAt - FLIPPER_RULE.windowDays * DAY_S);
    // Spread over the month, not bunched at its end.
    expect(Math.max(...saleTimes) - Math.min(...saleTimes)).toBeGreaterThan(25 * DAY_S);
  });

  it('records a book under every traded collection from the history’s first day until its last batch is sold', () => {
    const history = devnet.manifest.listingHistory;
    const collections = [...new Set(history.map((listing) => listing.collection))];
    expect(collections).toHaveLength(FLIP_HISTORY.collections);
    const historyStart = startedAt - FLIP_HISTORY.spanMs / 1000;
    for (const collection of collections) {
      const listings = history.filter((listing) => listing.collection === collection);
      const lastSale = Math.max(...listings.map((listing) => listing.endedAt));
      expect(Math.min(...listings.map((listing) => listing.listedAt))).toBeLessThan(historyStart + DAY_S);
      // Every moment up to the last sale has an open listing: a floor.
      for (let t = Math.min(...listings.map((l) => l.listedAt)); t < lastSale; t += 3_600) {
        expect(listings.some((listing) => listing.listedAt <= t && listing.endedAt > t)).toBe(true);
      }
    }
  });

  it('returns the chain to the present: the head and the first person’s subscription are at the wall clock', async () => {
    const client = createPublicClient({ chain: foundry, transport: http(devnet.rpcUrl) });
    const receipt = await client.getTransactionReceipt({ hash: devnet.manifest.subscriptions.devnetPayment });
    const paidAt = Number((await client.getBlock({ blockNumber: receipt.blockNumber })).timestamp);
    expect(paidAt).toBeGreaterThanOrEqual(startedAt - 5);
    expect(paidAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 5);
  });
});
