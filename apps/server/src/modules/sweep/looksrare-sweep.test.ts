import { LOOKSRARE_ABI, type LooksRareMaker, receiptOf } from '@floordesk/contracts';
import { botAccounts, toLooksRarePostListing, toPostListing } from '@floordesk/devnet';
import {
  DEVNET_CHAIN_ID,
  Status,
  SweepItemStatus,
  type SweepOrderData,
  type SweepQuoteData,
  type SweepQuotePart,
  type SweepQuoteRequest,
} from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { type Account, type Address, decodeFunctionData, erc721Abi, type Hex, parseEther } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { buildServer } from '../../http/server';
import { submitListing } from '../../market/listings/submit';
import { useTestDatabase } from '../../testing/database';
import { useTestDevnet } from '../../testing/devnet';
import {
  approveLooksRare,
  buildListing,
  buildLooksRareAsk,
  ownedToken,
  signListing,
  signLooksRareAsk,
  sweepQuoteRequest,
  walletOf,
} from '../../testing/market';
import { insertCollection } from '../../testing/market-rows';
import { testConfig } from '../../testing/server';
import { alice, sessionHeaders, signIn } from '../../testing/wallets';

const database = useTestDatabase();
const devnet = useTestDevnet();
const buyer = alice;
const CENTI_ETH = parseEther('0.01');
/** Bots that hold tokens of `collection` and are ready to list on LooksRare; each lists one token at a time. */
const sellers: Account[] = [];
let app: FastifyInstance;
let ctx: AppContext;
let headers: Record<string, string>;
let collection: Address;

beforeAll(async () => {
  const { chain, manifest } = devnet();
  const config = testConfig({ premiumAddresses: new Set([buyer.address.toLowerCase()]) });
  ctx = { config, db: database().db, now: () => new Date(), chain };
  app = await buildServer({ config, db: database().db, chain });
  headers = sessionHeaders(await signIn(app, buyer));
  collection = manifest.collections.find((c) => c.standard === 'erc721')?.address as Address;
  await insertCollection(database().pool, collection.toLowerCase(), { standard: 'erc721' });
  for (const bot of botAccounts().slice(0, 5)) {
    await approveLooksRare(devnet(), bot, collection);
    sellers.push(bot);
  }
});
afterAll(() => app.close());
beforeEach(async () => {
  await database().pool.query('delete from listings');
});

const tokensListed = new Map<string, bigint>();
async function nextToken(owner: Account): Promise<bigint> {
  const tokenId = await ownedToken(devnet(), collection, owner.address, (tokensListed.get(owner.address) ?? 0n) + 1n);
  tokensListed.set(owner.address, tokenId);
  return tokenId;
}

type Listed = { orderHash: string; tokenId: bigint; price: bigint; maker?: LooksRareMaker };

async function listOnLooksRare(seller: Account, price: bigint): Promise<Listed> {
  const tokenId = await nextToken(seller);
  const maker = await buildLooksRareAsk(devnet(), seller, collection, tokenId, { priceWei: price });
  const signature = await signLooksRareAsk(devnet(), seller, maker);
  const accepted = await submitListing(
    ctx,
    toLooksRarePostListing(maker, signature, DEVNET_CHAIN_ID, devnet().manifest.looksRare.protocol),
  );
  if (!accepted.ok) throw new Error(`the order book refused the ask: ${accepted.status}`);
  return { orderHash: accepted.value.order_hash, tokenId, price, maker };
}

async function listOnSeaport(seller: Account, price: bigint): Promise<Listed> {
  const tokenId = await nextToken(seller);
  const order = await buildListing(devnet(), seller, collection, tokenId, { priceWei: price });
  const signature = await signListing(devnet(), seller, order);
  const accepted = await submitListing(
    ctx,
    toPostListing({ order, signature }, DEVNET_CHAIN_ID, devnet().manifest.seaport),
  );
  if (!accepted.ok) throw new Error(`the order book refused the listing: ${accepted.status}`);
  return { orderHash: accepted.value.order_hash, tokenId, price };
}

