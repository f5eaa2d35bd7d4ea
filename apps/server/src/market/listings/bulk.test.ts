import {
  LOOKSRARE_ABI,
  type LooksRareMaker,
  looksRareBatchTypedData,
  looksRareMerkleTrees,
  makerHash,
  type MerkleTree,
  MerkleTreeNodePosition,
  type OrderComponents,
  receiptOf,
  SEAPORT_ABI,
  seaportBulkSignatures,
  seaportBulkTypedData,
  seaportOrderHash,
  seaportTypedData,
} from '@floordesk/contracts';
import { botAccounts, rpc, toLooksRarePostListing, toPostListing } from '@floordesk/devnet';
import {
  DEVNET_CHAIN_ID,
  LANG_HEADER,
  LISTING_PRICE_MAX_WEI,
  type LooksRareMerkleTree,
  type PostListingRequest,
  POST_LISTINGS_MAX,
  Status,
  statusMessage,
  type SweepQuoteData,
  type SweepQuotePart,
  type SweepQuoteRequest,
} from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import {
  type Account,
  type Address,
  concat,
  createWalletClient,
  decodeFunctionData,
  erc721Abi,
  type Hex,
  hashTypedData,
  http,
  keccak256,
  numberToHex,
  parseEther,
  parseSignature,
  serializeCompactSignature,
  signatureToCompactSignature,
  size,
  slice,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { buildServer } from '../../http/server';
import { useTestDatabase } from '../../testing/database';
import { useTestDevnet } from '../../testing/devnet';
import {
  approveLooksRare,
  buildListing,
  buildLooksRareAsk,
  giveToken,
  type ListingOptions,
  ownedToken,
  sweepQuoteRequest,
  walletOf,
} from '../../testing/market';
import { insertCollection } from '../../testing/market-rows';
import { testConfig } from '../../testing/server';
import { alice, sessionHeaders, signIn } from '../../testing/wallets';
import { reverifyListings } from './lifecycle';
import { submitListing } from './submit';

const database = useTestDatabase();
const devnet = useTestDevnet();
const bots = botAccounts();
const seller = bots[0] as Account;
const otherSeller = bots[1] as Account;
const stranger = bots[2] as Account;
const buyer = alice;
const CENTI_ETH = parseEther('0.01');
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
  for (const account of [seller, otherSeller]) await approveLooksRare(devnet(), account, collection);
});
afterAll(() => app.close());

const tokens = new Map<string, bigint>();
/** The next token `owner` holds, one per call, so that no test lists a token another listed. */
async function nextToken(owner: Account): Promise<bigint> {
  const tokenId = await ownedToken(devnet(), collection, owner.address, (tokens.get(owner.address) ?? 0n) + 1n);
  tokens.set(owner.address, tokenId);
  return tokenId;
}

// ---- Signing many listings at once, as the sell flow does: one signature per marketplace ----

type LooksRareOptions = Parameters<typeof buildLooksRareAsk>[4];

/** Seaport listings of the next tokens of `offerer`, one per entry of `options`. */
async function seaportOrders(offerer: Account, options: readonly ListingOptions[]): Promise<OrderComponents[]> {
  const orders: OrderComponents[] = [];
  for (const one of options)
    orders.push(await buildListing(devnet(), offerer, collection, await nextToken(offerer), one));
  return orders;
}

/** LooksRare asks of the next tokens of `signer`, one per entry of `options`. */
async function looksRareAsks(signer: Account, options: readonly LooksRareOptions[]): Promise<LooksRareMaker[]> {
  const makers: LooksRareMaker[] = [];
  for (const one of options)
    makers.push(await buildLooksRareAsk(devnet(), signer, collection, await nextToken(signer), one));
  return makers;
}

/** The offerer's one signature over all of `orders` (Seaport's BulkOrder). */
const signSeaportBulk = (signer: Account, orders: readonly OrderComponents[]) =>
  walletOf(devnet(), signer).signTypedData(seaportBulkTypedData(orders, DEVNET_CHAIN_ID, devnet().manifest.seaport));

/** The signer's one signature over all of `makers` (LooksRare's BatchOrder). */
const signLooksRareBatch = (signer: Account, makers: readonly LooksRareMaker[]) =>
  walletOf(devnet(), signer).signTypedData(
    looksRareBatchTypedData(makers, DEVNET_CHAIN_ID, devnet().manifest.looksRare.protocol),
  );

