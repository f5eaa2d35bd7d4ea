import { type CollectionRow, Status } from '@floordesk/protocol';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { indexSales } from '../../testing/indexed-sales';
import { insertCollection, insertListing, insertRollup } from '../../testing/market-rows';
import { getData, testClock } from '../../testing/server';
import { useSignedInServer } from '../../testing/signed-in-server';

const database = useTestDatabase();
const NOW = new Date('2030-05-01T12:00:30Z');
const clock = testClock(NOW);
const server = useSignedInServer(database, clock);

const ETH = 10n ** 18n;
const COLLECTION = `0x${'7'.repeat(40)}`;
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const minuteOf = (time: Date) => new Date(Math.floor(time.getTime() / 60_000) * 60_000).toISOString();

describe('floor change over a day', () => {
  it('is the same, and known, on trending, the collection page and /historic for a collection watched 20 hours', async () => {
    const { pool, db } = database();
    await insertCollection(pool, COLLECTION);
    // FloorDesk first saw the book 20 hours ago at 2 ETH; the floor then fell to 1.6 and 1.5 ETH, where it is now.
    await insertRollup(pool, COLLECTION, minuteOf(hoursAgo(20)), { floorWei: 2n * ETH });
    await insertRollup(pool, COLLECTION, minuteOf(hoursAgo(9)), { floorWei: (16n * ETH) / 10n });
    await insertRollup(pool, COLLECTION, minuteOf(hoursAgo(2)), { floorWei: (15n * ETH) / 10n });
    await insertListing(pool, COLLECTION, 1, (15n * ETH) / 10n, NOW);
    await indexSales(db, [
      { collection: COLLECTION, time: hoursAgo(15), priceWei: 2n * ETH },
      { collection: COLLECTION, time: hoursAgo(1), priceWei: (16n * ETH) / 10n },
    ]);

    const response = await server.app.inject({
      method: 'GET',
      url: '/api/trending?window=1440&tab=all',
      headers: server.aliceHeaders,
    });
    expect(response.json().status).toBe(Status.Ok);
    const trending = (response.json().data.list as CollectionRow[]).find((row) => row.address === COLLECTION);
    const detail = await getData(server.app, `/api/collection?address=${COLLECTION}`, server.aliceHeaders);
    const page = detail.stats.find((stat: { window: number }) => stat.window === 1440);
    const historic = (await getData(server.app, `/api/historic?addresses=${COLLECTION}&range=1d`, server.aliceHeaders))
      .list[0];

    expect(trending?.floor_change).toBe(-25);
    expect(page.floor_change).toBe(-25);
    expect(historic.floor_change).toBe(-25);
  });
});
