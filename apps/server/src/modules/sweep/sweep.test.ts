import { fulfillOrderArgs, type OrderComponents, receiptOf, SEAPORT_ABI } from '@floordesk/contracts';
import { botAccounts, rpc, toPostListing } from '@floordesk/devnet';
import {
  DEVNET_CHAIN_ID,
  type GasEntry,
  gasLimit,
  LANG_HEADER,
  Status,
  SweepItemStatus,
  type SweepOrderData,
  type SweepQuoteData,
  type SweepQuoteRequest,
} from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import {
  type Account,
  type Address,
  decodeFunctionData,
  erc721Abi,
  type Hex,
  parseEther,
  parseGwei,
  toHex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { buildServer } from '../../http/server';
import { submitListing } from '../../market/listings/submit';
import { useTestDatabase } from '../../testing/database';
import { useTestDevnet } from '../../testing/devnet';
import { buildListing, signListing, sweepQuoteRequest, walletOf } from '../../testing/market';
import { insertCollection, insertPendingBuy, insertTokens } from '../../testing/market-rows';
import { buildTestServer, testConfig } from '../../testing/server';
import { alice, bob, sessionHeaders, signIn } from '../../testing/wallets';

const database = useTestDatabase();
const devnet = useTestDevnet();
/** Premium, and the buyer of every sweep here; bob is premium too, and a rival buyer; carol is an ordinary user. */
const buyer = alice;
const buyerAddress = alice.address.toLowerCase();
const carol = privateKeyToAccount(generatePrivateKey());
const bots = botAccounts();
/** Buys listings out from under the buyer; holds no token of its own. */
const rival = bots.at(-1) as Account;
/** Bots holding tokens of `collection` (found in beforeAll): each test's listings come from them. */
const sellers: Account[] = [];
const CENTI_ETH = parseEther('0.01');

let app: FastifyInstance;
let ctx: AppContext;
let buyerHeaders: Record<string, string>;
let bobHeaders: Record<string, string>;
let carolHeaders: Record<string, string>;
let collection: Address;
let erc1155: Address;
/** Token ids each account holds in `collection`, handed out one at a time so no test lists a token twice. */
const holdings = new Map<string, bigint[]>();

beforeAll(async () => {
  const { chain, manifest } = devnet();
  const config = testConfig({ premiumAddresses: new Set([buyerAddress, bob.address.toLowerCase()]) });
  ctx = { config, db: database().db, now: () => new Date(), chain };
  app = await buildServer({ config, db: database().db, chain });
  buyerHeaders = sessionHeaders(await signIn(app, buyer));
  bobHeaders = sessionHeaders(await signIn(app, bob));
  carolHeaders = sessionHeaders(await signIn(app, carol));
  collection = manifest.collections.find((c) => c.standard === 'erc721')?.address as Address;
  erc1155 = manifest.collections.find((c) => c.standard === 'erc1155')?.address as Address;
  await insertCollection(database().pool, collection.toLowerCase(), { standard: 'erc721' });
  await insertCollection(database().pool, erc1155.toLowerCase(), { standard: 'erc1155' });
  const ids = Array.from({ length: 1501 }, (_, i) => BigInt(i));
  const owners = await Promise.all(
    ids.map((id) =>
      chain.client
        .readContract({ address: collection, abi: erc721Abi, functionName: 'ownerOf', args: [id] })
        .catch(() => undefined),
    ),
  );
  owners.forEach((owner, index) => {
    if (!owner) return;
    const held = holdings.get(owner.toLowerCase()) ?? [];
    held.push(ids[index] as bigint);
    holdings.set(owner.toLowerCase(), held);
  });
  sellers.push(...bots.filter((bot) => bot !== rival && holdings.has(bot.address.toLowerCase())));
});
afterAll(() => app.close());

// No indexer runs here: listings stay 'active' in the database whatever happens to them on chain, as they would
// between an event and its indexing.
beforeEach(async () => {
  await database().pool.query('delete from listings; delete from pending_buys; delete from tokens');
});

const wallet = (account: Account) => walletOf(devnet(), account);

function nextToken(owner: Account): bigint {
  const tokenId = holdings.get(owner.address.toLowerCase())?.shift();
  if (tokenId === undefined) throw new Error(`${owner.address} has no token left to list`);
  return tokenId;
}

type Listed = { orderHash: string; order: OrderComponents; signature: Hex; tokenId: bigint; price: bigint };

/** Lists a token of `seller` through the order book, as a marketplace connector would. */
async function list(seller: Account, price: bigint, tokenId = nextToken(seller)): Promise<Listed> {
  const order = await buildListing(devnet(), seller, collection, tokenId, { priceWei: price });
  const signature = await signListing(devnet(), seller, order);
  const accepted = await submitListing(
    ctx,
    toPostListing({ order, signature }, DEVNET_CHAIN_ID, devnet().manifest.seaport),
  );
  if (!accepted.ok) throw new Error(`the order book refused the listing: ${accepted.status}`);
  return { orderHash: accepted.value.order_hash, order, signature, tokenId, price };
}

/** `count` listings by different sellers at 0.01, 0.02, … ETH (or all at 0.01 when `samePrice`). */
function listSeveral(count: number, { samePrice = false, from = 0 } = {}): Promise<Listed[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      list(sellers[from + i] as Account, samePrice ? CENTI_ETH : CENTI_ETH * BigInt(i + 1)),
    ),
  );
}