const seaportRequest = (order: OrderComponents, signature: Hex) =>
  toPostListing({ order, signature }, DEVNET_CHAIN_ID, devnet().manifest.seaport);
const looksRareRequest = (maker: LooksRareMaker, signature: Hex, merkleTree?: MerkleTree): PostListingRequest => ({
  ...toLooksRarePostListing(maker, signature, DEVNET_CHAIN_ID, devnet().manifest.looksRare.protocol),
  ...(merkleTree && { merkle_tree: merkleTree as LooksRareMerkleTree }),
});

/** Seaport listings of `seller`, signed once, each as posted: the order and its own packed signature. */
async function seaportBulk(offerer: Account, options: readonly ListingOptions[]) {
  const orders = await seaportOrders(offerer, options);
  const signatures = seaportBulkSignatures(orders, await signSeaportBulk(offerer, orders));
  return orders.map((order, i) => ({ order, request: seaportRequest(order, signatures[i] as Hex) }));
}

/** LooksRare asks of `signer`, signed once, each as posted: the maker, the one signature and its merkle tree. */
async function looksRareBatch(signer: Account, options: readonly LooksRareOptions[]) {
  const makers = await looksRareAsks(signer, options);
  const signature = await signLooksRareBatch(signer, makers);
  const trees = looksRareMerkleTrees(makers);
  return makers.map((maker, i) => ({
    maker,
    tree: trees[i] as MerkleTree,
    request: looksRareRequest(maker, signature, trees[i]),
  }));
}

// ---- The order book ----

async function storedCount(): Promise<number> {
  const { rows } = await database().pool.query<{ count: number }>('select count(*)::int as count from listings');
  return rows[0]?.count ?? 0;
}

async function stored(orderHash: string) {
  const { rows } = await database().pool.query(
    'select protocol, signature, merkle_tree, status from listings where order_hash = $1',
    [orderHash],
  );
  return rows[0];
}

async function accepted(request: PostListingRequest): Promise<string> {
  const answer = await submitListing(ctx, request);
  if (!answer.ok) throw new Error(`the order book refused the listing: ${answer.status}`);
  return answer.value.order_hash;
}

const expectRefused = async (request: PostListingRequest, status: number) => {
  const before = await storedCount();
  expect(await submitListing(ctx, request)).toEqual({ ok: false, status });
  expect(await storedCount()).toBe(before);
};

const mined = async (sent: Promise<Hex>) => {
  expect((await receiptOf(devnet().chain.client, await sent)).status).toBe('success');
};

// ---- Buying through the planner: the sweep quote's transactions, sent on the devnet ----

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

async function send(part: SweepQuotePart): Promise<void> {
  await mined(
    walletOf(devnet(), buyer).sendTransaction({
      to: part.tx.to as Address,
      data: part.tx.data as Hex,
      value: BigInt(part.tx.value),
      gas: BigInt(part.tx.gas),
    }),
  );
}

const ownerOf = (tokenId: bigint) =>
  devnet().chain.client.readContract({ address: collection, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] });
const orderIds = (part: SweepQuotePart) =>
  part.items.filter((item) => item.role === 'buy').map((item) => item.order_id);