/** LooksRare listings by the first `count` sellers at 0.01, 0.02, … ETH. */
const listSeveral = (count: number) =>
  Promise.all(sellers.slice(0, count).map((seller, i) => listOnLooksRare(seller, CENTI_ETH * BigInt(i + 1))));
const priceOf = (listings: readonly Listed[]) => listings.reduce((sum, listing) => sum + listing.price, 0n);

async function quoted(request: Partial<SweepQuoteRequest>): Promise<SweepQuoteData> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sweep/quote',
    headers,
    payload: sweepQuoteRequest(collection, request),
  });
  const body = response.json();
  expect(body).toMatchObject({ status: Status.Ok });
  return body.data;
}

async function post(url: string, payload: object): Promise<{ status: number; data: SweepOrderData }> {
  return (await app.inject({ method: 'POST', url, headers, payload })).json();
}

/** Sends a quoted part from the buyer's wallet, records it and settles it once mined. */
async function buy(part: SweepQuotePart): Promise<SweepOrderData> {
  const hash = await walletOf(devnet(), buyer).sendTransaction({
    to: part.tx.to as Address,
    data: part.tx.data as Hex,
    value: BigInt(part.tx.value),
    gas: BigInt(part.tx.gas),
  });
  expect((await post('/api/sweep/orders', { id: part.id, tx_hash: hash })).status).toBe(Status.Ok);
  expect((await receiptOf(devnet().chain.client, hash)).status).toBe('success');
  const settled = await post('/api/sweep/orders/settle', { id: part.id });
  expect(settled.status).toBe(Status.Ok);
  return settled.data;
}

const ownerOf = (tokenId: bigint) =>
  devnet().chain.client.readContract({ address: collection, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] });
const called = (part: SweepQuotePart) => decodeFunctionData({ abi: LOOKSRARE_ABI, data: part.tx.data as Hex });
const roles = (part: SweepQuotePart) => part.items.map((item) => [item.order_id, item.role, item.reason]);
const statuses = (order: SweepOrderData) => order.items.map((item) => [item.order_id, item.is_buy]);

/** The seller cancels the ask's order nonce on chain; the indexer has not run, so the book still lists it. */
async function cancelOnChain(seller: Account, listing: Listed): Promise<void> {
  const hash = await walletOf(devnet(), seller).writeContract({
    address: devnet().manifest.looksRare.protocol,
    abi: LOOKSRARE_ABI,
    functionName: 'cancelOrderNonces',
    args: [[listing.maker?.orderNonce as bigint]],
  });
  await receiptOf(devnet().chain.client, hash);
}