const imageOf = (listing: Listed) => `https://img.example/${listing.tokenId}.svg`;
const priceOf = (listings: readonly Listed[]) => listings.reduce((sum, listing) => sum + listing.price, 0n);

async function quote(
  request: Partial<SweepQuoteRequest> = {},
  headers: Record<string, string> = buyerHeaders,
): Promise<{ http: number; status: number; msg: string; data: SweepQuoteData }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sweep/quote',
    headers,
    payload: sweepQuoteRequest(collection, request),
  });
  const body = response.json();
  return { http: response.statusCode, status: body.status, msg: body.msg, data: body.data };
}

async function quoted(request: Partial<SweepQuoteRequest>): Promise<SweepQuoteData> {
  const answer = await quote(request);
  expect(answer).toMatchObject({ status: Status.Ok });
  return answer.data;
}

/** Sends the quoted transaction from the buyer's wallet, with the wallet's own fees. */
function send({ tx }: SweepQuoteData): Promise<Hex> {
  return wallet(buyer).sendTransaction({
    to: tx.to as Address,
    data: tx.data as Hex,
    value: BigInt(tx.value),
    gas: BigInt(tx.gas),
  });
}

async function post(url: string, payload: object, headers = buyerHeaders) {
  const body = (await app.inject({ method: 'POST', url, headers, payload })).json();
  return body as { status: number; msg: string; data: SweepOrderData };
}
const record = (id: string, txHash: Hex, headers?: Record<string, string>) =>
  post('/api/sweep/orders', { id, tx_hash: txHash }, headers);
const settle = (id: string, headers?: Record<string, string>) => post('/api/sweep/orders/settle', { id }, headers);

/** A sweep's order record as stored. */
async function storedOrder(id: string): Promise<{ status: string; tx_hash: string | null } | undefined> {
  const { rows } = await database().pool.query('select status, tx_hash from sweep_orders where id = $1', [id]);
  return rows[0];
}
const storedOrderCount = async () =>
  Number((await database().pool.query('select count(*) from sweep_orders')).rows[0]?.count);

/** Sends, records and settles a quoted sweep once it is mined. */
async function buy(sweep: SweepQuoteData): Promise<{ settled: SweepOrderData; txHash: Hex }> {
  const txHash = await send(sweep);
  expect((await record(sweep.id, txHash)).status).toBe(Status.Ok);
  const receipt = await receiptOf(devnet().chain.client, txHash);
  expect(receipt.status).toBe('success');
  const settled = await settle(sweep.id);
  expect(settled).toMatchObject({ status: Status.Ok });
  return { settled: settled.data, txHash };
}

/** Waits until a sent transaction is mined. */
async function mined(sent: Promise<Hex>): Promise<void> {
  await receiptOf(devnet().chain.client, await sent);
}