describe('a Seaport bulk order, signed once for three listings', () => {
  beforeEach(() => database().pool.query('delete from listings'));

  it('is accepted listing by listing, kept with its packed signature, and bought on chain with it', async () => {
    const bulk = await seaportBulk(seller, [
      { priceWei: CENTI_ETH },
      { priceWei: 2n * CENTI_ETH },
      { priceWei: 3n * CENTI_ETH },
    ]);
    // The third is posted with the same signature in EIP-2098's compact form, which Seaport reads as well.
    const [first, second, third] = bulk as [(typeof bulk)[0], (typeof bulk)[0], (typeof bulk)[0]];
    const compact = compactBulkSignature(third.request.signature as Hex);
    const posted = [first.request, second.request, { ...third.request, signature: compact }];
    const hashes: string[] = [];
    for (const request of posted) hashes.push(await accepted(request));
    expect(hashes).toEqual(bulk.map(({ order }) => seaportOrderHash(order)));
    for (const [i, request] of posted.entries()) {
      expect(await stored(hashes[i] as string)).toEqual({
        protocol: 'seaport',
        signature: request.signature.toLowerCase(),
        merkle_tree: null,
        status: 'active',
      });
    }

    // Re-checked after a reorg as when posted: still signed, still fillable.
    await database().pool.query(`update listings set status = 'unverified'`);
    expect(await reverifyListings(database().db, devnet().chain, new Date())).toBe(3);
    for (const hash of hashes) expect(await stored(hash)).toMatchObject({ status: 'active' });

    // Two in one sweep (fulfillAvailableAdvancedOrders), the third alone (the basic order path).
    const sweep = await quoted({ count: 2 });
    expect(decodeFunctionData({ abi: SEAPORT_ABI, data: sweep.tx.data as Hex }).functionName).toBe(
      'fulfillAvailableAdvancedOrders',
    );
    expect(orderIds(sweep)).toEqual(hashes.slice(0, 2));
    await send(sweep);
    const last = await quoted({ count: 1, order_id: hashes[2] as string });
    expect(decodeFunctionData({ abi: SEAPORT_ABI, data: last.tx.data as Hex }).functionName).toBe(
      'fulfillBasicOrder_efficient_6GL6yc',
    );
    await send(last);
    for (const { order } of bulk)
      expect(await ownerOf(order.offer[0]?.identifierOrCriteria as bigint)).toBe(buyer.address);
  });

  // Seaport's ERC-1271 fallback asks the wallet about the order's own digest with the whole signature, proof and all.
  it('from a contract wallet, is checked as Seaport asks the wallet (ERC-1271), and bought', async () => {
    const { manifest } = devnet();
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const tokenId = await nextToken(seller);
    await giveToken(devnet(), seller, collection, wallet, tokenId);
    await approveFromContractAddress(wallet);
    const order = await buildListing(devnet(), { address: wallet } as Account, collection, tokenId, {
      priceWei: CENTI_ETH,
    });
    const other = await buildListing(devnet(), { address: wallet } as Account, collection, tokenId + 1n);
    // No key of the wallet: the signature's key part recovers someone else, so only ERC-1271 can say yes.
    const keyPart = await privateKeyToAccount(generatePrivateKey()).signTypedData(
      seaportBulkTypedData([order, other], DEVNET_CHAIN_ID, manifest.seaport),
    );
    const [packed] = seaportBulkSignatures([order, other], keyPart) as [Hex];
    const ownDigest = hashTypedData(seaportTypedData(order, DEVNET_CHAIN_ID, manifest.seaport));

    // A wallet that says yes only to the bulk signature's own key part: Seaport never asks it that.
    await rpc(devnet().rpcUrl, 'anvil_setCode', [wallet, erc1271Wallet(ownDigest, slice(packed, 0, 65))]);
    await devnet().mine();
    await expectRefused(seaportRequest(order, packed), Status.ListingBadSignature);

    await rpc(devnet().rpcUrl, 'anvil_setCode', [wallet, erc1271Wallet(ownDigest, packed)]);
    await devnet().mine();
    const orderHash = await accepted(seaportRequest(order, packed));
    const sweep = await quoted({ count: 1, order_id: orderHash });
    expect(orderIds(sweep)).toEqual([orderHash]);
    await send(sweep);
    expect(await ownerOf(tokenId)).toBe(buyer.address);
  });
});

describe('a LooksRare batch, signed once for three asks', () => {
  beforeEach(() => database().pool.query('delete from listings'));

  it('is accepted with its merkle trees, kept with them, and bought with them alone and several at once', async () => {
    const batch = await looksRareBatch(seller, [
      { priceWei: CENTI_ETH },
      { priceWei: 2n * CENTI_ETH },
      { priceWei: 3n * CENTI_ETH },
    ]);
    const hashes: string[] = [];
    for (const { request } of batch) hashes.push(await accepted(request));
    expect(hashes).toEqual(batch.map(({ maker }) => makerHash(maker)));
    for (const [i, { tree }] of batch.entries()) {
      expect(tree.proof).toHaveLength(2);
      expect(await stored(hashes[i] as string)).toMatchObject({ protocol: 'looksrare-v2', merkle_tree: tree });
    }

    // A reorg's re-check reads the proof it was accepted with: without it the one signature covers no single ask.
    await database().pool.query(`update listings set status = 'unverified'`);
    expect(await reverifyListings(database().db, devnet().chain, new Date())).toBe(3);
    for (const hash of hashes) expect(await stored(hash)).toMatchObject({ status: 'active' });

    // The dearest alone: executeTakerBid with its tree.
    const alone = await quoted({ count: 1, order_id: hashes[2] as string });
    const takerBid = decodeFunctionData({ abi: LOOKSRARE_ABI, data: alone.tx.data as Hex });
    expect(takerBid.functionName).toBe('executeTakerBid');
    expect(takerBid.args[3]).toEqual(batch[2]?.tree);
    await send(alone);

    // The other two at once: executeMultipleTakerBids with a tree each.
    const both = await quoted({ count: 2 });
    const multiple = decodeFunctionData({ abi: LOOKSRARE_ABI, data: both.tx.data as Hex });
    expect(multiple.functionName).toBe('executeMultipleTakerBids');
    expect(multiple.args[3]).toEqual([batch[0]?.tree, batch[1]?.tree]);
    await send(both);
    for (const { maker } of batch) expect(await ownerOf(maker.itemIds[0] as bigint)).toBe(buyer.address);
  });
});

