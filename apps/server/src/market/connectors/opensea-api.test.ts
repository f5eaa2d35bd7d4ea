import { orderToJson, seaportOrderHash } from '@floordesk/contracts';
import type { Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAINNET_CONTRACTS, seaportAddress } from '../../chain/chain-contracts';
import { openChain } from '../../chain/open-chain';
import type { Config } from '../../config';
import { useTestDatabase } from '../../testing/database';
import { type OpenSeaApiServer, startOpenSeaApiServer } from '../../testing/opensea-api-server';
import { usePlainMainnet } from '../../testing/plain-mainnet';
import { fillableListings } from '../listings/fillable';
import type { OrderBookContext } from '../listings/submit';
import { fulfillmentSignatures } from './fulfillment';
import { openSeaConnector } from './opensea-api';
import { connectorStates, readConnectorListings } from './read-listings';

/**
 * OpenSea's API v2 connector against a local server that serves the documented shapes, on a plain chain with
 * mainnet's Seaport at its address: listings arrive unsigned and pass every on-chain check but the signature's, which
 * OpenSea hands a buyer per fill and the connector checks then.
 */
const database = useTestDatabase();
const chainOf = usePlainMainnet();
let opensea: OpenSeaApiServer;
let ctx: OrderBookContext;

beforeAll(async () => {
  opensea = await startOpenSeaApiServer(seaportAddress(MAINNET_CONTRACTS));
  ctx = { db: database().db, now: () => new Date(), chain: await openChain(chainOf().rpcUrl, 1) };
});
afterAll(() => opensea.close());
beforeEach(async () => {
  opensea.asked.length = 0;
  opensea.answerNormally();
  await database().pool.query('delete from marketplace_connectors');
});

const config = (): Pick<Config, 'marketplaceApis'> => ({
  marketplaceApis: { openSea: { url: opensea.url, key: opensea.key } },
});
const connector = () => openSeaConnector({ url: opensea.url, key: opensea.key }, MAINNET_CONTRACTS)!;

const storedRow = async (collection: string) =>
  (
    await database().pool.query<{
      token_id: string;
      signature: string | null;
      fulfillment_api: string;
      marketplace: string;
    }>(
      `select token_id::text, signature, fulfillment_api, marketplace from listings where collection = $1 order by token_id`,
      [collection],
    )
  ).rows;

