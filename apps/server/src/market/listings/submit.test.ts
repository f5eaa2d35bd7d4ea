import { receiptOf, SEAPORT_ABI, seaportOrderHash, type OrderComponents } from '@floordesk/contracts';
import { botAccounts, devnetAccount, toPostListing } from '@floordesk/devnet';
import { DEVNET_CHAIN_ID, LISTING_PRICE_MAX_WEI, Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { type Account, type Address, erc721Abi, maxUint256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../http/server';
import { useTestDatabase } from '../../testing/database';
import { useTestDevnet } from '../../testing/devnet';
import {
  buildListing,
  type ListingOptions,
  ownedToken as ownedTokenOf,
  signListing,
  walletOf,
} from '../../testing/market';
import { testConfig } from '../../testing/server';
import { fillableListings } from './fillable';
import { expireListings } from './lifecycle';

const database = useTestDatabase();
const devnet = useTestDevnet();
let app: FastifyInstance;
const bots = botAccounts();
const seller = bots[0] as Account;
const otherBot = bots[1] as Account;
const stranger = devnetAccount(1);
let collection: Address;

beforeAll(async () => {
  app = await buildServer({ config: testConfig(), db: database().db, chain: devnet().chain });
  const first = devnet().manifest.collections.find((c) => c.standard === 'erc721');
  if (!first) throw new Error('the devnet has no ERC-721 collection');
  collection = first.address;
});
afterAll(() => app.close());

const wallet = (account: Account) => walletOf(devnet(), account);
const ownedToken = (owner: Address, from?: bigint) => ownedTokenOf(devnet(), collection, owner, from);
const order = (offerer: Account, tokenId: bigint, options?: ListingOptions) =>
  buildListing(devnet(), offerer, collection, tokenId, options);
const sign = (signer: Account, components: OrderComponents, chainId?: number) =>
  signListing(devnet(), signer, components, chainId);

async function post(
  components: OrderComponents,
  signature: `0x${string}`,
  chainId = DEVNET_CHAIN_ID,
  server: FastifyInstance = app,
) {
  const response = await server.inject({
    method: 'POST',
    url: '/api/orders/listings',
    payload: toPostListing({ order: components, signature }, chainId, devnet().manifest.seaport),
  });
  return {
    http: response.statusCode,
    body: response.json() as { status: number; msg: string; data: Record<string, unknown> },
  };
}

async function storedListings(): Promise<number> {
  const { rows } = await database().pool.query<{ count: number }>('select count(*)::int as count from listings');
  return rows[0]?.count ?? 0;
}

describe('the order book', () => {
  it('accepts a valid listing, tells the marketplace from its fee recipient, and counts it once', async () => {
    const tokenId = await ownedToken(seller.address);
    const components = await order(seller, tokenId);
    const signature = await sign(seller, components);
    const first = await post(components, signature);
    expect(first.body).toMatchObject({
      status: Status.Ok,
      data: {
        order_hash: seaportOrderHash(components),
        marketplace: 'opensea',
        order_way: 1,
        price_wei: '100000000000000000',
      },
    });
    const again = await post(components, signature);
    expect(again.body.data).toEqual(first.body.data);
    const { rows } = await database().pool.query(
      `select l.status, l.operator, s.new_listings, s.floor_wei from listings l
         join collection_stats_1m s on s.collection = l.collection where l.order_hash = $1`,
      [seaportOrderHash(components)],
    );
    expect(rows).toEqual([
      {
        status: 'active',
        operator: devnet().manifest.conduit.address.toLowerCase(),
        new_listings: 1,
        floor_wei: '100000000000000000',
      },
    ]);
  });

  it('accepts a listing approved to Seaport itself rather than a conduit', async () => {
    const components = await order(seller, await ownedToken(seller.address, 2n), { withoutConduit: true });
    const { body } = await post(components, await sign(seller, components));
    expect(body).toMatchObject({ status: Status.Ok, data: { marketplace: 'opensea', order_way: 1 } });
    const { rows } = await database().pool.query('select operator from listings where order_hash = $1', [
      body.data.order_hash,
    ]);
    expect(rows).toEqual([{ operator: devnet().manifest.seaport.toLowerCase() }]);
  });

  describe('refuses, with its reason and without storing anything,', () => {
    let before: number;
    beforeAll(async () => {
      before = await storedListings();
    });
    const expectRefused = async (result: Promise<{ body: { status: number; msg: string } }>, status: number) => {
      const { body } = await result;
      expect(body.status).toBe(status);
      expect(body.msg.length).toBeGreaterThan(0);
      expect(await storedListings()).toBe(before);
    };

    it('an order signed by someone other than the offerer', async () => {
      const components = await order(seller, await ownedToken(seller.address));
      await expectRefused(post(components, await sign(otherBot, components)), Status.ListingBadSignature);
    });

    it('an order for another chain', async () => {
      const components = await order(seller, await ownedToken(seller.address));
      await expectRefused(post(components, await sign(seller, components, 1), 1), Status.ListingWrongChain);
      // Signed for another chain but posted as ours: the signature cannot match our domain.
      await expectRefused(post(components, await sign(seller, components, 1)), Status.ListingBadSignature);
    });

    it('an order whose time window has not started yet', async () => {
      const base = await order(seller, await ownedToken(seller.address));
      const notStarted = { ...base, startTime: BigInt(Math.floor(Date.now() / 1000) + 600) };
      await expectRefused(post(notStarted, await sign(seller, notStarted)), Status.ListingNotStarted);
    });

    it('an order asking more than 10^9 ETH, its items together or one alone', async () => {
      const dearest = await order(seller, await ownedToken(seller.address), { priceWei: LISTING_PRICE_MAX_WEI + 1n });
      await expectRefused(post(dearest, await sign(seller, dearest)), Status.ListingPriceTooHigh);
      const base = await order(seller, await ownedToken(seller.address));
      const consideration = base.consideration.map((item) => ({
        ...item,
        startAmount: maxUint256,
        endAmount: maxUint256,
      }));
      const unpayable = { ...base, consideration };
      await expectRefused(post(unpayable, await sign(seller, unpayable)), Status.ListingPriceTooHigh);
    });

    it('the cheap faults of an order before its signature, and its signature before reading the chain', async () => {
      const mine = await order(seller, await ownedToken(seller.address));
      const unknownMarketplace = await order(seller, await ownedToken(seller.address), {
        feeRecipient: '0x00000000000000000000000000000000000000aa',
      });
      const notStarted = { ...mine, startTime: BigInt(Math.floor(Date.now() / 1000) + 600) };
      const notOwned = await order(otherBot, await ownedToken(seller.address));
      // Each is also signed by the wrong key: the cheaper check answers first.
      await expectRefused(
        post(unknownMarketplace, await sign(otherBot, unknownMarketplace)),
        Status.ListingUnknownMarketplace,
      );
      await expectRefused(post(notStarted, await sign(otherBot, notStarted)), Status.ListingNotStarted);
      await expectRefused(post(notOwned, await sign(seller, notOwned)), Status.ListingBadSignature);
    });

    it('an expired order', async () => {
      const components = await order(seller, await ownedToken(seller.address), {
        endTime: BigInt(Math.floor(Date.now() / 1000) - 1),
      });
      await expectRefused(post(components, await sign(seller, components)), Status.ListingExpired);
    });

    it('a zero price', async () => {
      const components = await order(seller, await ownedToken(seller.address), { priceWei: 0n });
      await expectRefused(post(components, await sign(seller, components)), Status.ListingBadPrice);
    });

    it('an offerer who does not own the NFT', async () => {
      const components = await order(otherBot, await ownedToken(seller.address));
      await expectRefused(post(components, await sign(otherBot, components)), Status.ListingNotOwner);
    });

    it('an NFT not approved to the order’s operator', async () => {
      const tokenId = await ownedToken(seller.address, 50n);
      const { client } = devnet().chain;
      await receiptOf(
        client,
        await wallet(seller).writeContract({
          address: collection,
          abi: erc721Abi,
          functionName: 'transferFrom',
          args: [seller.address, stranger.address, tokenId],
        }),
      );
      const components = await order(stranger, tokenId);
      await expectRefused(post(components, await sign(stranger, components)), Status.ListingNotApproved);
    });

    it('an order signed before its offerer bumped the counter', async () => {
      const components = await order(otherBot, await ownedToken(otherBot.address));
      const signature = await sign(otherBot, components);
      await receiptOf(
        devnet().chain.client,
        await wallet(otherBot).writeContract({
          address: devnet().manifest.seaport,
          abi: SEAPORT_ABI,
          functionName: 'incrementCounter',
        }),
      );
      await expectRefused(post(components, signature), Status.ListingStaleCounter);
    });

    it('an order cancelled on chain', async () => {
      const components = await order(seller, await ownedToken(seller.address));
      const signature = await sign(seller, components);
      await receiptOf(
        devnet().chain.client,
        await wallet(seller).writeContract({
          address: devnet().manifest.seaport,
          abi: SEAPORT_ABI,
          functionName: 'cancel',
          args: [[components]],
        }),
      );
      await expectRefused(post(components, signature), Status.ListingCancelled);
    });

    it('an order paying a fee recipient no marketplace we know', async () => {
      const components = await order(seller, await ownedToken(seller.address), {
        feeRecipient: '0x00000000000000000000000000000000000000aa',
      });
      await expectRefused(post(components, await sign(seller, components)), Status.ListingUnknownMarketplace);
    });

    it('an order that is not one NFT for ETH', async () => {
      const base = await order(seller, await ownedToken(seller.address));
      const nft = base.offer[0] as OrderComponents['offer'][number];
      const twoNfts = { ...base, offer: [nft, { ...nft, identifierOrCriteria: nft.identifierOrCriteria + 1n }] };
      await expectRefused(post(twoNfts, await sign(seller, twoNfts)), Status.ListingUnsupported);
    });

    it('malformed JSON and missing fields, with HTTP 400', async () => {
      const malformed = await app.inject({
        method: 'POST',
        url: '/api/orders/listings',
        headers: { 'content-type': 'application/json' },
        payload: '{"chain_id": 31337, "parameters": ',
      });
      expect(malformed.statusCode).toBe(400);
      const missing = await app.inject({ method: 'POST', url: '/api/orders/listings', payload: { chain_id: 31337 } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ status: Status.BadRequest });
      expect(await storedListings()).toBe(before);
    });
  });
});

describe('the listing endpoint, anonymous and costly to check', () => {
  it('answers 429 to a client posting more than LISTING_RATE_LIMIT listings a minute, before any check', async () => {
    const limited = await buildServer({
      config: testConfig({ listingRateLimit: 2 }),
      db: database().db,
      chain: devnet().chain,
    });
    try {
      const components = await order(seller, await ownedToken(seller.address));
      const signature = await sign(seller, components);
      const answers: Awaited<ReturnType<typeof post>>[] = [];
      for (let i = 0; i < 3; i++) answers.push(await post(components, signature, 1, limited));
      expect(answers.map((answer) => [answer.http, answer.body.status])).toEqual([
        [200, Status.ListingWrongChain],
        [200, Status.ListingWrongChain],
        [429, Status.RateLimited],
      ]);
    } finally {
      await limited.close();
    }
  });
});

describe('expiry', () => {
  it('ends listings at their end time and takes them off the floor', async () => {
    const later = new Date(Date.now() + 2 * 3600_000);
    const active = await database().pool.query<{ count: number }>(
      `select count(*)::int as count from listings where status = 'active'`,
    );
    expect(active.rows[0]?.count).toBeGreaterThan(0);
    expect(await expireListings(database().db, later)).toBe(active.rows[0]?.count);
    const { rows } = await database().pool.query(
      `select l.status, s.floor_wei from listings l
         join collection_stats_1m s on s.collection = l.collection
        where s.minute = date_trunc('minute', $1::timestamptz at time zone 'UTC') at time zone 'UTC'
        group by l.status, s.floor_wei`,
      [later],
    );
    expect(rows).toEqual([{ status: 'expired', floor_wei: null }]);
  });
});

describe('an order that never expires', () => {
  it('is stored with an end beyond any date (endTime 2^256 − 1), fillable, with no expiry to show', async () => {
    const components = await order(seller, await ownedToken(seller.address, 100n), { endTime: maxUint256 });
    const { body } = await post(components, await sign(seller, components));
    expect(body.status).toBe(Status.Ok);
    const offered = await fillableListings(
      database().db,
      collection.toLowerCase(),
      new Date(Date.now() + 10 * 365 * 86_400_000),
    );
    expect(offered.filter((listing) => listing.order_hash === body.data.order_hash)).toMatchObject([
      { expires_at: null },
    ]);
  });
});
