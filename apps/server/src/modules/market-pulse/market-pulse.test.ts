import { HISTORIC_MAX_COLLECTIONS, MINTING_WINDOW_MINUTES, Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { insertCollection, insertListing, insertRollup, insertTokens } from '../../testing/market-rows';
import { buildTestServer, getData, getJson, testClock } from '../../testing/server';

const database = useTestDatabase();
const NOW = new Date('2030-01-01T12:00:30Z');
const clock = testClock(NOW);
let app: FastifyInstance;

const ETH = 10n ** 18n;
const address = (digit: string) => `0x${digit.repeat(40)}`;
const CHEAP = address('1');
const DEAR = address('2');
const QUIET = address('3');
const MINTING = address('4');
const SLOW_MINT = address('5');
const UNKNOWN = address('9');
const wallet = (tail: string) => `0x${'0'.repeat(38)}${tail}`;

beforeAll(async () => {
  app = await buildTestServer(database(), { now: clock.now });
  const pool = database().pool;
  await insertCollection(pool, CHEAP, { name: 'Cheap' });
  await insertCollection(pool, DEAR, { name: 'Dear', imageUrl: 'dear.svg' });
  await insertCollection(pool, QUIET, { name: 'Quiet' });
  // Two days ago, then an hour ago: Cheap's floor doubled, Dear's fell by a quarter.
  await insertRollup(pool, CHEAP, '2029-12-30T12:00:00Z', { trades: 1, volumeWei: ETH / 10n, floorWei: ETH / 10n });
  await insertRollup(pool, CHEAP, '2030-01-01T11:00:00Z', { trades: 4, volumeWei: ETH, floorWei: ETH / 5n });
  await insertRollup(pool, DEAR, '2029-12-30T12:00:00Z', { trades: 1, volumeWei: 8n * ETH, floorWei: 8n * ETH });
  await insertRollup(pool, DEAR, '2030-01-01T11:00:00Z', { trades: 1, volumeWei: 6n * ETH, floorWei: 6n * ETH });
  // Traded only before the week: not among the week's most traded.
  await insertRollup(pool, QUIET, '2029-12-01T12:00:00Z', { trades: 50, volumeWei: ETH, floorWei: ETH });
});
afterAll(() => app.close());

const get = (url: string, headers?: Record<string, string>) => getJson(app, url, headers);
const data = (url: string) => getData(app, url);

describe('GET /api/historic', () => {
  it('answers a visitor with each asked collection’s floor line, latest floor, change and volume, in order', async () => {
    const { range, list } = await data(`/api/historic?addresses=${DEAR},${CHEAP.toUpperCase().replace('0X', '0x')}`);
    expect(range).toBe('7d');
    expect(list.map((line: { address: string }) => line.address)).toEqual([DEAR, CHEAP]);
    expect(list[0]).toMatchObject({
      name: 'Dear',
      img: 'dear.svg',
      floor: (6n * ETH).toString(),
      floor_change: -25,
      volume: (14n * ETH).toString(),
    });
    expect(list[1]).toMatchObject({ floor: (ETH / 5n).toString(), floor_change: 100 });
    // Hourly buckets over the week, the same the collection page draws.
    expect(list[1].list).toHaveLength(7 * 24 + 1);
  });

  it('offers 90 days in daily buckets, the rollups holding every minute since', async () => {
    const { list } = await data(`/api/historic?addresses=${QUIET}&range=90d`);
    expect(list[0].list).toHaveLength(91);
    expect(list[0].list.find((point: { trades: number }) => point.trades > 0)).toMatchObject({
      time: Date.parse('2029-12-01T00:00:00Z') / 1000,
      trades: 50,
      floor: ETH.toString(),
    });
  });

  it('starts from the most traded collections of the range when none are asked for', async () => {
    const { list } = await data('/api/historic?range=7d');
    expect(list.map((line: { address: string }) => line.address)).toEqual([CHEAP, DEAR]);
  });

  it('leaves out collections it does not index rather than failing', async () => {
    const { list } = await data(`/api/historic?addresses=${UNKNOWN},${CHEAP},${CHEAP}`);
    expect(list.map((line: { address: string }) => line.address)).toEqual([CHEAP]);
  });

  it('answers no lines for an empty choice: the user removed every one', async () => {
    expect((await data('/api/historic?addresses=')).list).toEqual([]);
  });

  it('refuses a malformed address, too many collections and an unknown range with HTTP 400, in zh too', async () => {
    const bad = await get(`/api/historic?addresses=${CHEAP},0x12`);
    expect(bad).toMatchObject({ http: 400, body: { status: Status.BadRequest } });
    expect(bad.body.data.fields[0].path).toMatch(/^addresses/);
    const many = Array.from({ length: HISTORIC_MAX_COLLECTIONS + 1 }, (_, i) => address((i + 1).toString(16)));
    const tooMany = await get(`/api/historic?addresses=${many.join(',')}`, { 'x-lang': 'zh' });
    expect(tooMany).toMatchObject({ http: 400, body: { data: { fields: [{ path: 'addresses' }] } } });
    expect(tooMany.body.data.fields[0].message).toContain('最多选择');
    expect((await get('/api/historic?range=1h')).http).toBe(400);
  });
});

/** A mint transfer at `at`, in block `block`, by transaction `tx`; with `valueWei`, the transaction's row too. */
async function insertMint(
  pool: Pool,
  mint: { collection: string; block: number; at: Date; tx: string; tokenId: number; to: string; amount?: number },
) {
  await pool.query(
    `insert into transfers (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                            from_address, to_address)
     values ($1, $2, 0, $3, $4, $5, $6, $7, $8, $9)`,
    [mint.tx, mint.tokenId, mint.block, mint.at, mint.collection, mint.tokenId, mint.amount ?? 1, zeroAddress, mint.to],
  );
}

async function insertTransaction(pool: Pool, tx: string, block: number, valueWei: bigint) {
  await pool.query(
    `insert into chain_transactions (tx_hash, block_number, from_address, to_address, value_wei, gas_used,
                                     effective_gas_price_wei)
     values ($1, $2, $3, null, $4, 21000, 1)`,
    [tx, block, wallet('f1'), valueWei.toString()],
  );
}

const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe('GET /api/discover/minting', () => {
  beforeAll(async () => {
    const pool = database().pool;
    await insertCollection(pool, MINTING, { name: 'Minting', totalSupply: 120 });
    await pool.query('update collections set max_supply = 1000 where address = $1', [MINTING]);
    // Read as 1 when first seen; three tokens minted since.
    await insertCollection(pool, SLOW_MINT, { name: 'Slow', totalSupply: 1 });
    await insertTokens(pool, SLOW_MINT, [{ id: 1 }, { id: 2 }, { id: 3 }]);
    // Blocks the cursor still holds: 100 is before the window, 101 … inside it.
    await pool.query(
      `insert into chain_blocks (number, hash, parent_hash, timestamp)
       select n, '0x' || lpad(to_hex(n), 64, '0'), '0x' || lpad(to_hex(n - 1), 64, '0'), $1::timestamptz
         from generate_series(100, 100) n`,
      [minutesAgo(MINTING_WINDOW_MINUTES + 5)],
    );
    // Before the window: not counted.
    await insertMint(pool, {
      collection: MINTING,
      block: 100,
      at: minutesAgo(40),
      tx: tx(1),
      tokenId: 1,
      to: wallet('a1'),
    });
    await insertTransaction(pool, tx(1), 100, 10n * ETH);
    // Two items in one 0.2 ETH transaction, one in a 0.1 ETH one: 0.1 ETH each. A third transaction is not read yet.
    await insertMint(pool, {
      collection: MINTING,
      block: 101,
      at: minutesAgo(20),
      tx: tx(2),
      tokenId: 2,
      to: wallet('a1'),
    });
    await insertMint(pool, {
      collection: MINTING,
      block: 101,
      at: minutesAgo(20),
      tx: tx(2),
      tokenId: 3,
      to: wallet('a1'),
    });
    await insertTransaction(pool, tx(2), 101, ETH / 5n);
    await insertMint(pool, {
      collection: MINTING,
      block: 102,
      at: minutesAgo(10),
      tx: tx(3),
      tokenId: 4,
      to: wallet('b2'),
    });
    await insertTransaction(pool, tx(3), 102, ETH / 10n);
    await insertMint(pool, {
      collection: MINTING,
      block: 103,
      at: minutesAgo(2),
      tx: tx(4),
      tokenId: 5,
      to: wallet('c3'),
    });
    await insertMint(pool, {
      collection: SLOW_MINT,
      block: 103,
      at: minutesAgo(2),
      tx: tx(5),
      tokenId: 1,
      to: wallet('c3'),
    });
    // A transfer between wallets is no mint.
    await pool.query(
      `insert into transfers (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                              from_address, to_address)
       values ($1, 0, 0, 104, $2, $3, 1, 1, $4, $5)`,
      [tx(6), minutesAgo(1), SLOW_MINT, wallet('c3'), wallet('d4')],
    );
  });

  it('lists the window’s minting collections, most mints first, with their figures', async () => {
    const { window, list } = await data('/api/discover/minting');
    expect(window).toBe(MINTING_WINDOW_MINUTES);
    expect(list).toEqual([
      {
        address: MINTING,
        name: 'Minting',
        img: null,
        type: '721',
        mints: 4,
        mints_per_minute: Math.round((4 / MINTING_WINDOW_MINUTES) * 100) / 100,
        minted: 120,
        max_supply: 1000,
        mint_price: (ETH / 10n).toString(),
        minters: 3,
        last_mint: Math.floor(minutesAgo(2).getTime() / 1000),
      },
      expect.objectContaining({
        address: SLOW_MINT,
        mints: 1,
        minters: 1,
        minted: 3,
        mint_price: null,
        max_supply: null,
      }),
    ]);
  });

  it('lists nothing once the window has passed', async () => {
    clock.advance(60 * 60_000);
    try {
      expect((await data('/api/discover/minting')).list).toEqual([]);
    } finally {
      clock.advance(-60 * 60_000);
    }
  });
});

describe('GET /api/market/summary', () => {
  beforeAll(async () => {
    const pool = database().pool;
    await insertListing(pool, CHEAP, 1, ETH, NOW);
    await insertListing(pool, CHEAP, 2, ETH, NOW, { status: 'cancelled' });
  });

  it('sums the last day’s sales and volume and counts fillable listings, collections and the latest block', async () => {
    expect(await data('/api/market/summary')).toEqual({
      sales_24h: 5,
      volume_24h: (7n * ETH).toString(),
      listings: 1,
      collections: 5,
      block_number: 100,
    });
  });
});