/** Someone else fills the listing first, as a rival's transaction mined before the sweep would. */
function rivalBuys(listing: Listed): Promise<void> {
  return mined(
    wallet(rival).writeContract({
      address: devnet().manifest.seaport,
      abi: SEAPORT_ABI,
      functionName: 'fulfillOrder',
      args: fulfillOrderArgs(listing),
      value: listing.price,
    }),
  );
}

/** The seller cancels every listing signed so far (Seaport's counter), on chain only. */
function bumpCounter(seller: Account): Promise<void> {
  return mined(
    wallet(seller).writeContract({
      address: devnet().manifest.seaport,
      abi: SEAPORT_ABI,
      functionName: 'incrementCounter',
    }),
  );
}

function transferToken(from: Account, to: Address, tokenId: bigint): Promise<void> {
  return mined(
    wallet(from).writeContract({
      address: collection,
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [from.address, to, tokenId],
    }),
  );
}

const ownerOf = (tokenId: bigint) =>
  devnet().chain.client.readContract({ address: collection, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] });

/** The quoted transaction's priority fee and max fee with the gas preset `gas`. */
async function feesOf(gas: GasEntry) {
  const { tx } = await quoted({ gas });
  return [tx.max_priority_fee_per_gas, tx.max_fee_per_gas];
}

const roles = (sweep: SweepQuoteData) => sweep.items.map((item) => [item.order_id, item.role, item.reason]);
const statuses = (order: SweepOrderData) => order.items.map((item) => [item.order_id, item.is_buy]);