describe('bulk-signed listings refused, with their reason and nothing stored:', () => {
  it('a Seaport bulk signature whose proof belongs to another tree', async () => {
    const mine = await seaportOrders(seller, [{}, {}]);
    const others = await seaportOrders(seller, [{}, {}]);
    const signature = await signSeaportBulk(seller, mine);
    const [wrongProof] = seaportBulkSignatures(others, signature) as [Hex];
    await expectRefused(seaportRequest(mine[0] as OrderComponents, wrongProof), Status.ListingBadSignature);
    // The same signature with its own tree's proof is the seller's.
    const [rightProof] = seaportBulkSignatures(mine, signature) as [Hex];
    expect(await submitListing(ctx, seaportRequest(mine[0] as OrderComponents, rightProof))).toMatchObject({
      ok: true,
    });
  });

  it('a LooksRare proof for another root', async () => {
    const [mine] = await looksRareBatch(seller, [{}, {}]);
    const [other] = await looksRareBatch(seller, [{}, {}]);
    if (!mine || !other) throw new Error('nothing signed');
    const request = looksRareRequest(mine.maker, mine.request.signature as Hex, {
      ...mine.tree,
      root: other.tree.root,
    });
    await expectRefused(request, Status.ListingBadProof);
    // Without its tree, the batch's signature is no signature of the ask alone.
    await expectRefused(looksRareRequest(mine.maker, mine.request.signature as Hex), Status.ListingBadSignature);
  });

  it('a LooksRare proof of 11 levels, above the exchange’s 10', async () => {
    const [mine] = await looksRareBatch(seller, [{}, {}]);
    if (!mine) throw new Error('nothing signed');
    const node = { value: mine.tree.root, position: MerkleTreeNodePosition.Left };
    const tooTall = { ...mine.tree, proof: Array.from({ length: 11 }, () => node) };
    await expectRefused(
      looksRareRequest(mine.maker, mine.request.signature as Hex, tooTall),
      Status.ListingProofTooLarge,
    );
  });

  it('a price above 10^9 ETH on either exchange', async () => {
    const dearest = LISTING_PRICE_MAX_WEI + 1n;
    const [seaport] = await seaportBulk(seller, [{ priceWei: dearest }, {}]);
    const [looksRare, atTheCap] = await looksRareBatch(seller, [
      { priceWei: dearest },
      { priceWei: LISTING_PRICE_MAX_WEI },
    ]);
    await expectRefused(seaport?.request as PostListingRequest, Status.ListingPriceTooHigh);
    await expectRefused(looksRare?.request as PostListingRequest, Status.ListingPriceTooHigh);
    expect(await submitListing(ctx, atTheCap?.request as PostListingRequest)).toMatchObject({ ok: true });
  });

  it('an end time in the past', async () => {
    const past = { endTime: BigInt(Math.floor(Date.now() / 1000)) - 1n };
    const [seaport] = await seaportBulk(seller, [past, {}]);
    const [looksRare] = await looksRareBatch(seller, [past, {}]);
    await expectRefused(seaport?.request as PostListingRequest, Status.ListingExpired);
    await expectRefused(looksRare?.request as PostListingRequest, Status.ListingExpired);
  });

  it('a token its signer no longer holds', async () => {
    const [seaport] = await seaportBulk(seller, [{}, {}]);
    const [looksRare] = await looksRareBatch(seller, [{}, {}]);
    if (!seaport || !looksRare) throw new Error('nothing signed');
    await giveToken(
      devnet(),
      seller,
      collection,
      stranger.address,
      seaport.order.offer[0]?.identifierOrCriteria as bigint,
    );
    await giveToken(devnet(), seller, collection, stranger.address, looksRare.maker.itemIds[0] as bigint);
    await expectRefused(seaport.request, Status.ListingNotOwner);
    await expectRefused(looksRare.request, Status.ListingNotOwner);
  });

  it("an approval revoked from the order's operator", async () => {
    const { manifest } = devnet();
    const [seaport] = await seaportBulk(otherSeller, [{}, {}]);
    const [looksRare] = await looksRareBatch(otherSeller, [{}, {}]);
    for (const operator of [manifest.conduit.address, manifest.looksRare.transferManager]) {
      await approve(otherSeller, operator, false);
    }
    try {
      await expectRefused(seaport?.request as PostListingRequest, Status.ListingNotApproved);
      await expectRefused(looksRare?.request as PostListingRequest, Status.ListingNotApproved);
    } finally {
      for (const operator of [manifest.conduit.address, manifest.looksRare.transferManager]) {
        await approve(otherSeller, operator, true);
      }
    }
  });
});

