import { beforeEach, describe, expect, it } from 'vitest';
import { currentMinute } from '../../chain/rollup-windows';
import { useTestDatabase } from '../../testing/database';
import { insertRollup } from '../../testing/market-rows';
import { testClock } from '../../testing/server';
import { TrendWindows } from './trend-windows';

const database = useTestDatabase();
const clock = testClock(new Date('2030-01-01T12:00:30Z'));
const CATS = '0x0000000000000000000000000000000000ca7503';

const minute = (offset: number) => new Date(currentMinute(clock.now()).getTime() + offset * 60_000).toISOString();

/** The latest block's time, as a pass reads it with the chain's head. */
let head = 0;

function headAt(offsetMinutes: number) {
  head = Date.parse(minute(offsetMinutes));
}

async function trades(windows: TrendWindows, minutes: number): Promise<number | undefined> {
  return (await windows.totals(database().db, clock.now(), head, [minutes])).get(minutes)?.get(CATS)?.trades;
}

beforeEach(async () => {
  head = 0;
  await database().pool.query('truncate collection_stats_1m');
});

describe('trend windows kept between passes', () => {
  it('add up each window of the latest minutes, the current one included', async () => {
    headAt(0);
    await insertRollup(database().pool, CATS, minute(0), { trades: 1 });
    await insertRollup(database().pool, CATS, minute(-4), { trades: 2 });
    await insertRollup(database().pool, CATS, minute(-5), { trades: 4 });
    const totals = await new TrendWindows().totals(database().db, clock.now(), head, [1, 5, 60]);
    expect([1, 5, 60].map((w) => totals.get(w)?.get(CATS)?.trades)).toEqual([1, 3, 7]);
  });

  it('read again the minutes a lagging indexer has not passed, and keep the settled ones', async () => {
    const windows = new TrendWindows();
    // The indexer's last block is 30 minutes old: nothing after it is settled.
    headAt(-30);
    await insertRollup(database().pool, CATS, minute(-40), { trades: 1 });
    expect(await trades(windows, 60)).toBe(1);
    // The indexer catches up: sales of 20 minutes ago arrive late, and are counted.
    await insertRollup(database().pool, CATS, minute(-20), { trades: 5 });
    headAt(0);
    expect(await trades(windows, 60)).toBe(6);
    // A settled minute is read once: a row written into it afterwards (no sale lands an hour late) is not read.
    await database().pool.query('update collection_stats_1m set trades = 100 where minute = $1', [minute(-40)]);
    expect(await trades(windows, 60)).toBe(6);
    // …while the latest minutes are read every pass.
    await insertRollup(database().pool, CATS, minute(-2), { trades: 10 });
    expect(await trades(windows, 60)).toBe(16);
  });

  it('count a block stamped in the last second of a minute for a one-minute window evaluated just after it', async () => {
    const stamped = Date.parse(minute(1)) - 1000;
    await insertRollup(database().pool, CATS, minute(0), { trades: 2 });
    const justAfter = new Date(Date.parse(minute(1)) + 500);
    const totals = await new TrendWindows().totals(database().db, justAfter, stamped, [1]);
    expect(totals.get(1)?.get(CATS)?.trades).toBe(2);
    // With no block for a minute, the window follows the clock: the chain stopped, time did not.
    const later = new Date(Date.parse(minute(2)) + 500);
    expect((await new TrendWindows().totals(database().db, later, stamped, [1])).get(1)?.get(CATS)).toBeUndefined();
  });

  it('forget minutes that left the longest window', async () => {
    const windows = new TrendWindows();
    headAt(0);
    await insertRollup(database().pool, CATS, minute(-10), { trades: 3 });
    expect(await trades(windows, 15)).toBe(3);
    clock.advance(10 * 60_000);
    expect(await trades(windows, 15)).toBeUndefined();
  });
});