describe('a premium buyer sweeping an ERC-721 collection', () => {
  it('buys the 5 cheapest listings in one transaction: quote, send, record, settle', async () => {
    const listings = await listSeveral(6);
    const cheapest = listings.slice(0, 5);
    const sweep = await quoted({ count: 5, max_total: priceOf(cheapest).toString() });
    expect(roles(sweep)).toEqual(cheapest.map((listing) => [listing.orderHash, 'buy', null]));
    expect(sweep.total).toBe(priceOf(cheapest).toString());
    expect(sweep.tx).toMatchObject({
      chain_id: DEVNET_CHAIN_ID,
      from: buyerAddress,
      to: devnet().manifest.seaport.toLowerCase(),
      value: priceOf(cheapest).toString(),
      max_fee_per_gas: null,
      max_priority_fee_per_gas: null,
    });
    expect(sweep.tx.gas).toBe(gasLimit(BigInt(sweep.gas_estimate ?? '0')).toString());

    await rpc(devnet().rpcUrl, 'evm_setAutomine', [false]);
    let txHash: Hex;
    try {
      txHash = await send(sweep);
      const recorded = await record(sweep.id, txHash);
      expect(recorded.data).toMatchObject({ id: sweep.id, tx_hash: txHash, flag: 0, spent: null });
      expect(statuses(recorded.data)).toEqual(
        cheapest.map((listing) => [listing.orderHash, SweepItemStatus.InProgress]),
      );
      // Not mined yet: still in progress.
      expect((await settle(sweep.id)).data).toEqual(recorded.data);
      await devnet().mine(1);
    } finally {
      await rpc(devnet().rpcUrl, 'evm_setAutomine', [true]);
    }

    const settled = await settle(sweep.id);
    expect(settled.data).toMatchObject({ flag: 1, spent: priceOf(cheapest).toString() });
    expect(statuses(settled.data)).toEqual(cheapest.map((listing) => [listing.orderHash, SweepItemStatus.Bought]));
    for (const listing of cheapest) expect(await ownerOf(listing.tokenId)).toBe(buyer.address);
    expect(await ownerOf(listings[5]?.tokenId as bigint)).not.toBe(buyer.address);
    // Settled once; later calls answer from the database.
    expect(await settle(sweep.id)).toEqual(settled);
  });

  it("shows the bought tokens' images once their metadata is in, though the quote had none", async () => {
    const listings = await listSeveral(2);
    const sweep = await quoted({ count: 2, max_total: priceOf(listings).toString() });
    expect(sweep.items.map((item) => item.img)).toEqual([null, null]);
    // The metadata pass reads the freshly minted tokens while the sweep is on its way.
    await insertTokens(
      database().pool,
      collection.toLowerCase(),
      listings.map((listing) => ({ id: Number(listing.tokenId), image: imageOf(listing) })),
    );
    const { settled } = await buy(sweep);
    expect(settled.items.map((item) => item.img)).toEqual(listings.map(imageOf));
  });

  it('takes one listing per token: a dearer listing of the same token is skipped as a duplicate (5000)', async () => {
    const seller = sellers[0] as Account;
    const first = await list(seller, CENTI_ETH);
    const again = await list(seller, 2n * CENTI_ETH, first.tokenId);
    const other = await list(sellers[1] as Account, 3n * CENTI_ETH);
    const sweep = await quoted({ count: 2 });
    expect(roles(sweep)).toEqual([
      [first.orderHash, 'buy', null],
      [other.orderHash, 'buy', null],
      [again.orderHash, 'skip', 'duplicate'],
    ]);
    const recorded = await record(sweep.id, await send(sweep));
    expect(statuses(recorded.data)).toContainEqual([again.orderHash, SweepItemStatus.Skipped]);
  });

  it('skips pending and flagged listings when asked, buys them when not, and buys a named one either way', async () => {
    const [pending, flagged, plain, later] = await listSeveral(4);
    const pool = database().pool;
    await insertPendingBuy(
      pool,
      collection.toLowerCase(),
      Number(pending?.tokenId),
      toHex(7n, { size: 32 }),
      new Date(),
    );
    await insertTokens(pool, collection.toLowerCase(), [{ id: Number(flagged?.tokenId), flagged: true }]);

    const skipping = await quoted({ count: 2, skip_pending_flagged: true });
    expect(roles(skipping)).toEqual([
      [plain?.orderHash, 'buy', null],
      [later?.orderHash, 'buy', null],
      [pending?.orderHash, 'skip', 'pending'],
      [flagged?.orderHash, 'skip', 'flagged'],
    ]);
    const taking = await quoted({ count: 2, skip_pending_flagged: false });
    expect(roles(taking).filter(([, role]) => role === 'buy')).toEqual([
      [pending?.orderHash, 'buy', null],
      [flagged?.orderHash, 'buy', null],
    ]);
    const named = await quoted({ count: 1, order_id: flagged?.orderHash, skip_pending_flagged: true });
    expect(roles(named)).toEqual([[flagged?.orderHash, 'buy', null]]);
  });

  it("never buys the buyer's own listings, not even when named", async () => {
    const seller = sellers[2] as Account;
    const tokenId = nextToken(seller);
    await transferToken(seller, buyer.address, tokenId);
    await mined(
      wallet(buyer).writeContract({
        address: collection,
        abi: erc721Abi,
        functionName: 'setApprovalForAll',
        args: [devnet().manifest.conduit.address, true],
      }),
    );
    const own = await list(buyer, CENTI_ETH / 2n, tokenId);
    const [other] = await listSeveral(1);
    expect(roles(await quoted({ count: 1 }))).toEqual([
      [other?.orderHash, 'buy', null],
      [own.orderHash, 'skip', 'own'],
    ]);
    expect((await quote({ count: 1, order_id: own.orderHash })).status).toBe(Status.NoOrder);
  });

  it('prices the transaction with the chosen gas preset, the dynamic one outbidding pending buys of the collection', async () => {
    await listSeveral(1);
    const { baseFeePerGas } = await devnet().chain.client.getBlock();
    const baseFee = baseFeePerGas ?? 0n;
    const fast: GasEntry = { type: 1, status: 1, prio: 5, fee: 5, base: 1 };
    expect(await feesOf(fast)).toEqual([parseGwei('5').toString(), (baseFee + parseGwei('5')).toString()]);
    // A custom preset without its values falls back to the wallet's own fees.
    expect(await feesOf({ type: 3, status: 1, prio: null, fee: null, base: 0 })).toEqual([null, null]);

    const rivalTip = parseGwei('7');
    await insertPendingBuy(
      database().pool,
      collection.toLowerCase(),
      999_999,
      toHex(9n, { size: 32 }),
      new Date(),
      rivalTip,
    );
    const dynamic: GasEntry = { type: 5, status: 1, prio: 3, fee: 3, base: 2 };
    expect(await feesOf(dynamic)).toEqual([
      (rivalTip + parseGwei('3')).toString(),
      (2n * baseFee + rivalTip + parseGwei('3')).toString(),
    ]);
  });
});