const postBatch = (listings: readonly unknown[], lang = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/orders/listings/batch',
    headers: { [LANG_HEADER]: lang },
    payload: { listings },
  });
const isStored = async (orderHash: string) => (await stored(orderHash)) !== undefined;

describe('POST /api/orders/listings/batch', () => {
  it('refuses all when one is refused, naming it, in the caller’s language, and stores none', async () => {
    const good = await seaportBulk(seller, [{}, {}]);
    const [goodAsk] = await looksRareBatch(seller, [{}, {}]);
    // Signed in the same bulk, but its token has gone to someone else since.
    const [gone] = await seaportBulk(seller, [{}, {}]);
    if (!goodAsk || !gone) throw new Error('nothing signed');
    await giveToken(
      devnet(),
      seller,
      collection,
      stranger.address,
      gone.order.offer[0]?.identifierOrCriteria as bigint,
    );
    const before = await storedCount();

    const response = await postBatch([...good.map((one) => one.request), goodAsk.request, gone.request], 'zh');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: Status.ListingNotOwner,
      msg: statusMessage(Status.ListingNotOwner, 'zh'),
      data: { fields: [{ path: 'listings.3', message: statusMessage(Status.ListingNotOwner, 'zh') }] },
    });
    // The first refused is named, whichever check ends first.
    const expired = await seaportBulk(seller, [{ endTime: BigInt(Math.floor(Date.now() / 1000)) - 1n }, {}]);
    const twoBad = await postBatch([good[0]?.request, gone.request, goodAsk.request, expired[0]?.request]);
    expect(twoBad.json()).toMatchObject({
      status: Status.ListingNotOwner,
      data: { fields: [{ path: 'listings.1', message: statusMessage(Status.ListingNotOwner, 'en') }] },
    });
    expect(await storedCount()).toBe(before);
    for (const orderHash of [...good.map(({ order }) => seaportOrderHash(order)), makerHash(goodAsk.maker)]) {
      expect(await isStored(orderHash)).toBe(false);
    }
  });

  it('stores all when all are good and answers each in order; the same order twice counts once', async () => {
    const seaport = await seaportBulk(seller, [{}, {}, {}]);
    const looksRare = await looksRareBatch(seller, [{}, {}, {}]);
    const requests = [...seaport.map((one) => one.request), ...looksRare.map((one) => one.request)];
    const hashes = [
      ...seaport.map(({ order }) => seaportOrderHash(order)),
      ...looksRare.map(({ maker }) => makerHash(maker)),
    ];
    const before = await storedCount();
    const response = await postBatch([...requests, requests[0]]);
    const body = response.json();
    expect(body.status).toBe(Status.Ok);
    expect(body.data.listings.map((listing: { order_hash: string }) => listing.order_hash)).toEqual([
      ...hashes,
      hashes[0],
    ]);
    expect(body.data.listings.map((listing: { marketplace: string }) => listing.marketplace)).toEqual([
      ...seaport.map(() => 'opensea'),
      ...looksRare.map(() => 'looks'),
      'opensea',
    ]);
    expect(await storedCount()).toBe(before + hashes.length);
    for (const [i, { tree }] of looksRare.entries()) {
      expect(await stored(hashes[seaport.length + i] as string)).toMatchObject({ merkle_tree: tree, status: 'active' });
    }
    // Posting them again is harmless: the same answers, nothing more stored.
    const again = await postBatch(requests);
    expect(again.json().data.listings).toEqual(body.data.listings.slice(0, -1));
    expect(await storedCount()).toBe(before + hashes.length);
  });

  it('reads a full batch, each marketplace signed once, and answers 413 to a body beyond a batch’s room', async () => {
    const perMarketplace = POST_LISTINGS_MAX / 2;
    const orders = await Promise.all(
      Array.from({ length: perMarketplace }, (_, i) => buildListing(devnet(), seller, collection, BigInt(i + 1))),
    );
    const makers = await Promise.all(
      Array.from({ length: perMarketplace }, (_, i) => buildLooksRareAsk(devnet(), seller, collection, BigInt(i + 1))),
    );
    const seaportSignatures = seaportBulkSignatures(orders, await signSeaportBulk(seller, orders));
    const makerSignature = await signLooksRareBatch(seller, makers);
    const trees = looksRareMerkleTrees(makers);
    // Signed for another chain: refused by the first, cheapest check, so only the body's size is on trial.
    const full = [
      ...orders.map((order, i) => ({ ...seaportRequest(order, seaportSignatures[i] as Hex), chain_id: 1 })),
      ...makers.map((maker, i) => ({ ...looksRareRequest(maker, makerSignature, trees[i]), chain_id: 1 })),
    ];
    const answer = await postBatch(full);
    expect(answer.json()).toMatchObject({
      status: Status.ListingWrongChain,
      data: { fields: [{ path: 'listings.0' }] },
    });

    // As many listings, each with the longest signature a contract wallet may give.
    const longest = `0x${'ab'.repeat(2048)}`;
    const tooLarge = await postBatch(full.map((listing) => ({ ...listing, signature: longest })));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ status: Status.PayloadTooLarge });
  });
});

