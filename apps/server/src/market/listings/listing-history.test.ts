import type { FloorPoint } from '@floordesk/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestDatabase } from '../../testing/database';
import { insertCollection } from '../../testing/market-rows';
import { buildTestServer, getData, testClock } from '../../testing/server';
import { alice, sessionHeaders, signIn } from '../../testing/wallets';
import { importListingHistory, type PastListing } from './listing-history';

const database = useTestDatabase();
const NOW = new Date('2030-06-30T12:00:30Z');
const clock = testClock(NOW);
let app: FastifyInstance;
let headers: Record<string, string>;

const ETH = 10n ** 18n;
const COLLECTION = `0x${'6'.repeat(40)}`;
const DAY_S = 86_400;
const daysAgo = (days: number) => Math.floor(NOW.getTime() / 1000) - days * DAY_S;

// A book open from 28 days ago: 1 ETH and 1.2 ETH; the 1 ETH listing sold 20 days ago, the other 10 days ago.
const HISTORY: PastListing[] = [
  { collection: COLLECTION, priceWei: ETH.toString(), listedAt: daysAgo(28), endedAt: daysAgo(20) },
  { collection: COLLECTION, priceWei: ((12n * ETH) / 10n).toString(), listedAt: daysAgo(28), endedAt: daysAgo(10) },
];

beforeAll(async () => {
  app = await buildTestServer(database(), { now: clock.now });
  headers = sessionHeaders(await signIn(app, alice));
  await insertCollection(database().pool, COLLECTION);
});
afterAll(() => app.close());

async function monthOfFloors(): Promise<FloorPoint[]> {
  return (await getData(app, `/api/collection/floor-history?address=${COLLECTION}&range=30d`, headers)).list;
}

const floorAt = (points: readonly FloorPoint[], seconds: number) =>
  points.findLast((point) => point.time <= seconds)?.floor ?? null;

describe('a listing history from before the order book watched', () => {
  it('gives the floor chart the floors of its book from the first listing on', async () => {
    await importListingHistory(database().db, HISTORY);
    const points = await monthOfFloors();
    expect(floorAt(points, daysAgo(29))).toBeNull();
    expect(floorAt(points, daysAgo(25))).toBe(ETH.toString());
    expect(floorAt(points, daysAgo(15))).toBe(((12n * ETH) / 10n).toString());
    // The book emptied 10 days ago: the last floor stays, as the order book records an empty book.
    expect(floorAt(points, daysAgo(1))).toBe(((12n * ETH) / 10n).toString());
  });

  it('changes nothing when imported again, as each devnet start does', async () => {
    const before = await monthOfFloors();
    await importListingHistory(database().db, HISTORY);
    expect(await monthOfFloors()).toEqual(before);
  });
});
