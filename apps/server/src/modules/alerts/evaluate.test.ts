import type { AlertInput } from '@floordesk/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentMinute } from '../../chain/rollup-windows';
import { useTestDatabase } from '../../testing/database';
import {
  insertCollection,
  insertListing,
  insertPendingBuy,
  insertRollup,
  insertSale,
  insertTokens,
} from '../../testing/market-rows';
import { testClock, testConfig } from '../../testing/server';
import { evaluateAlerts, PassMemory } from './evaluate';
import { TrendWindows } from './trend-windows';
import { saveAlert } from './service';

const database = useTestDatabase();
const clock = testClock(new Date('2030-01-01T12:00:30Z'));
const ORIGIN = 'http://floordesk.test';
const USER = '0x00000000000000000000000000000000000000a1';
const CATS = '0x0000000000000000000000000000000000ca7500';
const DOGS = '0x0000000000000000000000000000000000d09500';
const WHALE = '0x00000000000000000000000000000000000fa1e0';
const ETH = 10n ** 18n;

type Delivery = { alert_id: string; source: string; status: string; content: string; block_number: string | null };

const ctx = () => ({ config: testConfig(), db: database().db, now: clock.now });

/** What the worker keeps between passes: every test runs its passes as the worker does, changes in between. */
const windows = new TrendWindows();
const memory = new PassMemory();

/** One pass, as the worker runs it; returns the ids it enqueued. */
async function evaluate(): Promise<number[]> {
  const enqueued: number[] = [];
  const result = await evaluateAlerts(database().db, {
    now: clock.now(),
    origin: ORIGIN,
    enqueue: async (_tx, ids) => void enqueued.push(...ids),
    windows,
    memory,
  });
  expect(result.queued).toEqual(enqueued);
  return enqueued;
}

async function deliveries(): Promise<Delivery[]> {
  const { rows } = await database().pool.query(
    'select alert_id, source, status, content, block_number from alert_deliveries order by id',
  );
  return rows;
}

async function addAlert(input: Omit<AlertInput, 'title' | 'enabled' | 'dm_limit'> & Partial<AlertInput>) {
  const saved = await saveAlert(
    ctx(),
    USER,
    { title: `Alert ${input.type}`, enabled: true, dm_limit: 10, ...input } as AlertInput,
    'en',
  );
  if (!saved.ok) throw new Error(`alert refused: ${saved.status}`);
  return saved.value.id;
}

async function query(text: string, values: unknown[] = []) {
  return database().pool.query(text, values);
}

beforeEach(async () => {
  await query(`truncate alerts, alert_deliveries, alert_states, alert_cursor, chat_links, collection_stats_1m, listings,
               pending_buys, sales, transfers, tokens, chain_blocks, watchlist, collections cascade`);
  await query(
    `insert into users (address, created_at, last_login_at) values ($1, now(), now()) on conflict do nothing`,
    [USER],
  );
  await query(
    `insert into chat_links (user_address, chat_id, lang, updated_at) values ($1, '123456789012345678', 'en', now())`,
    [USER],
  );
  await insertCollection(database().pool, CATS, { name: 'Cool Cats' });
  await insertCollection(database().pool, DOGS, { name: 'Dogs' });
});

const minute = (offset = 0) => new Date(currentMinute(clock.now()).getTime() + offset * 60_000).toISOString();

describe('trending alerts (101–103, 302)', () => {
  it('fire once per crossing: again only after the count fell back below the threshold', async () => {
    const id = await addAlert({ type: 302, address: CATS, interval: 5, threshold: 4 });
    await insertRollup(database().pool, CATS, minute(-1), { trades: 2 });
    expect(await evaluate()).toEqual([]);
    await insertRollup(database().pool, CATS, minute(), { trades: 3 });
    expect(await evaluate()).toHaveLength(1);
    expect(await evaluate()).toEqual([]);
    // Six minutes on, the window holds none of those trades: the alert re-arms without a DM.
    clock.advance(6 * 60_000);
    expect(await evaluate()).toEqual([]);
    await insertRollup(database().pool, CATS, minute(), { trades: 4 });
    expect(await evaluate()).toHaveLength(1);
    const fired = await deliveries();
    expect(fired.map((d) => [Number(d.alert_id), d.source])).toEqual([
      [id, expect.stringMatching(new RegExp(`^trend:${CATS}:\\d+$`))],
      [id, expect.stringMatching(new RegExp(`^trend:${CATS}:\\d+$`))],
    ]);
    expect(fired[0]?.source).not.toBe(fired[1]?.source);
    expect(fired[0]?.content).toBe(
      `**Alert 302**\n[Cool Cats](${ORIGIN}/collection/${CATS}): 5 trades in the last 5 min.`,
    );
  });

  it('watch every collection, or only the watchlist when asked', async () => {
    await addAlert({ type: 101, interval: 15, threshold: 3, watchlist_only: false });
    await addAlert({ type: 102, interval: 15, threshold: 3, watchlist_only: true });
    await query(`insert into watchlist (user_address, collection, created_at) values ($1, $2, now())`, [USER, DOGS]);
    await insertRollup(database().pool, CATS, minute(), { trades: 3 });
    await query(`update collection_stats_1m set new_listings = 5`);
    await insertRollup(database().pool, DOGS, minute(), { trades: 0 });
    await query(`update collection_stats_1m set new_listings = 3 where collection = $1`, [DOGS]);
    await evaluate();
    expect((await deliveries()).map((d) => d.source.split(':').slice(0, 2).join(':')).toSorted()).toEqual([
      `trend:${CATS}`,
      `trend:${DOGS}`,
    ]);
    const listingFiring = (await deliveries()).find((d) => d.source.startsWith(`trend:${DOGS}:`));
    expect(listingFiring?.content).toContain('3 new listings');
  });

  it('count pending buys seen in the mempool within the interval', async () => {
    await addAlert({ type: 103, interval: 1, threshold: 2, watchlist_only: false });
    await insertPendingBuy(database().pool, CATS, 1, '0xaa', new Date(clock.now().getTime() - 90_000));
    await insertPendingBuy(database().pool, CATS, 2, '0xab', clock.now());
    expect(await evaluate()).toEqual([]);
    await insertPendingBuy(database().pool, CATS, 3, '0xab', clock.now());
    expect(await evaluate()).toHaveLength(1);
    expect((await deliveries())[0]?.content).toContain('2 pending buys in the mempool');
  });
});

