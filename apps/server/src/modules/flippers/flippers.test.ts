import { Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { zeroAddress } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { insertCollection, insertTokens } from '../../testing/market-rows';
import { buildTestServer, testClock } from '../../testing/server';
import { alice, sessionHeaders, signIn } from '../../testing/wallets';
import { recomputeFlippers } from './store';

const database = useTestDatabase();
const NOW = new Date('2030-01-01T12:00:00Z');
const DAY = 86_400_000;
const ETH = 10n ** 18n;
const MILLI = ETH / 1000n;
const clock = testClock(NOW);
let app: FastifyInstance;

const wallet = (tail: string) => `0x${'0'.repeat(40 - tail.length)}${tail}`;
const collection = (index: number) => `0x${'c'.repeat(38)}${index.toString(16).padStart(2, '0')}`;
const COUNTERPARTY = wallet('ee');

let block = 1;
let token = 1;

type Trip = {
  /** What the wallet paid, fees included. */
  paid: bigint;
  /** What the wallet received after fees. */
  proceeds: bigint;
  collection: string;
  /** When the sale closed, days before NOW. */
  soldDaysAgo?: number;
  /** Gas of the buy transaction, sent by the wallet. */
  buyGasWei?: bigint;
  /** The wallet minted the token instead: the mint transaction's value and how many it minted. */
  mint?: { valueWei: bigint; items: number };
};

/** Writes each round trip as the indexer would: a buy (or a mint) and, a block later, the sale. */
async function writeTrips(pool: Pool, address: string, list: readonly Trip[]): Promise<void> {
  const sales: unknown[][] = [];
  const mints: unknown[][] = [];
  const transactions: unknown[][] = [];
  for (const trip of list) {
    const tokenId = token++;
    const soldAt = new Date(NOW.getTime() - (trip.soldDaysAgo ?? 1) * DAY);
    const boughtAt = new Date(soldAt.getTime() - 3_600_000);
    const buyBlock = block++;
    const buyTx = txHash(buyBlock);
    if (trip.mint) {
      for (let item = 0; item < trip.mint.items; item++) {
        // The other items of the mint go to someone else; the mint's value is shared over all of them.
        const to = item === 0 ? address : COUNTERPARTY;
        const id = item === 0 ? tokenId : token++;
        mints.push([buyTx, item, buyBlock, boughtAt, trip.collection, id, zeroAddress, to]);
      }
      transactions.push([buyTx, buyBlock, address, trip.mint.valueWei, 0n, 0n]);
    } else {
      sales.push([buyTx, buyBlock, boughtAt, trip.collection, tokenId, trip.paid, COUNTERPARTY, address, trip.paid]);
      if (trip.buyGasWei) transactions.push([buyTx, buyBlock, address, trip.paid, trip.buyGasWei, 1n]);
    }
    const sellBlock = block++;
    const sellTx = txHash(sellBlock);
    sales.push([sellTx, sellBlock, soldAt, trip.collection, tokenId, trip.paid, address, COUNTERPARTY, trip.proceeds]);
    // The buyer sent the sale's transaction: its gas is not the seller's.
    transactions.push([sellTx, sellBlock, COUNTERPARTY, trip.paid, 200_000n, 10n ** 10n]);
  }
  if (sales.length > 0) {
    await pool.query(
      `insert into sales (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                          price_wei, payment_token, buyer, seller, marketplace, protocol, order_hash,
                          proceeds_wei)
       select tx, 0, 0, b, t, c, id, 1, price, $10, buyer, seller, 'opensea', 'seaport', tx, proceeds
         from unnest($1::text[], $2::bigint[], $3::timestamptz[], $4::text[], $5::numeric[], $6::numeric[],
                     $7::text[], $8::text[], $9::numeric[]) as s(tx, b, t, c, id, price, seller, buyer, proceeds)`,
      [...Array.from({ length: 9 }, (_, i) => column(sales, i)), zeroAddress],
    );
  }
  if (mints.length > 0) {
    await pool.query(
      `insert into transfers (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                              from_address, to_address)
       select tx, li, 0, b, t, c, id, 1, f, r
         from unnest($1::text[], $2::int[], $3::bigint[], $4::timestamptz[], $5::text[], $6::numeric[], $7::text[],
                     $8::text[]) as m(tx, li, b, t, c, id, f, r)`,
      Array.from({ length: 8 }, (_, i) => column(mints, i)),
    );
  }
  await pool.query(
    `insert into chain_transactions (tx_hash, block_number, from_address, to_address, value_wei, gas_used,
                                     effective_gas_price_wei)
     select tx, b, f, null, v, g, p
       from unnest($1::text[], $2::bigint[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[])
            as x(tx, b, f, v, g, p)`,
    Array.from({ length: 6 }, (_, i) => column(transactions, i)),
  );
}

/** One column of rows, as text for an `unnest` parameter. */
function column(rows: unknown[][], index: number): string[] {
  return rows.map((row) => (row[index] instanceof Date ? (row[index] as Date).toISOString() : String(row[index])));
}

function txHash(n: number): string {
  return `0x${n.toString(16).padStart(64, '0')}`;
}

/** `count` round trips spread over `collections` collections, the first `wins` of them profitable. */
function trips(count: number, { collections, wins }: { collections: number; wins: number }): Trip[] {
  return Array.from({ length: count }, (_, i) => ({
    paid: ETH,
    proceeds: i < wins ? ETH + 100n * MILLI : ETH - 100n * MILLI,
    collection: collection(i % collections),
  }));
}

async function flipperRows() {
  const { rows } = await database().pool.query(
    'select address, trades, collections, wins, profit_wei::text as profit from flippers order by address',
  );
  return rows;
}

beforeAll(async () => {
  app = await buildTestServer(database(), { now: clock.now });
});
afterAll(() => app.close());

describe('the flipper pass', () => {
  beforeEach(async () => {
    await database().pool.query('truncate sales, transfers, chain_transactions, flippers');
  });

  it('lists a wallet over 100 round trips, over 5 collections, above 70 % wins, with its figures', async () => {
    const pool = database().pool;
    await writeTrips(pool, wallet('a1'), trips(101, { collections: 6, wins: 71 }));
    expect(await recomputeFlippers(database().db, NOW)).toBe(1);
    expect(await flipperRows()).toEqual([
      {
        address: wallet('a1'),
        trades: 101,
        collections: 6,
        wins: 71,
        profit: String(71n * 100n * MILLI - 30n * 100n * MILLI),
      },
    ]);
  });

  it('leaves out a wallet exactly at each threshold: 100 trades, 5 collections, 70 % wins', async () => {
    const pool = database().pool;
    await writeTrips(pool, wallet('b1'), trips(100, { collections: 6, wins: 100 }));
    await writeTrips(pool, wallet('b2'), trips(101, { collections: 5, wins: 101 }));
    await writeTrips(pool, wallet('b3'), trips(110, { collections: 6, wins: 77 }));
    expect(await recomputeFlippers(database().db, NOW)).toBe(0);
  });

  it('counts a round trip whose profit the buy’s gas eats as a loss, and one that breaks even as no win', async () => {
    const pool = database().pool;
    const list = trips(110, { collections: 6, wins: 77 });
    // 78 nominal wins (70.9 %): the 78th makes 1 milli-ETH before gas, and its buy burnt 2.
    list[77] = { ...list[77]!, proceeds: ETH + MILLI, buyGasWei: 2n * MILLI };
    await writeTrips(pool, wallet('c1'), list);
    const evenList = trips(110, { collections: 6, wins: 77 });
    evenList[77] = { ...evenList[77]!, proceeds: ETH };
    await writeTrips(pool, wallet('c2'), evenList);
    const clear = trips(110, { collections: 6, wins: 77 });
    clear[77] = { ...clear[77]!, proceeds: ETH + 3n * MILLI, buyGasWei: 2n * MILLI };
    await writeTrips(pool, wallet('c3'), clear);
    await recomputeFlippers(database().db, NOW);
    expect((await flipperRows()).map((row) => [row.address, row.wins])).toEqual([[wallet('c3'), 78]]);
  });

  it('counts a mint as a buy at its share of the mint transaction’s value', async () => {
    const pool = database().pool;
    // 41 bought and won, 30 lost, and 30 minted at 0.5 ETH each (1 ETH for 2 items) and sold for 0.6 ETH: wins only
    // when the mint's value is shared over its items.
    const list: Trip[] = [
      ...trips(71, { collections: 6, wins: 41 }),
      ...Array.from({ length: 30 }, (_, i) => ({
        paid: 0n,
        proceeds: 600n * MILLI,
        collection: collection(i % 6),
        mint: { valueWei: ETH, items: 2 },
      })),
    ];
    await writeTrips(pool, wallet('d1'), list);
    await recomputeFlippers(database().db, NOW);
    expect(await flipperRows()).toMatchObject([{ address: wallet('d1'), trades: 101, wins: 71 }]);
  });

  it('counts only sales inside the 30-day window', async () => {
    const pool = database().pool;
    const list = trips(101, { collections: 6, wins: 101 });
    list[0] = { ...list[0]!, soldDaysAgo: 30.01 };
    await writeTrips(pool, wallet('e1'), list);
    expect(await recomputeFlippers(database().db, NOW)).toBe(0);
  });

  it('replaces the whole list: a wallet that no longer qualifies leaves it', async () => {
    const pool = database().pool;
    await pool.query(
      `insert into flippers (address, trades, collections, wins, profit_wei, computed_at)
       values ($1, 200, 9, 190, 1, $2)`,
      [wallet('f0'), new Date(NOW.getTime() - DAY)],
    );
    await writeTrips(pool, wallet('f1'), trips(101, { collections: 6, wins: 90 }));
    await recomputeFlippers(database().db, NOW);
    expect((await flipperRows()).map((row) => row.address)).toEqual([wallet('f1')]);
  });
});

describe('GET /api/flippers, /api/holding and the badges', () => {
  const FLIPPER = wallet('a9');
  const HELD = collection(0x40);

  beforeAll(async () => {
    const pool = database().pool;
    await pool.query('truncate sales, transfers, chain_transactions, flippers');
    await writeTrips(pool, FLIPPER, trips(120, { collections: 6, wins: 100 }));
    await recomputeFlippers(database().db, NOW);
    await insertCollection(pool, collection(0));
    await insertCollection(pool, HELD, { totalSupply: 100 });
    // 1 holder of 1, 1 of 2, the flipper with 4, one of 51: the buckets 1, 2–3, 4–10 and 51+.
    await insertTokens(pool, HELD, [
      { id: 1, owner: wallet('01') },
      { id: 2, owner: wallet('02') },
      { id: 3, owner: wallet('02') },
      ...Array.from({ length: 4 }, (_, i) => ({ id: 10 + i, owner: FLIPPER })),
      ...Array.from({ length: 51 }, (_, i) => ({ id: 20 + i, owner: wallet('51') })),
    ]);
  });

  it('lists the flippers to a visitor, with the rule and the pass’s time', async () => {
    const body = (await app.inject({ method: 'GET', url: '/api/flippers' })).json();
    expect(body.status).toBe(Status.Ok);
    expect(body.data).toEqual({
      rule: {
        min_trades_exclusive: 100,
        min_collections_exclusive: 5,
        min_win_rate_exclusive: 70,
        window_days: 30,
        recompute_hours: 24,
      },
      computed_at: NOW.getTime() / 1000,
      list: [
        {
          address: FLIPPER,
          ens: null,
          trades: 120,
          collections: 6,
          wins: 100,
          win_rate: 83.33,
          profit: String(100n * 100n * MILLI - 20n * 100n * MILLI),
        },
      ],
    });
  });

  it('marks the flipper among a collection’s trades and holders', async () => {
    const headers = sessionHeaders(await signIn(app, alice));
    const trades = (
      await app.inject({ method: 'GET', url: `/api/collection/trades?address=${collection(0)}`, headers })
    ).json().data.list;
    expect(trades.length).toBeGreaterThan(0);
    for (const trade of trades) {
      expect([trade.buyer_flipper, trade.seller_flipper]).toEqual([trade.buyer === FLIPPER, trade.seller === FLIPPER]);
    }
    expect(trades.some((trade: { seller_flipper: boolean }) => trade.seller_flipper)).toBe(true);
    const holders = (
      await app.inject({ method: 'GET', url: `/api/collection/holders?address=${HELD}`, headers })
    ).json().data.list;
    expect(holders.map((holder: { address: string; flipper: boolean }) => [holder.address, holder.flipper])).toEqual([
      [wallet('51'), false],
      [FLIPPER, true],
      [wallet('02'), false],
      [wallet('01'), false],
    ]);
  });

  it('answers a visitor the holding analysis: buckets, big holders, flippers among the holders', async () => {
    const body = (await app.inject({ method: 'GET', url: `/api/holding?address=${HELD}` })).json();
    expect(body.status).toBe(Status.Ok);
    const { collection: info, owners, buckets, top, flippers } = body.data;
    expect({ info, owners }).toMatchObject({ info: { address: HELD, supply: 100 }, owners: 4 });
    expect(buckets).toEqual([
      { min: 1, max: 1, holders: 1, items: '1' },
      { min: 2, max: 3, holders: 1, items: '2' },
      { min: 4, max: 10, holders: 1, items: '4' },
      { min: 11, max: 25, holders: 0, items: '0' },
      { min: 26, max: 50, holders: 0, items: '0' },
      { min: 51, max: null, holders: 1, items: '51' },
    ]);
    // 1 of 100 is 1 %: not above it.
    expect(top.map((holder: { count: number; big: boolean }) => [holder.count, holder.big])).toEqual([
      [51, true],
      [4, true],
      [2, true],
      [1, false],
    ]);
    expect(flippers).toEqual([{ address: FLIPPER, ens: null, count: 4, percent: 4, big: true, flipper: true }]);
  });

  it('answers an unknown collection with an empty analysis, and a malformed address with 400', async () => {
    const unknown = (await app.inject({ method: 'GET', url: `/api/holding?address=${collection(0x77)}` })).json();
    expect(unknown).toMatchObject({
      status: Status.Ok,
      data: { collection: null, owners: 0, buckets: [], top: [], flippers: [] },
    });
    const malformed = await app.inject({ method: 'GET', url: '/api/holding?address=0x12' });
    expect(malformed.statusCode).toBe(400);
  });
});