describe('what happens on chain between the listing and the sweep', () => {
  it('leaves out listings whose seller bumped the counter or moved the NFT, though the database still lists them', async () => {
    const [cancelledAll, moved] = [sellers[6] as Account, sellers[7] as Account];
    const stale = await list(cancelledAll, CENTI_ETH / 4n);
    const gone = await list(moved, CENTI_ETH / 2n);
    const good = await listSeveral(3);
    await bumpCounter(cancelledAll);
    await transferToken(moved, rival.address, gone.tokenId);

    const sweep = await quoted({ count: 3, max_total: priceOf(good).toString() });
    expect(roles(sweep)).toEqual([
      ...good.map((listing) => [listing.orderHash, 'buy', null]),
      [stale.orderHash, 'skip', 'unfillable'],
      [gone.orderHash, 'skip', 'unfillable'],
    ]);
    const { settled } = await buy(sweep);
    expect(settled.flag).toBe(1);
    for (const listing of good) expect(await ownerOf(listing.tokenId)).toBe(buyer.address);
  });

  it('drops a spare that would revert the sweep were it reached: its NFT moved', async () => {
    const planned = await listSeveral(2, { samePrice: true });
    const seller = sellers[6] as Account;
    const spare = await list(seller, CENTI_ETH + CENTI_ETH / 2n);
    await transferToken(seller, rival.address, spare.tokenId);
    // The expected total leaves room for the spare. Seaport transfers nothing of an order it does not reach, so only
    // simulating every listing filled shows this one would revert.
    const sweep = await quoted({ count: 2, max_total: (2n * CENTI_ETH + CENTI_ETH / 2n).toString() });
    expect(sweep.items.map((item) => item.role)).toEqual(['buy', 'buy']);
    expect(sweep.items.map((item) => item.order_id).toSorted()).toEqual(planned.map((l) => l.orderHash).toSorted());
    expect(sweep.tx.value).toBe((2n * CENTI_ETH).toString());
  });

  it('survives a rival buying one of the planned listings first: the other 4 are bought and only they are paid', async () => {
    const listings = await listSeveral(5);
    const sweep = await quoted({ count: 5, max_total: priceOf(listings).toString() });
    expect(sweep.items.filter((item) => item.role === 'spare')).toEqual([]);
    const taken = listings[2] as Listed;
    await rivalBuys(taken);

    const client = devnet().chain.client;
    const before = await client.getBalance({ address: buyer.address });
    const { settled, txHash } = await buy(sweep);
    const receipt = await client.getTransactionReceipt({ hash: txHash });
    const bought = listings.filter((listing) => listing !== taken);
    expect(settled.flag).toBe(1);
    expect(settled.spent).toBe(priceOf(bought).toString());
    expect(statuses(settled)).toEqual(
      listings.map((listing) => [
        listing.orderHash,
        listing === taken ? SweepItemStatus.Failed : SweepItemStatus.Bought,
      ]),
    );
    // Seaport returns the ETH of the listing it skipped.
    const after = await client.getBalance({ address: buyer.address });
    expect(before - after).toBe(priceOf(bought) + receipt.gasUsed * receipt.effectiveGasPrice);
    expect(await ownerOf(taken.tokenId)).toBe(rival.address);
  });

  it('replaces a listing a rival takes with a spare behind it, when equal prices fit the expected total', async () => {
    const listings = new Map(
      (await listSeveral(5, { samePrice: true })).map((listing) => [listing.orderHash, listing]),
    );
    const sweep = await quoted({ count: 3, max_total: (3n * CENTI_ETH).toString() });
    expect(sweep.items.map((item) => item.role)).toEqual(['buy', 'buy', 'buy', 'spare', 'spare']);
    expect(sweep.tx.value).toBe((3n * CENTI_ETH).toString());
    // Equal prices: the quote's order (oldest first) decides which are planned.
    const [taken, second, third, spare, unused] = sweep.items.map((item) => listings.get(item.order_id) as Listed);
    await rivalBuys(taken as Listed);

    const { settled } = await buy(sweep);
    expect(settled).toMatchObject({ flag: 1, spent: (3n * CENTI_ETH).toString() });
    expect(statuses(settled)).toEqual([
      [taken?.orderHash, SweepItemStatus.Failed],
      [second?.orderHash, SweepItemStatus.Bought],
      [third?.orderHash, SweepItemStatus.Bought],
      [spare?.orderHash, SweepItemStatus.Bought],
      [unused?.orderHash, null],
    ]);
    expect(await ownerOf(spare?.tokenId as bigint)).toBe(buyer.address);
  });

  it("buys one named listing through Seaport's cheaper basic-order path", async () => {
    const [named] = await listSeveral(2);
    const single = await quoted({ count: 1, order_id: named?.orderHash, max_total: named?.price.toString() });
    expect(decodeFunctionData({ abi: SEAPORT_ABI, data: single.tx.data as Hex }).functionName).toBe(
      'fulfillBasicOrder_efficient_6GL6yc',
    );
    expect(single.tx.value).toBe(named?.price.toString());
    const { settled } = await buy(single);
    expect(settled).toMatchObject({ flag: 1, spent: named?.price.toString() });
    expect(await ownerOf(named?.tokenId as bigint)).toBe(buyer.address);
  });

  it('settles a single buy a rival beat as failed: the basic order reverted and nothing was paid for', async () => {
    const [named] = await listSeveral(1);
    const single = await quoted({ count: 1, order_id: named?.orderHash, max_total: named?.price.toString() });
    await rivalBuys(named as Listed);
    const txHash = await send(single);
    expect((await record(single.id, txHash)).status).toBe(Status.Ok);
    expect((await receiptOf(devnet().chain.client, txHash)).status).toBe('reverted');
    const settled = await settle(single.id);
    expect(settled.data).toMatchObject({ flag: 2, spent: '0' });
    expect(statuses(settled.data)).toEqual([[named?.orderHash, SweepItemStatus.Failed]]);
  });
});

