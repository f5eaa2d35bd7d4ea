import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makerHash, makerToJson } from '@floordesk/contracts';
import { botAccounts } from '@floordesk/devnet';
import type { Account, Address } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { useTestDevnet } from '../../testing/devnet';
import { approveLooksRare, buildLooksRareAsk, ownedToken, signLooksRareAsk } from '../../testing/market';
import type { OrderBookContext } from '../listings/submit';
import { looksRareConnector } from './looksrare-api';
import { MAX_ANSWER_BYTES } from './marketplace-api';
import { connectorStates, readConnectorListings } from './read-listings';

const database = useTestDatabase();
const devnet = useTestDevnet();
const seller = botAccounts()[1] as Account;
const KEY = 'test-key-123';
let collection: Address;
let ctx: OrderBookContext;

/**
 * A local server speaking LooksRare's API v2 as its documentation shows it (`GET /api/v2/orders` →
 * `{ success, message, data: [order] }`, numbers for times and the strategy, strings for amounts), answering what
 * each test sets and recording what it was asked.
 */
type Answer = { status: number; body: string; headers?: Record<string, string> };
let answer: Answer;
const asked: IncomingMessage[] = [];
let server: Server;
let url: URL;

beforeAll(async () => {
  ctx = { db: database().db, now: () => new Date(), chain: devnet().chain };
  collection = devnet().manifest.collections.find((c) => c.standard === 'erc721')!.address;
  await approveLooksRare(devnet(), seller, collection);
  server = createServer((request, response) => {
    asked.push(request);
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => server.close());
beforeEach(async () => {
  asked.length = 0;
  await database().pool.query('delete from marketplace_connectors');
});

/** A real maker ask of the seller's, signed, as LooksRare's API serves it. */
async function servedAsk(tokenId: bigint, priceWei: bigint) {
  const maker = await buildLooksRareAsk(devnet(), seller, collection, tokenId, { priceWei });
  const signature = await signLooksRareAsk(devnet(), seller, maker);
  const json = makerToJson(maker);
  return {
    id: `${tokenId}`,
    hash: makerHash(maker),
    ...json,
    strategyId: Number(json.strategyId),
    startTime: Number(json.startTime),
    endTime: Number(json.endTime),
    signature,
    createdAt: new Date().toISOString(),
    merkleRoot: null,
    merkleProof: null,
    status: 'VALID',
  };
}

const connector = () => looksRareConnector({ url, key: KEY }, devnet().chain.contracts);
const stored = async () =>
  (
    await database().pool.query<{ n: number }>(
      `select count(*)::int as n from listings where protocol = 'looksrare-v2'`,
    )
  ).rows[0]!.n;

describe('the LooksRare API v2 connector', () => {
  it('asks for a collection’s valid standard asks, cheapest first, with its key, and stores those the order book accepts', async () => {
    const first = await ownedToken(devnet(), collection, seller.address);
    const second = await ownedToken(devnet(), collection, seller.address, first + 1n);
    const good = await servedAsk(first, 10n ** 17n);
    const forged = { ...(await servedAsk(second, 2n * 10n ** 17n)), price: '1000' };
    const bid = { ...good, quoteType: 0, hash: `0x${'0b'.repeat(32)}` };
    answer = { status: 200, body: JSON.stringify({ success: true, message: null, data: [good, forged, bid] }) };

    const round = await readConnectorListings(ctx, connector(), [collection]);

    expect(round).toEqual({ skipped: false, stored: 1, refused: 1 });
    const request = asked[0]!;
    expect(request.headers['x-looks-api-key']).toBe(KEY);
    const query = new URL(request.url!, url).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      quoteType: '1',
      collection,
      strategyId: '0',
      status: 'VALID',
      sort: 'PRICE_ASC',
      'pagination[first]': '20',
    });
    const { rows } = await database().pool.query('select order_hash, marketplace, status from listings');
    expect(rows).toEqual([{ order_hash: good.hash, marketplace: 'looks', status: 'active' }]);
    const [state] = await connectorStates(ctx);
    expect(state).toMatchObject({
      name: 'looksrare',
      failures: 0,
      failure: null,
      listings_stored: 1,
      listings_refused: 1,
    });
  });

  it('backs off for as long as a 429 asks, storing nothing, and skips its rounds until then', async () => {
    const before = await stored();
    answer = { status: 429, body: '{"message":"Too many requests"}', headers: { 'retry-after': '120' } };
    const round = await readConnectorListings(ctx, connector(), [collection]);
    expect(round).toMatchObject({ skipped: false, failure: 'HTTP 429' });
    const [state] = await connectorStates(ctx);
    const backoff = new Date(state!.backoff_until!).getTime() - Date.now();
    expect(backoff).toBeGreaterThan(110_000);
    expect(backoff).toBeLessThanOrEqual(120_000);
    expect(await readConnectorListings(ctx, connector(), [collection])).toEqual({ skipped: true });
    expect(asked).toHaveLength(1);
    expect(await stored()).toBe(before);
  });

  it.each([
    ['a server error', { status: 500, body: 'oops' }, 'HTTP 500'],
    ['an answer that is not JSON', { status: 200, body: '<html>' }, 'the answer is not JSON'],
    [
      'an answer of another shape',
      { status: 200, body: '{"data": "nothing"}' },
      'the answer is not the documented shape',
    ],
    [
      'a refusal',
      { status: 200, body: '{"success": false, "message": "Invalid collection"}' },
      'refused: Invalid collection',
    ],
    // Not followed (the server would be asked again): the marketplace's answer does not choose where FloorDesk connects.
    ['a redirect', { status: 302, body: '', headers: { location: '/latest/meta-data/' } }, 'HTTP 302'],
    [
      'an answer too large to read',
      { status: 200, body: JSON.stringify({ success: true, data: [], padding: 'x'.repeat(MAX_ANSWER_BYTES) }) },
      `the answer is larger than ${MAX_ANSWER_BYTES} bytes`,
    ],
  ])('backs off on %s, storing nothing, and says why', async (_, served, failure) => {
    const before = await stored();
    answer = served;
    const round = await readConnectorListings(ctx, connector(), [collection]);
    expect(round).toMatchObject({ skipped: false, stored: 0 });
    expect(asked).toHaveLength(1);
    expect(await stored()).toBe(before);
    const [state] = await connectorStates(ctx);
    expect(state?.failure).toContain(failure);
    expect(state?.failures).toBe(1);
    expect(new Date(state!.backoff_until!).getTime()).toBeGreaterThan(Date.now() + 10_000);
  });
});