describe('buying LooksRare v2 listings', () => {
  it('buys one named listing with executeTakerBid, sent to the LooksRare exchange', async () => {
    const [listing] = await listSeveral(2);
    if (!listing) throw new Error('nothing listed');
    const sweep = await quoted({ count: 1, order_id: listing.orderHash });
    expect(sweep.next).toBeNull();
    expect(sweep.tx).toMatchObject({
      to: devnet().manifest.looksRare.protocol.toLowerCase(),
      value: listing.price.toString(),
    });
    expect(called(sweep).functionName).toBe('executeTakerBid');
    const settled = await buy(sweep);
    expect(settled).toMatchObject({ flag: 1, spent: listing.price.toString() });
    expect(await ownerOf(listing.tokenId)).toBe(buyer.address);
  });

  it('sweeps three in one non-atomic executeMultipleTakerBids, with no spare behind them', async () => {
    const listings = await listSeveral(4);
    const cheapest = listings.slice(0, 3);
    // Room for a spare: Seaport would keep the fourth on standby, LooksRare would buy it too.
    const sweep = await quoted({ count: 3, max_total: priceOf(listings).toString() });
    expect(roles(sweep)).toEqual(cheapest.map((listing) => [listing.orderHash, 'buy', null]));
    const call = called(sweep);
    expect(call.functionName).toBe('executeMultipleTakerBids');
    expect(call.args.at(-1)).toBe(false);
    const settled = await buy(sweep);
    expect(settled).toMatchObject({ flag: 1, spent: priceOf(cheapest).toString() });
    for (const listing of cheapest) expect(await ownerOf(listing.tokenId)).toBe(buyer.address);
    expect(await ownerOf(listings[3]?.tokenId as bigint)).not.toBe(buyer.address);
  });

  it('leaves out of the plan an ask cancelled on chain though the book still lists it', async () => {
    const [gone, ...rest] = await listSeveral(3);
    if (!gone) throw new Error('nothing listed');
    await cancelOnChain(sellers[0] as Account, gone);
    const sweep = await quoted({ count: 2 });
    expect(roles(sweep)).toEqual([
      ...rest.map((listing) => [listing.orderHash, 'buy', null]),
      [gone.orderHash, 'skip', 'unfillable'],
    ]);
    await buy(sweep);
    for (const listing of rest) expect(await ownerOf(listing.tokenId)).toBe(buyer.address);
  });

  it('skips an ask cancelled after the quote, buys the others and pays only for them', async () => {
    const listings = await listSeveral(3);
    const sweep = await quoted({ count: 3 });
    const [first, gone, third] = listings as [Listed, Listed, Listed];
    await cancelOnChain(sellers[1] as Account, gone);
    const before = await devnet().chain.client.getBalance({ address: buyer.address });
    const settled = await buy(sweep);
    expect(statuses(settled)).toEqual([
      [first.orderHash, SweepItemStatus.Bought],
      [gone.orderHash, SweepItemStatus.Failed],
      [third.orderHash, SweepItemStatus.Bought],
    ]);
    expect(settled).toMatchObject({ flag: 1, spent: (first.price + third.price).toString() });
    const after = await devnet().chain.client.getBalance({ address: buyer.address });
    // The exchange returns what the skipped ask would have cost; the rest of the difference is gas.
    const paid = before - after;
    expect(paid).toBeGreaterThanOrEqual(first.price + third.price);
    expect(paid).toBeLessThan(first.price + third.price + gone.price);
  });
});

describe('a plan across both exchanges', () => {
  it('is two transactions, Seaport first, each its own sweep, both bought', async () => {
    const onSeaport = await listOnSeaport(sellers[0] as Account, CENTI_ETH);
    const onLooksRare = await listOnLooksRare(sellers[1] as Account, 2n * CENTI_ETH);
    const sweep = await quoted({ count: 2 });
    expect(sweep.tx.to).toBe(devnet().manifest.seaport.toLowerCase());
    expect(roles(sweep)).toEqual([[onSeaport.orderHash, 'buy', null]]);
    expect(sweep.next?.tx.to).toBe(devnet().manifest.looksRare.protocol.toLowerCase());
    expect(sweep.next && roles(sweep.next)).toEqual([[onLooksRare.orderHash, 'buy', null]]);
    expect(sweep.next?.id).not.toBe(sweep.id);
    await buy(sweep);
    await buy(sweep.next as SweepQuotePart);
    expect(await ownerOf(onSeaport.tokenId)).toBe(buyer.address);
    expect(await ownerOf(onLooksRare.tokenId)).toBe(buyer.address);
  });

  it('with the LooksRare switch off, is Seaport alone', async () => {
    const onLooksRare = await listOnLooksRare(sellers[2] as Account, CENTI_ETH);
    const onSeaport = await listOnSeaport(sellers[3] as Account, 2n * CENTI_ETH);
    const sweep = await quoted({ count: 1, marketplaces: ['opensea'] });
    expect(sweep.next).toBeNull();
    expect(roles(sweep)).toEqual([[onSeaport.orderHash, 'buy', null]]);
    expect(sweep.items.map((item) => item.order_id)).not.toContain(onLooksRare.orderHash);
  });
});