/** The same bulk signature with its key part (65 bytes) in EIP-2098's compact form (64): one byte shorter. */
function compactBulkSignature(packed: Hex): Hex {
  const compact = serializeCompactSignature(signatureToCompactSignature(parseSignature(slice(packed, 0, 65))));
  const result = concat([compact, slice(packed, 65)]);
  expect(size(result)).toBe(size(packed) - 1);
  return result;
}

/** `owner` approves (or revokes) `operator` for all of its tokens of the collection. */
function approve(owner: Account, operator: Address, approved: boolean) {
  return mined(
    walletOf(devnet(), owner).writeContract({
      address: collection,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [operator, approved],
    }),
  );
}

/** `wallet`, before it has code, approves OpenSea's conduit: the node sends for it (anvil's impersonation). */
async function approveFromContractAddress(wallet: Address): Promise<void> {
  const { rpcUrl, manifest, chain } = devnet();
  await rpc(rpcUrl, 'anvil_setBalance', [wallet, numberToHex(parseEther('1'))]);
  await rpc(rpcUrl, 'anvil_impersonateAccount', [wallet]);
  try {
    const impersonated = createWalletClient({ account: wallet, chain: foundry, transport: http(rpcUrl) });
    const hash = await impersonated.writeContract({
      address: collection,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [manifest.conduit.address, true],
    });
    expect((await receiptOf(chain.client, hash)).status).toBe('success');
  } finally {
    await rpc(rpcUrl, 'anvil_stopImpersonatingAccount', [wallet]);
  }
}

/**
 * The runtime code of an ERC-1271 wallet that answers `isValidSignature`'s magic value only for `digest` with
 * `signature`: it compares the digest word and the keccak256 of the signature's bytes (read at the ABI offset 0x64,
 * their length at 0x44), so it answers Seaport's unpadded calldata and an ABI encoder's padded one alike. Anything
 * else, a plain payment included, gets a zero word back.
 */
function erc1271Wallet(digest: Hex, signature: Hex): Hex {
  return concat([
    '0x6004357f', // push1 4, calldataload (the digest), push32:
    digest,
    '0x1415606b57', // eq, iszero, push1 0x6b (fail), jumpi
    '0x6044358060646000376000207f', // calldataload(0x44) (the length), dup1, calldatacopy(0, 0x64, length),
    //                                keccak256(0, length), push32:
    keccak256(signature),
    '0x1415606b57', // eq, iszero, push1 0x6b (fail), jumpi
    '0x631626ba7e60e01b60005260206000f3', // mstore(0, 0x1626ba7e << 224), return(0, 32)
    '0x5b600060005260206000f3', // 0x6b, fail: jumpdest, mstore(0, 0), return(0, 32)
  ]);
}