describe('the OpenSea API v2 connector', () => {
  it('finds the contract’s collection, reads its best listings with the key, and stores those the order book accepts, unsigned', async () => {
    const { collection } = chainOf();
    const good = await chainOf().openSeaListing(1n, 10n ** 17n);
    // The seller's counter is 0: an order signed at another has been cancelled by incrementing it.
    const stale = await chainOf().openSeaListing(2n, 2n * 10n ** 17n, { counter: 3n });
    opensea.list(collection, 'plain-apes', [good, stale]);
    // Another contract under the same slug: its listings are not this collection's.
    const { order: stray } = await chainOf().openSeaListing(3n, 10n ** 16n);
    stray.offer = [{ ...stray.offer[0]!, token: '0x00000000000000000000000000000000000000aa' }];
    opensea.list('0x00000000000000000000000000000000000000aa', 'plain-apes', [{ order: stray, signature: '0x' }]);

    const round = await readConnectorListings(ctx, connector(), [collection]);

    expect(round).toEqual({ skipped: false, stored: 1, refused: 1 });
    expect(opensea.asked.map(({ method, url, key }) => [method, url.pathname, url.search, key])).toEqual([
      ['GET', `/api/v2/chain/ethereum/contract/${collection}`, '', opensea.key],
      ['GET', '/api/v2/listings/collection/plain-apes/best', '?limit=20', opensea.key],
    ]);
    expect(await storedRow(collection)).toEqual([
      { token_id: '1', signature: null, fulfillment_api: 'opensea', marketplace: 'opensea' },
    ]);
    const [listing] = await fillableListings(ctx.db, collection, new Date(), { signed: true });
    expect(listing).toMatchObject({ token_id: '1', price_wei: String(10n ** 17n) });
    expect(listing?.order).toMatchObject({ protocol: 'seaport', signature: null, fulfillment_api: 'opensea' });
    const [state] = await connectorStates(ctx);
    expect(state).toMatchObject({ name: 'opensea', failures: 0, listings_stored: 1, listings_refused: 1 });
  });

  it('asks for a contract’s collection once, and reads nothing for a contract OpenSea has no collection for', async () => {
    const again = connector();
    await readConnectorListings(ctx, again, [chainOf().collection]);
    await readConnectorListings(ctx, again, [chainOf().collection]);
    expect(opensea.asked.filter(({ url }) => url.pathname.includes('/contract/'))).toHaveLength(1);

    opensea.asked.length = 0;
    const unknown = '0x00000000000000000000000000000000000000bb';
    expect(await readConnectorListings(ctx, connector(), [unknown])).toEqual({ skipped: false, stored: 0, refused: 0 });
    expect(opensea.asked.map(({ url }) => url.pathname)).toEqual([`/api/v2/chain/ethereum/contract/${unknown}`]);
  });

  it('skips a listing whose order does not hash to the hash it is served under', async () => {
    const fresh = connector();
    // The contract's collection first, as OpenSea serves it; then a listing under a hash its order does not have.
    await fresh.cheapestListings(chainOf().collection, 20);
    const { order } = await chainOf().openSeaListing(4n, 3n * 10n ** 17n);
    const served = {
      chain: 'ethereum',
      protocol_address: seaportAddress(MAINNET_CONTRACTS),
      protocol_data: { parameters: orderToJson(order), signature: null },
    };
    opensea.answerWith({
      status: 200,
      body: JSON.stringify({
        listings: [
          { ...served, order_hash: `0x${'12'.repeat(32)}` },
          { ...served, order_hash: seaportOrderHash(order) },
        ],
      }),
    });
    const answer = await fresh.cheapestListings(chainOf().collection, 20);
    expect(
      answer.ok && answer.listings.map((listing) => listing.protocol === 'seaport' && listing.parameters.salt),
    ).toEqual([String(order.salt)]);
  });

  it.each([
    [
      'a rate limit',
      { status: 429, body: '{"detail":"Request was throttled."}', headers: { 'retry-after': '90' } },
      'HTTP 429',
      // As long as its Retry-After asks.
      85_000,
    ],
    ['a server error', { status: 500, body: 'oops' }, 'HTTP 500', 14_000],
    ['a refused key', { status: 401, body: '{"detail":"Invalid API key"}' }, 'HTTP 401', 14_000],
    ['an answer that is not JSON', { status: 200, body: '<html>' }, 'the answer is not JSON', 14_000],
  ])('backs off on %s, storing nothing, and says why', async (_, served, failure, leastBackoffMs) => {
    const before = (await storedRow(chainOf().collection)).length;
    opensea.answerWith(served);
    const round = await readConnectorListings(ctx, connector(), [chainOf().collection]);
    expect(round).toMatchObject({ skipped: false, stored: 0, failure });
    expect((await storedRow(chainOf().collection)).length).toBe(before);
    const [state] = await connectorStates(ctx);
    expect(state).toMatchObject({ name: 'opensea', failures: 1, failure });
    const backoff = new Date(state!.backoff_until!).getTime() - Date.now();
    expect(backoff).toBeGreaterThan(leastBackoffMs);
    expect(await readConnectorListings(ctx, connector(), [chainOf().collection])).toEqual({ skipped: true });
  });

  it('backs off on best listings of another shape', async () => {
    const fresh = connector();
    // The contract answer first, then a listings answer without its listings.
    await fresh.cheapestListings(chainOf().collection, 20);
    opensea.answerWith({ status: 200, body: '{"orders": []}' });
    const answer = await fresh.cheapestListings(chainOf().collection, 20);
    expect(answer).toMatchObject({
      ok: false,
      failure: expect.stringContaining('the answer is not the documented shape'),
    });
  });

  it('asks OpenSea for a listing’s fulfillment data for the buyer, and keeps only a signature that signs the order', async () => {
    const { collection, buyer } = chainOf();
    const [listing] = await fillableListings(ctx.db, collection, new Date(), { signed: true });
    const candidate = { order_id: listing!.order_hash, order: listing!.order };

    const signatures = await fulfillmentSignatures({ config: config(), chain: ctx.chain! }, buyer.address, [candidate]);

    expect([...signatures.keys()]).toEqual([listing!.order_hash]);
    const [post] = opensea.asked.filter(({ method }) => method === 'POST');
    expect(post?.url.pathname).toBe('/api/v2/listings/fulfillment_data');
    expect(post?.key).toBe(opensea.key);
    expect(post?.body).toEqual({
      listing: { hash: listing!.order_hash, chain: 'ethereum', protocol_address: seaportAddress(MAINNET_CONTRACTS) },
      fulfiller: { address: buyer.address },
    });

    // A signature by anyone but the offerer is no signature of the order.
    const forged = await chainOf().openSeaListing(1n, 10n ** 17n, { signer: buyer });
    opensea.forgeSignature(listing!.order_hash as Hex, forged.signature);
    expect(await fulfillmentSignatures({ config: config(), chain: ctx.chain! }, buyer.address, [candidate])).toEqual(
      new Map(),
    );
    // Without OpenSea's key there is no one to ask.
    expect(
      await fulfillmentSignatures({ config: { marketplaceApis: {} }, chain: ctx.chain! }, buyer.address, [candidate]),
    ).toEqual(new Map());
  });
});