describe('quotes are refused', () => {
  it('to users without premium, before anything else, in their language', async () => {
    for (const [lang, message] of [
      ['en', 'Purchase functionality is only available to premium users'],
      ['zh', '购买功能仅对高级会员开放'],
    ] as const) {
      const answer = await quote(
        { chain_id: 1, collection: `0x${'9'.repeat(40)}` },
        { ...carolHeaders, [LANG_HEADER]: lang },
      );
      expect(answer).toMatchObject({ http: 200, status: Status.PremiumRequired, msg: message });
    }
  });

  it('for a count outside 1–30 (HTTP 400)', async () => {
    for (const count of [0, 31]) {
      const answer = await quote({ count });
      expect(answer.http).toBe(400);
      expect(answer.data).toMatchObject({ fields: [{ path: 'count', message: 'Choose 1 to 30 items to sweep' }] });
    }
  });

  it('on another chain, for unknown and ERC-1155 collections, and without listings to buy', async () => {
    await listSeveral(1);
    expect((await quote({ chain_id: 1 })).status).toBe(Status.SweepWrongChain);
    expect((await quote({ collection: `0x${'9'.repeat(40)}` })).status).toBe(Status.CollectionUnknown);
    expect((await quote({ collection: erc1155 })).status).toBe(Status.SweepUnsupportedStandard);
    expect((await quote({ marketplaces: ['blur'] })).status).toBe(Status.NoOrder);
  });

  it('for absurd gas fees, with HTTP 400, before anything is written', async () => {
    await listSeveral(1);
    const before = await storedOrderCount();
    const answer = await quote({ gas: { type: 1, status: 1, prio: 1e300, fee: 1e300, base: 1 } });
    expect(answer).toMatchObject({ http: 400, status: Status.BadRequest });
    expect(await storedOrderCount()).toBe(before);
  });

  it('when the plan costs more than the buyer expected', async () => {
    const listings = await listSeveral(2);
    expect((await quote({ count: 2, max_total: (priceOf(listings) - 1n).toString() })).status).toBe(
      Status.HigherThanExpected,
    );
  });

  it("when the buyer's balance cannot pay for it", async () => {
    await listSeveral(1);
    const balance = await devnet().chain.client.getBalance({ address: buyer.address });
    await rpc(devnet().rpcUrl, 'anvil_setBalance', [buyer.address, toHex(CENTI_ETH / 2n)]);
    try {
      expect((await quote()).status).toBe(Status.BalanceTooLow);
    } finally {
      await rpc(devnet().rpcUrl, 'anvil_setBalance', [buyer.address, toHex(balance)]);
    }
  });

  it('when the server has no chain to read', async () => {
    const chainless = await buildTestServer(database(), { config: { premiumAddresses: new Set([buyerAddress]) } });
    try {
      const headers = sessionHeaders(await signIn(chainless, buyer));
      const response = await chainless.inject({
        method: 'POST',
        url: '/api/sweep/quote',
        headers,
        payload: sweepQuoteRequest(collection),
      });
      expect(response.json().status).toBe(Status.ChainUnavailable);
    } finally {
      await chainless.close();
    }
  });
});