describe('floor alerts (301)', () => {
  it('fire when the floor crosses a trigger price, either way, once per crossing', async () => {
    await addAlert({ type: 301, address: CATS, price_list: ['1', '0.5'] });
    await insertListing(database().pool, CATS, 1, 2n * ETH, clock.now());
    // The first look only records the floor.
    expect(await evaluate()).toEqual([]);
    await insertListing(database().pool, CATS, 2, (4n * ETH) / 10n, clock.now());
    expect(await evaluate()).toHaveLength(1);
    expect(await evaluate()).toEqual([]);
    await query(`update listings set status = 'filled' where token_id = 2`);
    expect(await evaluate()).toHaveLength(1);
    const [down, up] = await deliveries();
    expect(down?.content).toBe(
      `**Alert 301**\n[Cool Cats](${ORIGIN}/collection/${CATS}) floor fell below 0.5 ETH, fell below 1 ETH: now 0.4 ETH.`,
    );
    expect(up?.content).toContain('floor rose to 0.5 ETH, rose to 1 ETH: now 2 ETH.');
  });

  it('ignore a collection with no listing at all (no floor is not a fall to zero)', async () => {
    await addAlert({ type: 301, address: CATS, price_list: ['1'] });
    const order = await insertListing(database().pool, CATS, 1, 2n * ETH, clock.now());
    await evaluate();
    await query(`update listings set status = 'cancelled' where order_hash = $1`, [order]);
    expect(await evaluate()).toEqual([]);
  });
});

/** A stored block, as the indexer writes one. */
async function block(number: number) {
  await query(`insert into chain_blocks (number, hash, parent_hash, timestamp) values ($1, $2, '0x', $3)`, [
    number,
    `0xb${number}`,
    clock.now(),
  ]);
}

describe('wallet alerts (201, 202)', () => {
  it("fire once per transaction of a tracked wallet's purchases, sales and mints since the last pass", async () => {
    await block(10);
    await addAlert({ type: 201, qb_address2: [{ address: WHALE, nickname: 'Whale' }] });
    // The first pass marks where it starts: nothing before it is news.
    await insertSale(database().pool, CATS, { block: 9, tokenId: 1, priceWei: ETH, time: clock.now(), buyer: WHALE });
    expect(await evaluate()).toEqual([]);
    await block(11);
    // A sweep of two items in one transaction, and an unrelated sale.
    for (const logIndex of [0, 1]) {
      await insertSale(database().pool, CATS, {
        block: 11,
        logIndex,
        tokenId: 10 + logIndex,
        priceWei: ETH,
        time: clock.now(),
        buyer: WHALE,
      });
    }
    await insertSale(database().pool, DOGS, { block: 11, logIndex: 5, tokenId: 1, priceWei: ETH, time: clock.now() });
    await query(
      `insert into transfers (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                              from_address, to_address)
       values ('0xm1', 7, 0, 11, now(), $1, 99, 1, '0x0000000000000000000000000000000000000000', $2)`,
      [DOGS, WHALE],
    );
    expect(await evaluate()).toHaveLength(2);
    expect(await evaluate()).toEqual([]);
    const contents = (await deliveries()).map((d) => d.content).toSorted();
    expect(contents[0]).toContain(`Whale bought 2 × [Cool Cats](${ORIGIN}/collection/${CATS}) for 2 ETH.`);
    expect(contents[1]).toContain(`Whale minted 1 × [Dogs](${ORIGIN}/collection/${DOGS}). Tx 0xm1`);
    expect((await deliveries()).every((d) => d.block_number === '11')).toBe(true);
  });

  it('fire for each listing of a tracked wallet accepted after the alert was made', async () => {
    await insertListing(database().pool, CATS, 1, ETH, new Date(clock.now().getTime() - 10_000), { offerer: WHALE });
    await addAlert({ type: 202, qb_address2: [{ address: WHALE, nickname: '' }] });
    await evaluate();
    clock.advance(1000);
    await insertListing(database().pool, CATS, 2, (3n * ETH) / 2n, clock.now(), { offerer: WHALE });
    expect(await evaluate()).toHaveLength(1);
    expect(await evaluate()).toEqual([]);
    expect((await deliveries())[0]?.content).toContain(
      `0x0000…a1e0 listed [Cool Cats](${ORIGIN}/collection/${CATS}) #2 for 1.5 ETH.`,
    );
  });
});

