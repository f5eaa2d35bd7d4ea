import { RankTier, Status, TRENDING_WINDOWS } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import {
  insertCollection,
  insertListing,
  insertPendingBuy,
  insertRollup,
  insertSale,
  insertTokens,
  insertTransfers,
} from '../../testing/market-rows';
import { buildTestServer, getData, getJson, testClock } from '../../testing/server';
import { alice, sessionHeaders, signIn } from '../../testing/wallets';

const database = useTestDatabase();
const NOW = new Date('2030-01-01T12:00:30Z');
const clock = testClock(NOW);
let app: FastifyInstance;
let headers: Record<string, string>;

const ETH = 10n ** 18n;
const address = (digit: string) => `0x${digit.repeat(40)}`;
const STATS = address('1');
const FLOORS = address('2');
const CARRIED = address('7');
const MARKET = address('3');
const HOLDERS_721 = address('4');
const HOLDERS_1155 = address('5');
const UNKNOWN = address('9');
const [holderA, holderB, holderC, holderD] = ['a1', 'b2', 'c3', 'd4'].map((tail) => `0x${'0'.repeat(38)}${tail}`) as [
  string,
  string,
  string,
  string,
];

beforeAll(async () => {
  app = await buildTestServer(database(), { now: clock.now });
  headers = sessionHeaders(await signIn(app, alice));
});
afterAll(() => app.close());

const get = (url: string) => getJson(app, url, headers);
const data = (url: string) => getData(app, url, headers);