describe('sweep orders (spec addorder, order status)', () => {
  it("belong to their buyer: another user's record or settle finds nothing", async () => {
    await listSeveral(1);
    const sweep = await quoted({});
    const txHash = await send(sweep);
    expect((await record(sweep.id, txHash, bobHeaders)).status).toBe(Status.SweepOrderUnknown);
    expect((await record(sweep.id, txHash)).status).toBe(Status.Ok);
    expect((await settle(sweep.id, bobHeaders)).status).toBe(Status.SweepOrderUnknown);
    expect((await settle('00000000-0000-4000-8000-000000000000')).status).toBe(Status.SweepOrderUnknown);
  });

  it('cannot be settled before a transaction is recorded', async () => {
    await listSeveral(1);
    expect((await settle((await quoted({})).id)).status).toBe(Status.SweepOrderUnknown);
  });

  it("refuse a transaction another wallet sent: bob cannot claim alice's on his own quote, and alice still settles it", async () => {
    await listSeveral(1);
    const alices = await quoted({});
    const bobs = (await quote({}, bobHeaders)).data;
    const txHash = await send(alices);

    expect((await record(bobs.id, txHash, bobHeaders)).status).toBe(Status.SweepTxMismatch);
    expect(await storedOrder(bobs.id)).toEqual({ status: 'quoted', tx_hash: null });
    expect((await record(alices.id, txHash)).status).toBe(Status.Ok);
    await receiptOf(devnet().chain.client, txHash);
    expect((await settle(alices.id)).data).toMatchObject({ flag: 1, tx_hash: txHash });
  });

  it('record only the quoted transaction, and keep the first one recorded', async () => {
    await listSeveral(2);
    const sweep = await quoted({});
    // The same listing quoted again: the same transaction.
    const twin = await quoted({});
    const foreign = await wallet(buyer).sendTransaction({ to: bob.address, value: 1n });
    expect((await record(sweep.id, foreign)).status).toBe(Status.SweepTxMismatch);
    expect(await storedOrder(sweep.id)).toEqual({ status: 'quoted', tx_hash: null });
    expect((await settle(sweep.id)).status).toBe(Status.SweepOrderUnknown);

    const txHash = await send(sweep);
    const recorded = await record(sweep.id, txHash);
    expect(recorded.data).toMatchObject({ tx_hash: txHash });
    expect(await record(sweep.id, txHash)).toEqual(recorded);
    expect((await record(sweep.id, foreign)).status).toBe(Status.SweepTxMismatch);
    expect((await record(twin.id, txHash)).status).toBe(Status.SweepTxMismatch);
  });

  it('answer 1409 for a transaction the node has not seen, after a short wait, and write nothing', async () => {
    await listSeveral(1);
    const sweep = await quoted({});
    const unseen = await record(sweep.id, toHex(12n, { size: 32 }));
    expect(unseen).toMatchObject({
      status: Status.SweepTxNotSeen,
      msg: 'The network has not seen this transaction yet. Please try again in a moment.',
    });
    expect(await storedOrder(sweep.id)).toEqual({ status: 'quoted', tx_hash: null });
  });
});
