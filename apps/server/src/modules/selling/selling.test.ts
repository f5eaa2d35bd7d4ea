import {
  fulfillOrderArgs,
  LOOKSRARE_ABI,
  LOOKSRARE_TRANSFER_MANAGER_ABI,
  listingOrder,
  looksRareAsk,
  type LooksRareMaker,
  looksRareTypedData,
  type OrderComponents,
  orderToJson,
  receiptOf,
  SEAPORT_ABI,
  seaportOrderHash,
  seaportTypedData,
} from '@floordesk/contracts';
import { botAccounts, rpc, toLooksRarePostListing, toPostListing } from '@floordesk/devnet';
import {
  type CancelListingsData,
  type CancelListingsRequest,
  DEVNET_CHAIN_ID,
  type MyListing,
  type MyListingsData,
  type PortfolioData,
  type SellMarketplace,
  type SellPrepareData,
  Status,
} from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import {
  type Account,
  type Address,
  decodeFunctionData,
  erc1155Abi,
  erc721Abi,
  type Hex,
  numberToHex,
  parseAbi,
  parseEther,
  zeroAddress,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { devnetChainAccess } from '../../devnet';
import { buildServer } from '../../http/server';
import { expireListings } from '../../market/listings/lifecycle';
import { submitListing } from '../../market/listings/submit';
import { useTestDatabase } from '../../testing/database';
import { indexerOptions, indexToHead, useTestDevnet } from '../../testing/devnet';
import {
  approveLooksRare,
  buildListing,
  buildLooksRareAsk,
  giveToken,
  listAndBuy,
  ownedToken,
  signListing,
  signLooksRareAsk,
  walletOf,
} from '../../testing/market';
import { insertCollection, insertListing, insertTraits } from '../../testing/market-rows';
import { testConfig } from '../../testing/server';
import { bob, sessionHeaders, signIn } from '../../testing/wallets';

const database = useTestDatabase();
const devnet = useTestDevnet();
const bots = botAccounts();
/** The trader: premium, two wallets of their own, fresh keys that have approved nothing yet. */
const seller = privateKeyToAccount(generatePrivateKey());
const spare = privateKeyToAccount(generatePrivateKey());
/** Bots that hand the trader tokens, list their own, and buy. */
const donor = bots[0] as Account;
const stranger = bots[4] as Account;
const buyer = bots[5] as Account;
const ROYALTY_ABI = parseAbi([
  'function royaltyInfo(uint256 tokenId, uint256 salePrice) view returns (address receiver, uint256 royaltyAmount)',
]);
const eth = (text: string) => parseEther(text);
const lower = (address: string) => address.toLowerCase();

/** The server's clock runs with the wall clock, moved ahead only to let listings expire. */
let aheadMs = 0;
const now = () => new Date(Date.now() + aheadMs);
let app: FastifyInstance;
let ctx: AppContext;
let headers: Record<string, string>;
let collection: Address;
let editions: Address;
/** The ERC-721 tokens handed to the trader's wallets, taken one per use so that no test lists another's. */
const sellerTokens: bigint[] = [];
const spareTokens: bigint[] = [];
/** A token the trader keeps throughout, never listed: what the reads of their wallet's state ask about. */
let kept: bigint;
let editionId: bigint;

const accountOf = (wallet: string) => [seller, spare].find((account) => lower(account.address) === wallet) as Account;
const index = () => indexToHead(indexerOptions(database(), devnet().chain));
const mined = async (sent: Promise<Hex>) => {
  expect((await receiptOf(devnet().chain.client, await sent)).status).toBe('success');
};

async function call<T>(method: 'GET' | 'POST', url: string, payload?: object, as = headers) {
  const response = await app.inject({ method, url, headers: as, ...(payload && { payload }) });
  const body = response.json() as { status: number; data: T };
  return { http: response.statusCode, status: body.status, data: body.data };
}
const prepare = (tokens: readonly { collection: string; token_id: string }[], as = headers) =>
  call<SellPrepareData>('POST', '/api/sell/prepare', { tokens }, as);
const myListings = (query = '', as = headers) =>
  call<MyListingsData>('GET', `/api/sell/listings${query}`, undefined, as);
const cancel = (request: CancelListingsRequest, as = headers) =>
  call<CancelListingsData>('POST', '/api/sell/cancel', request, as);

/** The data of a call that has to succeed. */
async function data<T>(answer: Promise<{ http: number; status: number; data: T }>): Promise<T> {
  const { http, status, data: value } = await answer;
  expect({ http, status }).toEqual({ http: 200, status: Status.Ok });
  return value;
}
/** A refusal that names the request's item at fault. */
const refusedAt = (status: number, path: string) => ({ http: 200, status, data: { fields: [{ path }] } });
const prepared = (tokenId: bigint, of: Address = collection) =>
  data(prepare([{ collection: of, token_id: tokenId.toString() }]));
const listingsByHash = async (query = '') =>
  new Map((await data(myListings(query))).list.map((listing) => [listing.order_hash, listing]));
async function listingOf(orderHash: string): Promise<MyListing> {
  const listing = (await listingsByHash()).get(orderHash);
  if (!listing) throw new Error(`My listings does not show ${orderHash}`);
  return listing;
}

type Listed = { orderHash: string; order?: OrderComponents; signature: Hex; maker?: LooksRareMaker };
let salt = 7_000_000n;
let orderNonce = 7_000_000n;

/**
 * Lists a token of the trader's the way the web's sell dialog does: the terms, nonces and royalty from
 * `/api/sell/prepare`, the order from the contracts package's builders, signed by the holding wallet and posted to the
 * order book, which must accept it.
 */
async function list(
  marketplace: SellMarketplace,
  tokenId: bigint,
  priceWei: bigint,
  endTime = BigInt(Math.floor(Date.now() / 1000) + 3600),
): Promise<Listed> {
  const terms = await prepared(tokenId);
  const token = terms.tokens[0];
  const venue = terms.venues.find((candidate) => candidate.marketplace === marketplace);
  const wallet = terms.wallets.find((candidate) => candidate.wallet === token?.wallet);
  if (!token || !venue || !wallet) throw new Error('prepare left out the token, its venue or its wallet');
  const signer = walletOf(devnet(), accountOf(token.wallet));
  const startTime = BigInt(Math.floor(Date.now() / 1000) - 60);
  const common = { tokenId, amount: BigInt(token.amount), priceWei, startTime, endTime };
  if (marketplace === 'opensea') {
    const order = listingOrder({
      ...common,
      offerer: token.wallet as Address,
      token: { address: collection, standard: token.standard, royaltyBps: token.royalty_bps },
      marketplace: {
        conduitKey: venue.conduit_key as Hex,
        feeRecipient: venue.fee_recipient as Address,
        feeBps: venue.fee_bps,
      },
      royaltyRecipient: (token.royalty_recipient ?? zeroAddress) as Address,
      salt: salt++,
      counter: BigInt(wallet.seaport_counter),
    });
    const signature = await signer.signTypedData(
      seaportTypedData(order, terms.chain_id, venue.protocol_address as Address),
    );
    const accepted = await submitListing(
      ctx,
      toPostListing({ order, signature }, terms.chain_id, venue.protocol_address as Address),
    );
    if (!accepted.ok) throw new Error(`the order book refused the OpenSea listing: ${accepted.status}`);
    return { orderHash: accepted.value.order_hash, order, signature };
  }
  const maker = looksRareAsk({
    ...common,
    signer: token.wallet as Address,
    collection,
    standard: token.standard,
    globalNonce: BigInt(wallet.looksrare_ask_nonce),
    subsetNonce: 0n,
    orderNonce: orderNonce++,
  });
  const signature = await signer.signTypedData(
    looksRareTypedData(maker, terms.chain_id, venue.protocol_address as Address),
  );
  const accepted = await submitListing(
    ctx,
    toLooksRarePostListing(maker, signature, terms.chain_id, venue.protocol_address as Address),
  );
  if (!accepted.ok) throw new Error(`the order book refused the LooksRare ask: ${accepted.status}`);
  return { orderHash: accepted.value.order_hash, signature, maker };
}

/** A bot's own OpenSea listing of one of its tokens, through the order book. */
async function strangerLists(tokenId: bigint, priceWei: bigint): Promise<string> {
  const order = await buildListing(devnet(), stranger, collection, tokenId, { priceWei });
  const signature = await signListing(devnet(), stranger, order);
  const accepted = await submitListing(
    ctx,
    toPostListing({ order, signature }, DEVNET_CHAIN_ID, devnet().manifest.seaport),
  );
  if (!accepted.ok) throw new Error(`the order book refused the stranger's listing: ${accepted.status}`);
  return accepted.value.order_hash;
}

const strangerTokens = new Map<string, bigint>();
async function strangerToken(): Promise<bigint> {
  const tokenId = await ownedToken(devnet(), collection, stranger.address, (strangerTokens.get('last') ?? 0n) + 1n);
  strangerTokens.set('last', tokenId);
  return tokenId;
}

function nextToken(tokens: bigint[]): bigint {
  const tokenId = tokens.shift();
  if (tokenId === undefined) throw new Error('the test ran out of the trader’s tokens');
  return tokenId;
}

/** Sends a transaction `/api/sell/cancel` returned, from the wallet it names, with the gas it names. */
async function send(transaction: CancelListingsData['transactions'][number]) {
  const hash = await walletOf(devnet(), accountOf(transaction.from)).sendTransaction({
    to: transaction.to as Address,
    data: transaction.data as Hex,
    gas: BigInt(transaction.gas),
  });
  const receipt = await receiptOf(devnet().chain.client, hash);
  expect(receipt.status).toBe('success');
  return receipt;
}

beforeAll(async () => {
  const { chain, manifest } = devnet();
  collection = manifest.collections.find((c) => c.standard === 'erc721')?.address as Address;
  editions = manifest.collections.find((c) => c.standard === 'erc1155')?.address as Address;
  const config = testConfig({ premiumAddresses: new Set([lower(seller.address)]) });
  ctx = { config, db: database().db, now, chain };
  app = await buildServer({ config, db: database().db, chain, now });
  headers = sessionHeaders(await signIn(app, seller));
  const added = await call('POST', '/api/user/wallets', { address: spare.address });
  if (added.status !== Status.Ok) throw new Error(`adding the spare wallet: ${added.status}`);
  await insertCollection(database().pool, lower(collection), { standard: 'erc721', name: 'Art' });
  await insertCollection(database().pool, lower(editions), { standard: 'erc1155', name: 'Editions' });

  for (const account of [seller, spare]) {
    await rpc(devnet().rpcUrl, 'anvil_setBalance', [account.address, numberToHex(eth('100'))]);
  }
  let from = 1n;
  for (const [to, tokens, count] of [
    [seller, sellerTokens, 14],
    [spare, spareTokens, 2],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const tokenId = await ownedToken(devnet(), collection, donor.address, from);
      await giveToken(devnet(), donor, collection, to.address, tokenId);
      tokens.push(tokenId);
      from = tokenId + 1n;
    }
  }
  kept = nextToken(sellerTokens);
  // The editions' id 1 was preminted to the second bot; three of its units go to the spare wallet.
  editionId = 1n;
  await mined(
    walletOf(devnet(), bots[1] as Account).writeContract({
      address: editions,
      abi: erc1155Abi,
      functionName: 'safeTransferFrom',
      args: [(bots[1] as Account).address, spare.address, editionId, 3n, '0x'],
    }),
  );
  await approveLooksRare(devnet(), stranger, collection);
  await index();
});
afterAll(() => app.close());

describe('who may sell', () => {
  it('refuses a caller without premium on every selling call', async () => {
    const outsider = sessionHeaders(await signIn(app, bob));
    const token = [{ collection, token_id: '1' }];
    expect((await prepare(token, outsider)).status).toBe(Status.SellPremiumRequired);
    expect((await myListings('', outsider)).status).toBe(Status.SellPremiumRequired);
    const all = { all: true, wallet: bob.address, marketplace: 'opensea' } as const;
    expect(await cancel(all, outsider)).toMatchObject({ http: 200, status: Status.SellPremiumRequired, data: null });
  });

  it('answers 1299, not a server error, when the node cannot be asked', async () => {
    const unreachable = devnetChainAccess('http://127.0.0.1:9', devnet().manifest, 200);
    const offline = await buildServer({ config: ctx.config, db: database().db, chain: unreachable, now });
    try {
      const offlineHeaders = sessionHeaders(await signIn(offline, seller));
      const response = await offline.inject({
        method: 'POST',
        url: '/api/sell/prepare',
        headers: offlineHeaders,
        payload: { tokens: [{ collection, token_id: kept.toString() }] },
      });
      expect({ http: response.statusCode, status: response.json().status }).toEqual({
        http: 200,
        status: Status.ChainUnavailable,
      });
    } finally {
      await offline.close();
    }
  });
});

describe('preparing a listing', () => {
  it("gives OpenSea's terms from the chain's table and LooksRare's fee as its exchange reads", async () => {
    const { manifest } = devnet();
    const terms = await prepared(kept);
    expect(terms.chain_id).toBe(DEVNET_CHAIN_ID);
    expect(terms.venues).toEqual([
      {
        marketplace: 'opensea',
        protocol: 'seaport',
        protocol_address: lower(manifest.seaport),
        fee_bps: manifest.marketplaces.opensea.feeBps,
        fee_recipient: lower(manifest.marketplaces.opensea.feeRecipient),
        conduit_key: lower(manifest.conduit.key),
        operator: lower(manifest.conduit.address),
      },
      {
        marketplace: 'looks',
        protocol: 'looksrare-v2',
        protocol_address: lower(manifest.looksRare.protocol),
        // LooksRare v2's standard sale fee as deployed (StrategyManager's strategy 0).
        fee_bps: 50,
        fee_recipient: null,
        conduit_key: null,
        operator: lower(manifest.looksRare.transferManager),
      },
    ]);
  });

  it('refuses a token none of the wallets holds, and one the trader gave away since it was indexed', async () => {
    const mine = kept;
    const foreign = await strangerToken();
    const both = [
      { collection, token_id: mine.toString() },
      { collection, token_id: foreign.toString() },
    ];
    expect(await prepare(both)).toMatchObject(refusedAt(Status.SellTokenNotOwn, 'tokens.1'));
    const given = nextToken(sellerTokens);
    await giveToken(devnet(), seller, collection, stranger.address, given);
    expect(await prepare([{ collection, token_id: given.toString() }])).toMatchObject(
      refusedAt(Status.SellTokenNotOwn, 'tokens.0'),
    );
    expect(await prepare([{ collection: editions, token_id: '999999' }])).toMatchObject(
      refusedAt(Status.SellTokenNotOwn, 'tokens.0'),
    );
    // A collection FloorDesk has not indexed has no standard to ask the token's holder by.
    const unindexed = [
      { collection, token_id: mine.toString() },
      { collection: `0x${'de'.repeat(20)}`, token_id: '1' },
    ];
    expect(await prepare(unindexed)).toMatchObject(refusedAt(Status.CollectionUnknown, 'tokens.1'));
  });

  it('tells whether each marketplace is approved and LooksRare granted, false until the wallet does so', async () => {
    const { manifest } = devnet();
    const tokenId = kept;
    const before = await prepared(tokenId);
    expect(before.tokens[0]?.approved).toEqual({ opensea: false, looks: false });
    expect(before.wallets).toEqual([
      expect.objectContaining({ wallet: lower(seller.address), looksrare_granted: false }),
    ]);

    for (const account of [seller, spare]) {
      const wallet = walletOf(devnet(), account);
      await mined(
        wallet.writeContract({
          address: collection,
          abi: erc721Abi,
          functionName: 'setApprovalForAll',
          args: [manifest.conduit.address, true],
        }),
      );
    }
    const openSeaOnly = await prepared(tokenId);
    expect(openSeaOnly.tokens[0]?.approved).toEqual({ opensea: true, looks: false });
    await mined(
      walletOf(devnet(), seller).writeContract({
        address: collection,
        abi: erc721Abi,
        functionName: 'setApprovalForAll',
        args: [manifest.looksRare.transferManager, true],
      }),
    );
    await mined(
      walletOf(devnet(), seller).writeContract({
        address: manifest.looksRare.transferManager,
        abi: LOOKSRARE_TRANSFER_MANAGER_ABI,
        functionName: 'grantApprovals',
        args: [[manifest.looksRare.protocol]],
      }),
    );
    const after = await prepared(tokenId);
    expect(after.tokens[0]?.approved).toEqual({ opensea: true, looks: true });
    expect(after.wallets[0]?.looksrare_granted).toBe(true);
    await approveLooksRare(devnet(), spare, collection);
  });

  it("names the collection's ERC-2981 royalty, the holding wallet and an ERC-1155 position's units", async () => {
    const tokenId = spareTokens[0] as bigint;
    const [receiver, bps] = await devnet().chain.client.readContract({
      address: collection,
      abi: ROYALTY_ABI,
      functionName: 'royaltyInfo',
      args: [tokenId, 10_000n],
    });
    expect(bps).toBeGreaterThan(0n);
    const terms = await data(
      prepare([
        { collection, token_id: tokenId.toString() },
        { collection: editions, token_id: editionId.toString() },
      ]),
    );
    expect(terms.tokens.map((token) => [token.wallet, token.standard, token.amount])).toEqual([
      [lower(spare.address), 'erc721', '1'],
      [lower(spare.address), 'erc1155', '3'],
    ]);
    expect(terms.tokens[0]).toMatchObject({
      collection: lower(collection),
      collection_name: 'Art',
      token_id: tokenId.toString(),
      royalty_recipient: lower(receiver),
      royalty_bps: Number(bps),
    });
    expect(terms.wallets.map((wallet) => wallet.wallet)).toEqual([lower(spare.address)]);
  });

  it("reads the wallet's Seaport counter and LooksRare ask nonce anew after each cancel-all", async () => {
    const { manifest } = devnet();
    const tokenId = kept;
    const before = (await prepared(tokenId)).wallets[0];
    await mined(
      walletOf(devnet(), seller).writeContract({
        address: manifest.seaport,
        abi: SEAPORT_ABI,
        functionName: 'incrementCounter',
      }),
    );
    await mined(
      walletOf(devnet(), seller).writeContract({
        address: manifest.looksRare.protocol,
        abi: LOOKSRARE_ABI,
        functionName: 'incrementBidAskNonces',
        args: [false, true],
      }),
    );
    const after = (await prepared(tokenId)).wallets[0];
    // Seaport 1.6 and LooksRare v2 both move a nonce on by a quasi-random step, never by one.
    expect(BigInt(after?.seaport_counter ?? 0)).toBeGreaterThan(BigInt(before?.seaport_counter ?? 0));
    expect(BigInt(after?.looksrare_ask_nonce ?? 0)).toBeGreaterThan(BigInt(before?.looksrare_ask_nonce ?? 0));
  });

  it("lists the token's listings cheapest first, its own marked, and costs it as the portfolio does", async () => {
    // The stranger asks 0.09 on LooksRare, then sells the token to the trader on OpenSea for 0.05.
    const tokenId = await strangerToken();
    const ask = await buildLooksRareAsk(devnet(), stranger, collection, tokenId, { priceWei: eth('0.09') });
    const theirs = await submitListing(
      ctx,
      toLooksRarePostListing(
        ask,
        await signLooksRareAsk(devnet(), stranger, ask),
        DEVNET_CHAIN_ID,
        devnet().manifest.looksRare.protocol,
      ),
    );
    if (!theirs.ok) throw new Error(`the stranger's ask was refused: ${theirs.status}`);
    const bought = await listAndBuy(devnet(), ctx, {
      seller: stranger,
      buyer: seller,
      collection,
      tokenId,
      priceWei: eth('0.05'),
    });
    // Until the indexer sees the sale, the stranger's two listings are still in the book.
    const ours = await list('opensea', tokenId, eth('0.07'));
    const listed = (await prepared(tokenId)).tokens[0]?.listings;
    expect(listed?.map((listing) => [listing.order_hash, listing.price_wei, listing.own, listing.marketplace])).toEqual(
      [
        [bought.orderHash, eth('0.05').toString(), false, 'opensea'],
        [ours.orderHash, eth('0.07').toString(), true, 'opensea'],
        [theirs.value.order_hash, eth('0.09').toString(), false, 'looks'],
      ],
    );

    await index();
    const token = (await prepared(tokenId)).tokens[0];
    expect(token?.listings.map((listing) => listing.order_hash)).toEqual([ours.orderHash]);
    const portfolio = await data(call<PortfolioData>('GET', '/api/portfolio'));
    const holding = portfolio.holdings.find((h) => h.collection === lower(collection) && h.token_id === `${tokenId}`);
    expect(holding?.acquired).toBe('bought');
    expect(token?.cost_wei).toBe(holding?.cost_wei);
    expect(BigInt(token?.cost_wei ?? 0)).toBeGreaterThan(eth('0.05'));
    expect(token?.floor_wei).toBe(holding?.floor_wei);
  });

  it('ranks the token and names its rarest trait with the floor of the other tokens that share it', async () => {
    const tokenId = nextToken(sellerTokens);
    const sharing = await strangerToken();
    const common = await strangerToken();
    await insertTraits(database().pool, lower(collection), [
      { id: Number(tokenId), type: 'Background', value: 'Gold' },
      { id: Number(tokenId), type: 'Eyes', value: 'Blue' },
      { id: Number(sharing), type: 'Background', value: 'Gold' },
      { id: Number(sharing), type: 'Eyes', value: 'Blue' },
      { id: Number(common), type: 'Eyes', value: 'Blue' },
      { id: Number(common), type: 'Background', value: 'Grey' },
      { id: Number(tokenId), type: 'Level', value: '7', kind: 'number' },
    ]);
    await database().pool.query(
      `update tokens set rarity_rank = case token_id when $2 then 1 when $3 then 2 else 3 end
        where collection = $1 and token_id = any($4::numeric[])`,
      [lower(collection), tokenId.toString(), sharing.toString(), [tokenId, sharing, common].map(String)],
    );
    const bare = (await prepared(tokenId)).tokens[0];
    expect(bare).toMatchObject({ rank: 1, ranked: 3, rarest_trait: { trait_type: 'Background', value: 'Gold' } });
    expect(bare?.rarest_trait?.floor_wei).toBeNull();

    await strangerLists(common, eth('0.2'));
    await strangerLists(sharing, eth('0.6'));
    // The token's own listing, cheaper, is not the floor it is priced against.
    await list('opensea', tokenId, eth('0.4'));
    const priced = (await prepared(tokenId)).tokens[0];
    expect(priced?.rarest_trait).toEqual({ trait_type: 'Background', value: 'Gold', floor_wei: eth('0.6').toString() });
    const unranked = (await prepared(nextToken(sellerTokens))).tokens[0];
    expect(unranked).toMatchObject({ rank: null, ranked: null, rarest_trait: null });
  });
});

describe('My listings', () => {
  it('shows a relisted token’s cheaper listing active and the older one superseded by it', async () => {
    const tokenId = nextToken(sellerTokens);
    const first = await list('opensea', tokenId, eth('1'));
    const second = await list('opensea', tokenId, eth('0.8'));
    const onLooksRare = await list('looks', tokenId, eth('0.9'));
    const listings = await listingsByHash();
    expect(listings.get(first.orderHash)).toMatchObject({
      state: 'superseded',
      superseded_by: second.orderHash,
      wallet: lower(seller.address),
      token_id: tokenId.toString(),
      collection_name: 'Art',
      marketplace: 'opensea',
      price_wei: eth('1').toString(),
      ended_at: null,
    });
    expect(listings.get(second.orderHash)).toMatchObject({ state: 'active', superseded_by: null });
    // Cheaper than the LooksRare ask, but on another marketplace: that one stands.
    expect(listings.get(onLooksRare.orderHash)).toMatchObject({ state: 'active', marketplace: 'looks' });
  });

  it('marks an active listing undercut once someone else holds a floor below it', async () => {
    const tokenId = nextToken(sellerTokens);
    const ours = await list('opensea', tokenId, eth('0.001'));
    expect(await listingOf(ours.orderHash)).toMatchObject({
      undercut: false,
      floor_wei: eth('0.001').toString(),
    });
    await strangerLists(await strangerToken(), eth('0.0005'));
    expect(await listingOf(ours.orderHash)).toMatchObject({ undercut: true, floor_wei: eth('0.0005').toString() });
  });

  it('shows a listing a buyer filled as sold, with the profit the portfolio realised on the sale', async () => {
    const tokenId = nextToken(sellerTokens);
    const listed = await list('opensea', tokenId, eth('0.3'));
    const fill = await walletOf(devnet(), buyer).writeContract({
      address: devnet().manifest.seaport,
      abi: SEAPORT_ABI,
      functionName: 'fulfillOrder',
      args: fulfillOrderArgs({ order: listed.order as OrderComponents, signature: listed.signature }),
      value: eth('0.3'),
    });
    await receiptOf(devnet().chain.client, fill);
    expect((await listingOf(listed.orderHash)).state).toBe('active');
    await index();
    const sold = await listingOf(listed.orderHash);
    const portfolio = await data(call<PortfolioData>('GET', '/api/portfolio'));
    const sale = portfolio.sold.find((s) => s.sold_tx === fill);
    expect(sale).toBeDefined();
    expect(sold).toMatchObject({ state: 'sold', undercut: false, profit_wei: sale?.realised_wei });
    expect(sold.ended_at).toBe(sale?.sold_at);
  });

  it('shows a listing past its end time as expired, before and after the expiry job ends it', async () => {
    const tokenId = nextToken(sellerTokens);
    const listed = await list('looks', tokenId, eth('2'), BigInt(Math.floor(Date.now() / 1000) + 60));
    expect((await listingOf(listed.orderHash)).state).toBe('active');
    aheadMs = 120_000;
    try {
      const late = await listingOf(listed.orderHash);
      expect(late).toMatchObject({
        state: 'expired',
        undercut: false,
        ended_at: late.expires_at ? late.expires_at * 1000 : -1,
      });
      expect(await expireListings(database().db, now())).toBeGreaterThan(0);
      expect((await listingOf(listed.orderHash)).state).toBe('expired');
    } finally {
      aheadMs = 0;
    }
  });

  it("lists one wallet's alone, and refuses a wallet that is not the caller's", async () => {
    const tokenId = nextToken(spareTokens);
    const listed = await list('opensea', tokenId, eth('3'));
    const spareOnly = await data(myListings(`?wallet=${spare.address}`));
    expect(spareOnly.wallets).toEqual([lower(seller.address), lower(spare.address)]);
    expect(spareOnly.list.map((listing) => listing.order_hash)).toEqual([listed.orderHash]);
    expect((await listingsByHash()).has(listed.orderHash)).toBe(true);
    expect((await myListings(`?wallet=${stranger.address}`)).status).toBe(Status.SellWalletNotOwn);
  });

  it('orders active listings first, cheapest against the floor, then ended ones', async () => {
    const { list: listings } = await data(myListings());
    const firstEnded = listings.findIndex((listing) => listing.ended_at !== null);
    expect(firstEnded).toBeGreaterThan(0);
    expect(listings.slice(firstEnded).every((listing) => listing.ended_at !== null)).toBe(true);
    const ratios = listings
      .slice(0, firstEnded)
      .map((listing) => Number(listing.price_wei) / Number(listing.floor_wei));
    expect(ratios).toEqual(ratios.toSorted((a, b) => a - b));
    const ended = listings.slice(firstEnded).map((listing) => listing.ended_at as number);
    expect(ended).toEqual(ended.toSorted((a, b) => b - a));
  });
});

describe('cancelling', () => {
  it('cancels named listings in one transaction per exchange that ends them once sent and indexed', async () => {
    const { manifest } = devnet();
    const onOpenSea = await list('opensea', nextToken(sellerTokens), eth('1.5'));
    const onLooksRare = await list('looks', nextToken(sellerTokens), eth('1.6'));
    const { transactions } = await data(cancel({ order_hashes: [onOpenSea.orderHash, onLooksRare.orderHash] }));
    expect(
      transactions.map(({ marketplace, from, to, method, order_hashes }) => ({
        marketplace,
        from,
        to,
        method,
        order_hashes,
      })),
    ).toEqual([
      {
        marketplace: 'opensea',
        from: lower(seller.address),
        to: lower(manifest.seaport),
        method: 'cancel',
        order_hashes: [onOpenSea.orderHash],
      },
      {
        marketplace: 'looks',
        from: lower(seller.address),
        to: lower(manifest.looksRare.protocol),
        method: 'cancelOrderNonces',
        order_hashes: [onLooksRare.orderHash],
      },
    ]);
    const [seaportCall, looksRareCall] = transactions as [
      CancelListingsData['transactions'][number],
      CancelListingsData['transactions'][number],
    ];
    const cancelled = decodeFunctionData({ abi: SEAPORT_ABI, data: seaportCall.data as Hex });
    expect(cancelled.functionName).toBe('cancel');
    const [orders] = cancelled.args as [OrderComponents[]];
    expect(orders.map(seaportOrderHash)).toEqual([onOpenSea.orderHash]);
    expect(decodeFunctionData({ abi: LOOKSRARE_ABI, data: looksRareCall.data as Hex })).toEqual({
      functionName: 'cancelOrderNonces',
      args: [[onLooksRare.maker?.orderNonce]],
    });

    for (const transaction of transactions) {
      const receipt = await send(transaction);
      // The estimate is at least what the transaction used; the limit adds 30 % to it.
      expect(BigInt(transaction.gas)).toBeGreaterThanOrEqual((receipt.gasUsed * 13n) / 10n);
      expect(BigInt(transaction.fee_wei)).toBeGreaterThanOrEqual(
        (BigInt(transaction.gas) * receipt.effectiveGasPrice) / 2n,
      );
      expect(BigInt(transaction.fee_wei) % BigInt(transaction.gas)).toBe(0n);
    }
    expect((await listingOf(onOpenSea.orderHash)).state).toBe('active');
    await index();
    const listings = await listingsByHash();
    expect(listings.get(onOpenSea.orderHash)).toMatchObject({ state: 'cancelled', ended_at: expect.any(Number) });
    expect(listings.get(onLooksRare.orderHash)).toMatchObject({ state: 'cancelled', ended_at: expect.any(Number) });
    expect(await cancel({ order_hashes: [onLooksRare.orderHash, onOpenSea.orderHash] })).toMatchObject(
      refusedAt(Status.SellListingEnded, 'order_hashes.0'),
    );
  });

  it('refuses listings that are not the caller’s, wallets that are not theirs, and nothing to cancel', async () => {
    const theirs = await strangerLists(await strangerToken(), eth('4'));
    const mine = await list('opensea', nextToken(sellerTokens), eth('4'));
    expect(await cancel({ order_hashes: [mine.orderHash, theirs] })).toMatchObject(
      refusedAt(Status.SellListingNotOwn, 'order_hashes.1'),
    );
    expect(await cancel({ order_hashes: [`0x${'ab'.repeat(32)}`] })).toMatchObject(
      refusedAt(Status.SellListingNotOwn, 'order_hashes.0'),
    );
    const foreignWallet = { all: true, wallet: stranger.address, marketplace: 'opensea' } as const;
    expect((await cancel(foreignWallet)).status).toBe(Status.SellWalletNotOwn);
    const emptyHanded = { all: true, wallet: spare.address, marketplace: 'looks' } as const;
    expect((await cancel(emptyHanded)).status).toBe(Status.SellNothingToCancel);
  });

  it('refuses a cancel the node says would revert', async () => {
    // A stored listing of the spare wallet whose order names the stranger as its offerer: Seaport lets only an
    // order's offerer (or zone) cancel it.
    const strangersOrder = await buildListing(devnet(), stranger, collection, await strangerToken());
    const orderHash = await insertListing(database().pool, lower(collection), 1, eth('1'), now(), {
      offerer: lower(spare.address),
      exchange: lower(devnet().manifest.seaport),
    });
    await database().pool.query('update listings set parameters = $2 where order_hash = $1', [
      orderHash,
      JSON.stringify(orderToJson(strangersOrder)),
    ]);
    try {
      expect((await cancel({ order_hashes: [orderHash] })).status).toBe(Status.SellCancelWouldFail);
    } finally {
      await database().pool.query('delete from listings where order_hash = $1', [orderHash]);
    }
  });

  it("cancels everything of a wallet on each marketplace with the exchange's cancel-all", async () => {
    const { manifest } = devnet();
    await list('looks', nextToken(sellerTokens), eth('5'));
    const openBefore = (await data(myListings(`?wallet=${seller.address}`))).list.filter(
      (listing) => listing.ended_at === null,
    );
    expect(new Set(openBefore.map((listing) => listing.marketplace))).toEqual(new Set(['opensea', 'looks']));

    const counter = (await prepared(kept)).wallets[0];
    for (const [marketplace, method, exchange] of [
      ['opensea', 'incrementCounter', manifest.seaport],
      ['looks', 'incrementBidAskNonces', manifest.looksRare.protocol],
    ] as const) {
      const { transactions } = await data(cancel({ all: true, wallet: seller.address, marketplace }));
      const expected = openBefore.filter((listing) => listing.marketplace === marketplace);
      expect(transactions).toHaveLength(1);
      expect(transactions[0]).toMatchObject({ marketplace, method, from: lower(seller.address), to: lower(exchange) });
      expect(transactions[0]?.order_hashes.toSorted()).toEqual(
        expected.map((listing) => listing.order_hash).toSorted(),
      );
      await send(transactions[0] as CancelListingsData['transactions'][number]);
    }
    await index();
    const after = await listingsByHash(`?wallet=${seller.address}`);
    for (const listing of openBefore) expect(after.get(listing.order_hash)?.state).toBe('cancelled');
    const nonces = (await prepared(kept)).wallets[0];
    expect(nonces?.seaport_counter).not.toBe(counter?.seaport_counter);
    expect(nonces?.looksrare_ask_nonce).not.toBe(counter?.looksrare_ask_nonce);
    const nothingLeft = { all: true, wallet: seller.address, marketplace: 'opensea' } as const;
    expect((await cancel(nothingLeft)).status).toBe(Status.SellNothingToCancel);
  });
});
