import { seededRandom } from '@floordesk/devnet';
import { type CollectionRow, LANG_HEADER, Status, TRENDING_WINDOWS } from '@floordesk/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { indexSales, type TestSale } from '../../testing/indexed-sales';
import { insertCollection, insertListing, insertRollup } from '../../testing/market-rows';
import { testClock } from '../../testing/server';
import { useSignedInServer } from '../../testing/signed-in-server';
import { ALL_TAB_TTL_MS } from './service';
import { collectionRows } from './store';

const database = useTestDatabase();
const clock = testClock(new Date('2030-03-02T12:00:30Z'));
const server = useSignedInServer(database, clock);

const MINUTE = 60_000;
const ETH = 10n ** 18n;
let collectionNumber = 0;

/** A collection of its own for each test, so tests sharing the database do not see each other's trades. */
async function newCollection(fields: Parameters<typeof insertCollection>[2] = {}): Promise<string> {
  collectionNumber += 1;
  const address = `0x${collectionNumber.toString(16).padStart(40, 'c')}`;
  await insertCollection(database().pool, address, fields);
  return address;
}

const ago = (ms: number) => new Date(clock.now().getTime() - ms);

async function trending(window: number, headers = server.aliceHeaders, tab = 'all') {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/trending?window=${window}&tab=${tab}`,
    headers,
  });
  expect(response.json().status).toBe(Status.Ok);
  return response.json().data as { window: number; list: CollectionRow[]; as_of: number };
}

const rowOf = (list: CollectionRow[], address: string) => list.find((row) => row.address === address);

// Each test starts after the 'all' tab cached by the one before has expired.
beforeEach(() => clock.advance(ALL_TAB_TTL_MS));

describe('trending windows', () => {
  it('sum exactly the trades and volume of their minutes, at every alignment to the coarse buckets', async () => {
    const collections = [await newCollection(), await newCollection(), await newCollection()];
    const random = seededRandom('trending-windows');
    const end = clock.now().getTime();
    const sales: TestSale[] = Array.from({ length: 400 }, () => ({
      collection: random.pick(collections),
      time: new Date(end - Math.floor(random.next() * 40 * 3_600_000)),
      priceWei: BigInt(random.int(1, 1000)) * 10n ** 15n,
    }));
    await indexSales(database().db, sales);

    for (let sample = 0; sample < 25; sample++) {
      // Up to 12 hours back, so later sales are in the rollups too and must stay out.
      const now = new Date(end - Math.floor(random.next() * 12 * 3_600_000));
      const currentMinute = Math.floor(now.getTime() / MINUTE) * MINUTE;
      for (const minutes of TRENDING_WINDOWS) {
        const first = currentMinute - (minutes - 1) * MINUTE;
        const inWindow = sales.filter((s) => s.time.getTime() >= first && s.time.getTime() < currentMinute + MINUTE);
        const expected = collections
          .map((address) => {
            const own = inWindow.filter((s) => s.collection === address);
            return { address, all_count: own.length, volume: own.reduce((sum, s) => sum + s.priceWei, 0n).toString() };
          })
          .filter((row) => row.all_count > 0);
        const rows = await collectionRows(database().db, { minutes, now, filter: { kind: 'trading' }, limit: 50 });
        const actual = rows
          .filter((row) => collections.includes(row.address))
          .map(({ address, all_count, volume }) => ({ address, all_count, volume }));
        expect(actual.toSorted((a, b) => a.address.localeCompare(b.address))).toEqual(
          expected.toSorted((a, b) => a.address.localeCompare(b.address)),
        );
      }
    }
  });

  it('leave out a trade in the minute before the window and count one in its first and current minute', async () => {
    const collection = await newCollection();
    // Now is 30 s into its minute: a 15-minute window starts 14 minutes and 30 s ago.
    const windowStart = ago(14 * MINUTE + (clock.now().getTime() % MINUTE));
    await indexSales(database().db, [
      { collection, time: new Date(windowStart.getTime() - 1000), priceWei: ETH },
      { collection, time: windowStart, priceWei: 2n * ETH },
      { collection, time: ago(0), priceWei: 4n * ETH },
      { collection, time: new Date(clock.now().getTime() + MINUTE), priceWei: 8n * ETH },
    ]);
    expect(rowOf((await trending(15)).list, collection)).toMatchObject({ all_count: 2, volume: (6n * ETH).toString() });
  });
});

describe('GET /api/trending', () => {
  it('ranks by trades, then volume, then address, and leaves out collections without trades in the window', async () => {
    const [few, many, richer, idle] = [
      await newCollection(),
      await newCollection(),
      await newCollection(),
      await newCollection(),
    ];
    const at = ago(MINUTE);
    await indexSales(database().db, [
      { collection: few, time: at, priceWei: 9n * ETH },
      { collection: many, time: at, priceWei: ETH },
      { collection: many, time: at, priceWei: ETH },
      { collection: richer, time: at, priceWei: ETH },
      { collection: richer, time: at, priceWei: 2n * ETH },
      { collection: idle, time: ago(20 * MINUTE), priceWei: ETH },
    ]);
    const { list } = await trending(5);
    const ours = list.filter((row) => [few, many, richer, idle].includes(row.address)).map((row) => row.address);
    expect(ours).toEqual([richer, many, few]);
    const counts = list.map((row) => row.all_count);
    expect(counts).toEqual(counts.toSorted((a, b) => b - a));
  });

  it('describes each row as it is now: floor, listed count and share, type, image, and the floor change', async () => {
    const collection = await newCollection({ standard: 'erc1155', totalSupply: 200, imageUrl: 'https://img/x.png' });
    const now = clock.now();
    const pool = database().pool;
    await indexSales(database().db, [{ collection, time: ago(2 * MINUTE), priceWei: ETH }]);
    await insertListing(pool, collection, 1, 5n * 10n ** 17n, now);
    await insertListing(pool, collection, 2, 3n * 10n ** 17n, now);
    await insertListing(pool, collection, 3, 4n * 10n ** 17n, now);
    // A second listing of token 3, above its first (a lower relist leaves the higher one valid): still three listed.
    await insertListing(pool, collection, 3, 6n * 10n ** 17n, now);
    // Cheaper, but over: past its end time (not yet marked expired) and cancelled.
    await insertListing(pool, collection, 4, 10n ** 17n, now, { endTime: ago(1000) });
    await insertListing(pool, collection, 5, 10n ** 16n, now, { status: 'cancelled' });
    const minute = (ms: number) => new Date(Math.floor(ago(ms).getTime() / MINUTE) * MINUTE).toISOString();
    // The floor when a 60-minute window opened, and a later one that must not be taken for it.
    await insertRollup(pool, collection, minute(70 * MINUTE), { floorWei: 2n * 10n ** 17n });
    await insertRollup(pool, collection, minute(30 * MINUTE), { floorWei: 9n * 10n ** 17n });

    expect(rowOf((await trending(60)).list, collection)).toEqual({
      address: collection,
      name: expect.any(String),
      img: 'https://img/x.png',
      type: '1155',
      count: 200,
      listed: 3,
      listing_rate: 1.5,
      all_count: 1,
      volume: ETH.toString(),
      floor_value: (3n * 10n ** 17n).toString(),
      floor_change: 50,
    });
  });

  it('leaves count, listing rate and floor change empty while unknown', async () => {
    const collection = await newCollection({ totalSupply: null });
    await indexSales(database().db, [{ collection, time: ago(0), priceWei: ETH }]);
    expect(rowOf((await trending(1)).list, collection)).toMatchObject({
      type: '721',
      count: null,
      listed: 0,
      listing_rate: null,
      floor_value: null,
      floor_change: null,
    });
  });

  it('serves the all tab from memory for ALL_TAB_TTL_MS, then reads it afresh', async () => {
    const collection = await newCollection();
    await indexSales(database().db, [{ collection, time: ago(0), priceWei: ETH }]);
    const first = await trending(30);
    expect(first.as_of).toBe(Math.floor(clock.now().getTime() / MINUTE) * 60);
    await indexSales(database().db, [{ collection, time: ago(0), priceWei: ETH }]);
    expect(rowOf((await trending(30)).list, collection)?.all_count).toBe(1);
    clock.advance(ALL_TAB_TTL_MS);
    expect(rowOf((await trending(30)).list, collection)?.all_count).toBe(2);
  });

  it('reads the all tab afresh at a new minute, however recent the cached copy', async () => {
    const collection = await newCollection();
    clock.advance(MINUTE - (clock.now().getTime() % MINUTE) - 500);
    await indexSales(database().db, [{ collection, time: ago(0), priceWei: ETH }]);
    expect(rowOf((await trending(5)).list, collection)?.all_count).toBe(1);
    await indexSales(database().db, [{ collection, time: ago(0), priceWei: ETH }]);
    clock.advance(1000);
    const fresh = await trending(5);
    expect(fresh.as_of).toBe(Math.floor(clock.now().getTime() / MINUTE) * 60);
    expect(rowOf(fresh.list, collection)?.all_count).toBe(2);
  });

  it("answers the cached tab in each caller's language", async () => {
    const replies = await Promise.all(
      (['en', 'zh', 'en'] as const).map((lang) =>
        server.app.inject({
          method: 'GET',
          url: '/api/trending?window=60',
          headers: { ...server.aliceHeaders, [LANG_HEADER]: lang },
        }),
      ),
    );
    const [en, zh, enAgain] = replies.map((reply) => reply.json());
    expect(en.msg).not.toBe(zh.msg);
    expect(zh.data).toEqual(en.data);
    expect(enAgain).toEqual(en);
    expect(replies[0]?.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it("restricts the watchlist tab to the caller's followed collections, those without trades included", async () => {
    const [traded, quiet, bobs] = [await newCollection(), await newCollection(), await newCollection()];
    await indexSales(database().db, [
      { collection: traded, time: ago(0), priceWei: ETH },
      { collection: bobs, time: ago(0), priceWei: ETH },
    ]);
    for (const [headers, address] of [
      [server.aliceHeaders, traded],
      [server.aliceHeaders, quiet],
      [server.bobHeaders, bobs],
    ] as const) {
      const followed = await server.app.inject({
        method: 'POST',
        url: '/api/watchlist/follow',
        headers,
        payload: { address },
      });
      expect(followed.json().status).toBe(Status.Ok);
    }
    const { list } = await trending(15, server.aliceHeaders, 'watchlist');
    expect(list.map((row) => [row.address, row.all_count])).toEqual([
      [traded, 1],
      [quiet, 0],
    ]);
  });

  it('asks visitors to sign in (status 110)', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/trending?window=15' });
    expect(response.json().status).toBe(Status.SessionInvalid);
  });

  it("refuses an unknown window with HTTP 400 and the spec's message in the caller's language", async () => {
    for (const [lang, message] of [
      ['en', 'Please select correct time interval.'],
      ['zh', '请选择正确的时间区间。'],
    ] as const) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/trending?window=7',
        headers: { ...server.aliceHeaders, [LANG_HEADER]: lang },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: Status.BadRequest,
        data: { fields: [{ path: 'window', message }] },
      });
    }
  });
});