const minute = (hhmm: string, day = '2030-01-01') => `${day}T${hhmm}:00Z`;
const img = (id: number) => `https://img.example/${id}.svg`;
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('every collection endpoint', () => {
  const urls = [
    '/api/collection',
    '/api/collection/listings',
    '/api/collection/trades',
    '/api/collection/floor-history',
    '/api/collection/holders',
  ];

  const KNOWN = address('e');
  beforeAll(() => insertCollection(database().pool, KNOWN));

  it.each(urls)('%s asks a visitor to sign in (110)', async (url) => {
    const response = await app.inject({ method: 'GET', url: `${url}?address=${KNOWN}` });
    expect(response.json()).toMatchObject({ status: Status.SessionInvalid, data: null });
  });

  it.each(urls)('%s answers an address it has not indexed with 1301, in the caller’s language', async (url) => {
    const response = await app.inject({
      method: 'GET',
      url: `${url}?address=${UNKNOWN}`,
      headers: { ...headers, 'x-lang': 'zh' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: Status.CollectionUnknown, data: null });
    expect(response.json().msg).not.toBe('');
  });

  it.each(urls)('%s refuses a malformed address with HTTP 400 naming the field', async (url) => {
    const { http, body } = await get(`${url}?address=0x1234`);
    expect(http).toBe(400);
    expect(body).toMatchObject({ status: Status.BadRequest, data: { fields: [{ path: 'address' }] } });
  });

  it('refuses a trades limit out of range and an unknown floor-history range with HTTP 400', async () => {
    expect((await get(`/api/collection/trades?address=${MARKET}&limit=0`)).body.data.fields).toMatchObject([
      { path: 'limit' },
    ]);
    expect((await get(`/api/collection/floor-history?address=${MARKET}&range=2h`)).body.data.fields).toMatchObject([
      { path: 'range' },
    ]);
  });
});

describe('GET /api/collection', () => {
  beforeAll(async () => {
    const pool = database().pool;
    await insertCollection(pool, STATS, { name: 'Stats', totalSupply: 200, verified: true, imageUrl: 'cover.svg' });
    await insertTokens(pool, STATS, [
      { id: 1, owner: holderA },
      { id: 2, owner: holderA },
      { id: 3, owner: holderB },
      { id: 4, owner: zeroAddress },
    ]);
    await insertListing(pool, STATS, 1, (11n * ETH) / 10n, NOW);
    await insertListing(pool, STATS, 2, (13n * ETH) / 10n, NOW);
    // A second, dearer listing of token 1 elsewhere: still one token listed.
    await insertListing(pool, STATS, 1, (12n * ETH) / 10n, NOW, { marketplace: 'blur' });
    // Not fillable now: past its end (the expiry pass has not run yet), cancelled, not started.
    await insertListing(pool, STATS, 3, ETH / 2n, NOW, { endTime: new Date(minute('12:00')) });
    await insertListing(pool, STATS, 3, ETH / 3n, NOW, { status: 'cancelled' });
    await insertListing(pool, STATS, 3, ETH / 4n, NOW, { startTime: new Date(minute('12:05')) });

    await insertRollup(pool, STATS, minute('11:00', '2029-12-31'), {
      trades: 7,
      volumeWei: 7n * ETH,
      floorWei: ETH / 2n,
    });
    await insertRollup(pool, STATS, minute('12:01', '2029-12-31'), { trades: 2, volumeWei: 2n * ETH });
    await insertRollup(pool, STATS, minute('11:50'), { trades: 1, volumeWei: ETH, floorWei: ETH });
    await insertRollup(pool, STATS, minute('11:55'), { trades: 3, volumeWei: 3n * ETH });
    await insertRollup(pool, STATS, minute('11:56'), { trades: 4, volumeWei: 4n * ETH });
    await insertRollup(pool, STATS, minute('11:58'), { floorWei: 2n * ETH });
    // The floor written this minute is the floor now, not the one the 1-minute window started from.
    await insertRollup(pool, STATS, minute('12:00'), { trades: 5, volumeWei: 5n * ETH, floorWei: (11n * ETH) / 10n });
  });

  it('describes the collection: supply, holders, listed tokens (not orders), listed share and floor', async () => {
    expect(await data(`/api/collection?address=${STATS.toUpperCase().replace('0X', '0x')}`)).toMatchObject({
      address: STATS,
      name: 'Stats',
      symbol: 'TEST',
      img: 'cover.svg',
      type: '721',
      sr_status: 1,
      count: 200,
      owners: 2,
      listed: 2,
      listing_rate: 1,
      floor_value: ((11n * ETH) / 10n).toString(),
    });
  });

  it('sums each window over its most recent minutes, excluding the minute just before it', async () => {
    const { stats } = await data(`/api/collection?address=${STATS}`);
    expect(stats.map((s: { window: number }) => s.window)).toEqual([...TRENDING_WINDOWS]);
    const byWindow = Object.fromEntries(
      stats.map((s: { window: number; all_count: number; volume: string }) => [s.window, [s.all_count, s.volume]]),
    );
    expect(byWindow).toEqual({
      1: [5, (5n * ETH).toString()],
      // 11:56–12:00; the 3 trades of 11:55 are just outside.
      5: [9, (9n * ETH).toString()],
      15: [13, (13n * ETH).toString()],
      30: [13, (13n * ETH).toString()],
      60: [13, (13n * ETH).toString()],
      240: [13, (13n * ETH).toString()],
      720: [13, (13n * ETH).toString()],
      // From 12:01 the day before; the 7 trades of 11:00 that day are just outside.
      1440: [15, (15n * ETH).toString()],
    });
  });

  it('measures the floor change from the last floor known before each window to the floor now', async () => {
    const { stats } = await data(`/api/collection?address=${STATS}`);
    const change = Object.fromEntries(
      stats.map((s: { window: number; floor_change: number }) => [s.window, s.floor_change]),
    );
    // 2 ETH (11:58) → 1.1 ETH
    expect(change[1]).toBe(-45);
    // 1 ETH (11:50; 11:55 recorded no floor) → 1.1 ETH
    expect(change[5]).toBe(10);
    // 0.5 ETH (11:00 the day before) → 1.1 ETH
    expect(change[15]).toBe(120);
    expect(change[1440]).toBe(120);
  });

  it('has no floor change without a listing now', async () => {
    await insertCollection(database().pool, address('8'), { totalSupply: null });
    await insertRollup(database().pool, address('8'), minute('11:50'), { floorWei: ETH });
    expect(await data(`/api/collection?address=${address('8')}`)).toMatchObject({
      count: null,
      listed: 0,
      listing_rate: null,
      floor_value: null,
      owners: 0,
      stats: TRENDING_WINDOWS.map((window) => ({ window, all_count: 0, volume: '0', floor_change: null })),
    });
  });
});

describe('GET /api/collection/listings', () => {
  beforeAll(async () => {
    const pool = database().pool;
    await insertCollection(pool, MARKET, { totalSupply: 101 });
    await insertTokens(pool, MARKET, [
      ...Array.from({ length: 100 }, (_, i) => ({ id: i + 1, rank: i + 1, image: img(i + 1), flagged: i + 1 === 5 })),
      { id: 101, image: img(101) },
    ]);
    await insertListing(pool, MARKET, 1, 3n * ETH, NOW);
    await insertListing(pool, MARKET, 10, 2n * ETH, NOW);
    await insertListing(pool, MARKET, 40, (15n * ETH) / 10n, NOW);
    await insertListing(pool, MARKET, 41, ETH, NOW);
    await insertListing(pool, MARKET, 5, (25n * ETH) / 10n, NOW);
    await insertListing(pool, MARKET, 7, ETH / 10n, NOW, { status: 'filled' });
    await insertPendingBuy(pool, MARKET, 10, '0xaa01', NOW);
    await insertPendingBuy(pool, MARKET, 10, '0xaa02', NOW);
    await insertPendingBuy(pool, MARKET, 5, '0xaa03', NOW);
    await insertPendingBuy(pool, STATS, 10, '0xaa04', NOW);
  });

  it('lists every fillable listing cheapest first with rank tier, pending buys and risk flag', async () => {
    const { list } = await data(`/api/collection/listings?address=${MARKET}`);
    expect(
      list.map((row: Record<string, unknown>) => [row.token_id, row.rank, row.flag, row.pending_count, row.risk_flag]),
    ).toEqual([
      ['41', 41, RankTier.Ordinary, 0, 0],
      ['40', 40, RankTier.Classic, 0, 0],
      ['10', 10, RankTier.Rare, 2, 0],
      ['5', 5, RankTier.Rare, 1, 1],
      ['1', 1, RankTier.Legendary, 0, 0],
    ]);
  });

  it('answers a listing with the price the buyer pays, its marketplace, seller, image and times', async () => {
    const orderId = await insertListing(database().pool, MARKET, 101, (9n * ETH) / 10n, NOW, {
      marketplace: 'soduswap',
      offerer: holderC,
      createdAt: new Date(minute('11:30')),
      endTime: new Date(minute('13:00')),
    });
    const { list } = await data(`/api/collection/listings?address=${MARKET}`);
    expect(list[0]).toEqual({
      order_id: orderId,
      token_id: '101',
      price: ((9n * ETH) / 10n).toString(),
      marketplace: 'soduswap',
      order_way: 6,
      from_address: holderC,
      rank: null,
      flag: null,
      pending_count: 0,
      risk_flag: 0,
      img: img(101),
      listed_at: seconds(minute('11:30')),
      expires_at: seconds(minute('13:00')),
    });
  });
});

describe('GET /api/collection/trades', () => {
  beforeAll(async () => {
    const pool = database().pool;
    const time = new Date(minute('11:00'));
    await insertSale(pool, MARKET, { block: 100, tokenId: 1, priceWei: ETH, time });
    await insertSale(pool, MARKET, { block: 102, logIndex: 3, tokenId: 2, priceWei: 2n * ETH, time });
    await insertSale(pool, MARKET, { block: 102, logIndex: 5, tokenId: 3, priceWei: 3n * ETH, time });
    await insertSale(pool, MARKET, { block: 101, tokenId: 101, priceWei: 4n * ETH, time, marketplace: 'soduswap' });
    await insertSale(pool, STATS, { block: 103, tokenId: 1, priceWei: ETH, time });
  });

  it('answers the collection’s trades newest first, with token image and rank', async () => {
    const { list } = await data(`/api/collection/trades?address=${MARKET}`);
    expect(list.map((t: { block_number: number; log_index: number }) => [t.block_number, t.log_index])).toEqual([
      [102, 5],
      [102, 3],
      [101, 0],
      [100, 0],
    ]);
    expect(list[0]).toMatchObject({
      token_id: '3',
      price: (3n * ETH).toString(),
      marketplace: 'opensea',
      time: seconds(minute('11:00')),
      img: img(3),
      rank: 3,
    });
    expect(list[2]).toMatchObject({ token_id: '101', rank: null, marketplace: 'soduswap' });
  });

  it('stops at the limit asked for', async () => {
    const { list } = await data(`/api/collection/trades?address=${MARKET}&limit=2`);
    expect(list.map((t: { token_id: string }) => t.token_id)).toEqual(['3', '2']);
  });
});

describe('GET /api/collection/floor-history', () => {
  beforeAll(async () => {
    const pool = database().pool;
    await insertCollection(pool, FLOORS);
    await insertRollup(pool, FLOORS, minute('11:10'), { trades: 1, volumeWei: ETH });
    await insertRollup(pool, FLOORS, minute('11:30'), { floorWei: ETH });
    await insertRollup(pool, FLOORS, minute('11:45'), { trades: 2, volumeWei: 3n * ETH });
    await insertRollup(pool, FLOORS, minute('11:47'), { trades: 1, volumeWei: ETH });
    await insertCollection(pool, CARRIED);
    await insertRollup(pool, CARRIED, minute('09:00'), { floorWei: 3n * ETH });
  });

  it('draws one-minute buckets over the last hour, oldest first, up to the current minute', async () => {
    const { range, list } = await data(`/api/collection/floor-history?address=${FLOORS}&range=1h`);
    expect(range).toBe('1h');
    expect(list).toHaveLength(60);
    expect(list[0].time).toBe(seconds(minute('11:01')));
    expect(list.at(-1).time).toBe(seconds(minute('12:00')));
  });

  it('has no floor before one is known, then carries the last one across empty buckets', async () => {
    const { list } = await data(`/api/collection/floor-history?address=${FLOORS}&range=1h`);
    const at = (hhmm: string) => list.find((point: { time: number }) => point.time === seconds(minute(hhmm)));
    expect(at('11:10')).toEqual({ time: seconds(minute('11:10')), floor: null, trades: 1, volume: ETH.toString() });
    expect(at('11:29').floor).toBeNull();
    expect(at('11:30').floor).toBe(ETH.toString());
    expect(at('11:45')).toEqual({
      time: seconds(minute('11:45')),
      floor: ETH.toString(),
      trades: 2,
      volume: (3n * ETH).toString(),
    });
    expect(at('12:00').floor).toBe(ETH.toString());
  });

  it('carries a floor known before the range into its first bucket', async () => {
    const { list } = await data(`/api/collection/floor-history?address=${CARRIED}&range=1h`);
    expect(new Set(list.map((point: { floor: string }) => point.floor))).toEqual(new Set([(3n * ETH).toString()]));
  });

  it('sums trades and volume into buckets aligned to their size in UTC', async () => {
    const { list } = await data(`/api/collection/floor-history?address=${FLOORS}&range=6h`);
    // 06:01 is the range's first minute; its 5-minute bucket starts at 06:00. 06:00 … 12:00 is 73 buckets.
    expect(list).toHaveLength(73);
    expect(list[0].time).toBe(seconds(minute('06:00')));
    expect(list.filter((point: { trades: number }) => point.trades > 0)).toEqual([
      { time: seconds(minute('11:10')), floor: null, trades: 1, volume: ETH.toString() },
      { time: seconds(minute('11:45')), floor: ETH.toString(), trades: 3, volume: (4n * ETH).toString() },
    ]);
    const daily = await data(`/api/collection/floor-history?address=${FLOORS}&range=1d`);
    expect(daily.list.map((point: { time: number }) => point.time % (15 * 60))).toEqual(daily.list.map(() => 0));
  });
});

describe('GET /api/collection/holders', () => {
  beforeAll(async () => {
    const pool = database().pool;
    await insertCollection(pool, HOLDERS_721, { totalSupply: 1000 });
    // Counts chosen so that ordering them as text (2 > 11 > 10) would differ from ordering them as numbers.
    const owners = [...Array(11).fill(holderA), ...Array(10).fill(holderB), holderC, holderC, zeroAddress] as string[];
    await insertTokens(
      pool,
      HOLDERS_721,
      owners.map((owner, i) => ({ id: i + 1, owner })),
    );

    await insertCollection(pool, HOLDERS_1155, { standard: 'erc1155', totalSupply: 100 });
    await insertTransfers(pool, HOLDERS_1155, [
      { tokenId: 1, amount: 60, from: zeroAddress, to: holderA },
      { tokenId: 2, amount: 9, from: zeroAddress, to: holderB },
      { tokenId: 1, amount: 20, from: holderA, to: holderC },
      { tokenId: 1, amount: 10, from: zeroAddress, to: holderD },
      { tokenId: 1, amount: 10, from: holderD, to: zeroAddress },
    ]);
  });

  it('ranks ERC-721 owners by items held and highlights those above 1% of the supply', async () => {
    expect(await data(`/api/collection/holders?address=${HOLDERS_721}`)).toEqual({
      owners: 3,
      list: [
        { address: holderA, ens: null, count: 11, percent: 1.1, big: true, flipper: false },
        { address: holderB, ens: null, count: 10, percent: 1, big: false, flipper: false },
        { address: holderC, ens: null, count: 2, percent: 0.2, big: false, flipper: false },
      ],
    });
  });

  it('counts ERC-1155 holders by their balances after transfers and burns', async () => {
    expect(await data(`/api/collection/holders?address=${HOLDERS_1155}`)).toEqual({
      owners: 3,
      list: [
        { address: holderA, ens: null, count: 40, percent: 40, big: true, flipper: false },
        { address: holderC, ens: null, count: 20, percent: 20, big: true, flipper: false },
        { address: holderB, ens: null, count: 9, percent: 9, big: true, flipper: false },
      ],
    });
    expect(await data(`/api/collection?address=${HOLDERS_1155}`)).toMatchObject({ type: '1155', owners: 3 });
  });
});