describe('whale listings (303)', () => {
  it('fire when a holder of enough items lists enough of them within the interval', async () => {
    await addAlert({ type: 303, address: CATS, interval: 10, owned_count: 4, listing_count: 2 });
    await insertTokens(
      database().pool,
      CATS,
      [1, 2, 3, 4, 5].map((id) => ({ id, owner: WHALE })),
    );
    await insertListing(database().pool, CATS, 1, ETH, clock.now(), { offerer: WHALE });
    expect(await evaluate()).toEqual([]);
    await insertListing(database().pool, CATS, 2, ETH, clock.now(), { offerer: WHALE });
    expect(await evaluate()).toHaveLength(1);
    expect(await evaluate()).toEqual([]);
    expect((await deliveries())[0]?.content).toContain('(holds 5) listed 2 of [Cool Cats]');
  });
});

describe('custom events (401)', () => {
  it('remind once, lead minutes before the time', async () => {
    const at = clock.now().getTime() / 1000 + 3600;
    await addAlert({ type: 401, custom_time_value: Math.floor(at), lead_minutes: 30 });
    expect(await evaluate()).toEqual([]);
    clock.advance(30 * 60_000);
    expect(await evaluate()).toHaveLength(1);
    clock.advance(60_000);
    expect(await evaluate()).toEqual([]);
    expect((await deliveries())[0]?.content).toContain(`<t:${Math.floor(at)}:R>`);
  });
});

describe('every alert', () => {
  it('sends at most its DMs an hour; the rest are recorded as limited', async () => {
    await addAlert({ type: 101, interval: 5, threshold: 1, watchlist_only: false, dm_limit: 2 });
    for (const [i, collection] of [CATS, DOGS, '0x0000000000000000000000000000000000000e11'].entries()) {
      await insertRollup(database().pool, collection, minute(), { trades: 1 + i });
    }
    expect(await evaluate()).toHaveLength(2);
    expect((await deliveries()).map((d) => d.status).toSorted()).toEqual(['limited', 'queued', 'queued']);
  });

  it("is not evaluated while its user's chat link is unreachable or it is switched off", async () => {
    await addAlert({ type: 302, address: CATS, interval: 5, threshold: 1 });
    await addAlert({ type: 302, address: DOGS, interval: 5, threshold: 1, enabled: false });
    await insertRollup(database().pool, CATS, minute(), { trades: 1 });
    await insertRollup(database().pool, DOGS, minute(), { trades: 1 });
    await query(`update chat_links set reachable = false`);
    expect(await evaluate()).toEqual([]);
    await query(`update chat_links set reachable = true`);
    expect(await evaluate()).toHaveLength(1);
  });

  it("reads alerts and states again after another worker's pass or any change to them", async () => {
    await addAlert({ type: 302, address: CATS, interval: 5, threshold: 1 });
    await insertRollup(database().pool, CATS, minute(), { trades: 1 });
    expect(await evaluate()).toHaveLength(1);
    // Another worker's pass re-armed the alert (its count fell back) and stamped the cursor: this worker must not
    // trust what it kept, or it would never fire again.
    await query(`update alert_states set above = false`);
    await query(`update alert_cursor set listings_at = listings_at + interval '1 second'`);
    clock.advance(2000);
    expect(await evaluate()).toHaveLength(1);
    // A new alert is seen at once.
    await addAlert({ type: 302, address: CATS, interval: 5, threshold: 1, title: 'second' });
    clock.advance(2000);
    expect(await evaluate()).toHaveLength(1);
    // A link that stopped taking DMs stops the evaluation.
    await query(`update alert_states set above = false`);
    await query(`update chat_links set reachable = false`);
    clock.advance(2000);
    expect(await evaluate()).toEqual([]);
  });

  it("is worded in the user's language", async () => {
    await addAlert({ type: 302, address: CATS, interval: 5, threshold: 1, title: '猫' });
    // As if they had used FloorDesk in Chinese since: DMs follow the language of their last save or test.
    await query(`update chat_links set lang = 'zh'`);
    await insertRollup(database().pool, CATS, minute(), { trades: 2 });
    await evaluate();
    expect((await deliveries())[0]?.content).toBe(
      `**猫**\n[Cool Cats](${ORIGIN}/collection/${CATS})：最近 5 分钟 2 笔成交。`,
    );
  });
});
